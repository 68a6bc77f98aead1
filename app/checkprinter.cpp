#include "checkprinter.h"

#include "model/units.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <cstdio>

namespace Sandpit::App {

namespace {
// Long test names are cut here so the figures after them stay in their columns.
constexpr qsizetype kMaxNameWidth = 40;
constexpr qsizetype kVerdictWidth = 23; // "Only whitespace differs"
// The first compiler messages are the ones that matter; the rest are usually their echoes.
constexpr qsizetype kMaxDiagnostics = 5;
constexpr qsizetype kFigureWidth = 9;

void printLine(const QJsonObject &object)
{
    std::fputs(QJsonDocument(object).toJson(QJsonDocument::Compact).constData(), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
}

QString indented(const QString &text)
{
    QString out;
    for (const QString &line : text.split(QLatin1Char('\n')))
        out += QStringLiteral("      ") + line + QLatin1Char('\n');
    return out;
}
} // namespace

CheckPrinter::CheckPrinter(bool json, const Core::Exercise &exercise)
    : m_json(json)
{
    for (const Core::PackProblem &warning : exercise.warnings)
        m_warnings << warning.toString();
    for (const Core::ExerciseTest &test : exercise.tests)
        m_nameWidth = std::max(m_nameWidth, std::min(test.name.size(), kMaxNameWidth));
}

void CheckPrinter::printHeader() const
{
    // On stderr in both forms: --json's stdout stays one object per line.
    for (const QString &warning : m_warnings)
        std::fputs(qPrintable(QStringLiteral("warning: %1\n").arg(warning)), stderr);
    std::fflush(stderr);
    if (m_json)
        return;
    const QString header = QStringLiteral("  %1  %2  %3  %4  Points\n")
                               .arg(QStringLiteral("Test").leftJustified(m_nameWidth),
                                    QStringLiteral("Verdict").leftJustified(kVerdictWidth),
                                    QStringLiteral("Time").rightJustified(kFigureWidth),
                                    QStringLiteral("Memory").rightJustified(kFigureWidth));
    std::fputs(qPrintable(header), stdout);
    std::fflush(stdout);
}

void CheckPrinter::printTest(const Core::TestOutcome &outcome) const
{
    if (m_json) {
        printLine(testToJson(outcome));
        return;
    }
    const bool ran = outcome.verdict != Core::Verdict::Stopped && outcome.verdict != Core::Verdict::CompileError;
    // Padded as text, not by printf, which counts the bytes of "–" and "✓", not characters.
    const QString time = ran ? Core::formatDuration(outcome.wallMs) : QStringLiteral("–");
    const QString memory = ran ? Core::formatBytes(outcome.peakMemoryBytes) : QStringLiteral("–");
    const QString row = QStringLiteral("%1 %2  %3  %4  %5  %6/%7\n")
                            .arg(outcome.passed() ? QStringLiteral("✓") : QStringLiteral("✗"),
                                 outcome.testName.leftJustified(m_nameWidth, QLatin1Char(' '), true),
                                 Core::verdictTitle(outcome.verdict).leftJustified(kVerdictWidth),
                                 time.rightJustified(kFigureWidth), memory.rightJustified(kFigureWidth))
                            .arg(outcome.points)
                            .arg(outcome.maxPoints);
    std::fputs(qPrintable(row), stdout);
    if (!outcome.passed() && outcome.verdict != Core::Verdict::Stopped)
        printDetails(outcome);
    std::fflush(stdout);
}

void CheckPrinter::printDetails(const Core::TestOutcome &outcome) const
{
    // The judge keeps back what a hidden test expects; what is left (the explanation, the
    // learner's own compile and runtime errors) is shown for every test.
    QString text;
    if (!outcome.explanation.isEmpty())
        text += indented(outcome.explanation);
    if (!outcome.checkerFeedback.isEmpty())
        text += indented(QStringLiteral("Checker: ") + outcome.checkerFeedback.trimmed());
    if (outcome.diagnostics != m_printedDiagnostics) {
        for (const Core::Diagnostic &diagnostic : outcome.diagnostics.mid(0, kMaxDiagnostics))
            text += indented(
                QStringLiteral("%1:%2: %3").arg(diagnostic.file).arg(diagnostic.line).arg(diagnostic.message));
        m_printedDiagnostics = outcome.diagnostics;
    }
    if (!outcome.diff.isEmpty())
        text += indented(outcome.diff.trimmed());
    if (!outcome.hint.isEmpty())
        text += indented(QStringLiteral("Hint: ") + outcome.hint);
    std::fputs(qPrintable(text), stdout);
}

void CheckPrinter::printSummary(const Core::CheckReport &report) const
{
    if (m_json) {
        printLine(summaryToJson(report));
        return;
    }
    const auto passed = std::count_if(report.tests.cbegin(), report.tests.cend(),
                                      [](const Core::TestOutcome &test) { return test.passed(); });
    std::printf("\nScore %d/%d: %lld of %lld tests passed%s.\n", report.score, report.maxScore,
                static_cast<long long>(passed), static_cast<long long>(report.tests.size()),
                report.backend.isEmpty() ? "" : qPrintable(QStringLiteral(" (%1)").arg(report.backend)));
    std::fflush(stdout);
}

QJsonObject CheckPrinter::testToJson(const Core::TestOutcome &outcome)
{
    const bool hidden = Core::showsVerdictOnly(outcome.visibility);
    QJsonObject object{
        {QStringLiteral("name"), outcome.testName},
        {QStringLiteral("verdict"), Core::verdictId(outcome.verdict)},
        {QStringLiteral("kill_reason"), Core::killReasonId(outcome.killReason)},
        {QStringLiteral("limits_reached"), QJsonArray::fromStringList(outcome.limitsReached)},
        {QStringLiteral("wall_ms"), outcome.wallMs},
        {QStringLiteral("cpu_ms"), outcome.cpuMs},
        {QStringLiteral("peak_memory_bytes"), outcome.peakMemoryBytes},
        {QStringLiteral("points"), outcome.points},
        {QStringLiteral("max_points"), outcome.maxPoints},
        {QStringLiteral("visibility"), Core::visibilityId(outcome.visibility)},
        // A hidden test shows its verdict and hint only, as in the window.
        {QStringLiteral("diff"), hidden ? QString() : outcome.diff},
        {QStringLiteral("explanation"), hidden ? QString() : outcome.explanation},
        {QStringLiteral("checker_feedback"), hidden ? QString() : outcome.checkerFeedback},
        {QStringLiteral("hint"), outcome.hint},
    };
    object.insert(QStringLiteral("exit_code"), outcome.exitCode ? QJsonValue(*outcome.exitCode) : QJsonValue());
    return object;
}

QJsonObject CheckPrinter::summaryToJson(const Core::CheckReport &report) const
{
    int passed = 0;
    for (const Core::TestOutcome &test : report.tests)
        passed += test.passed() ? 1 : 0;
    return QJsonObject{
        {QStringLiteral("summary"), true},
        {QStringLiteral("exercise"), report.exerciseId},
        {QStringLiteral("language"), report.languageId},
        {QStringLiteral("backend"), report.backend},
        {QStringLiteral("score"), report.score},
        {QStringLiteral("max_score"), report.maxScore},
        {QStringLiteral("tests"), int(report.tests.size())},
        {QStringLiteral("passed"), passed},
        {QStringLiteral("all_passed"), report.allPassed()},
        {QStringLiteral("warnings"), QJsonArray::fromStringList(m_warnings)},
    };
}

} // namespace Sandpit::App
