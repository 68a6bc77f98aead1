#pragma once

#include "exercises/testoutcome.h"

#include <QJsonObject>

namespace Sandpit::App {

/// How `sandpit check` shows a Check as it goes: a table row per test as it finishes, with
/// the explanation, diff and hint of a failed visible test below its row (a hidden test's
/// hint only), then the score. With --json, one JSON object per line for each test, then
/// one for the whole Check. The exercise's warnings (a pack that loads but falls back on
/// something) go to stderr before the table, and into --json's summary as `warnings`.
class CheckPrinter final
{
public:
    CheckPrinter(bool json, const Core::Exercise &exercise);

    void printHeader() const;
    void printTest(const Core::TestOutcome &outcome) const;
    void printSummary(const Core::CheckReport &report) const;

    static QJsonObject testToJson(const Core::TestOutcome &outcome);
    QJsonObject summaryToJson(const Core::CheckReport &report) const;

private:
    void printDetails(const Core::TestOutcome &outcome) const;

    bool m_json = false;
    QStringList m_warnings; ///< "file:line: message", each once
    qsizetype m_nameWidth = 4;
    // A compile error is the same for every test: its messages are printed under the first.
    mutable QList<Core::Diagnostic> m_printedDiagnostics;
};

} // namespace Sandpit::App
