#include "instructor/instructorstyle.h"

#include "exercises/checkverdictstyle.h"

#include <QTableWidgetItem>

namespace Sandpit::Ui {

QString verdictWord(Core::Verdict verdict)
{
    switch (verdict) {
    case Core::Verdict::Passed:
        return QStringLiteral("pass");
    case Core::Verdict::WrongAnswer:
        return QStringLiteral("wrong");
    case Core::Verdict::WhitespaceOnly:
        return QStringLiteral("spaces");
    case Core::Verdict::TimeLimit:
        return QStringLiteral("time");
    case Core::Verdict::MemoryLimit:
        return QStringLiteral("memory");
    case Core::Verdict::OutputLimit:
        return QStringLiteral("output");
    case Core::Verdict::RuntimeError:
        return QStringLiteral("crash");
    case Core::Verdict::CompileError:
        return QStringLiteral("compile");
    case Core::Verdict::BlockedSystemCall:
        return QStringLiteral("blocked");
    case Core::Verdict::CheckerError:
        return QStringLiteral("checker");
    case Core::Verdict::Stopped:
        break;
    }
    return QStringLiteral("stopped");
}

QString severityText(Core::ValidationFinding::Severity severity)
{
    return severity == Core::ValidationFinding::Severity::Error ? QStringLiteral("✗ Error")
                                                                : QStringLiteral("⚠ Warning");
}

QColor severityColour(Core::ValidationFinding::Severity severity, const QPalette &palette)
{
    // The Check pane's tones: an error reads as a failed test, a warning as a forgiven one.
    return verdictColour(severity == Core::ValidationFinding::Severity::Error ? Core::Verdict::WrongAnswer
                                                                              : Core::Verdict::CheckerError,
                         palette);
}

QTableWidgetItem *tableCell(const QString &text)
{
    auto *item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    return item;
}

} // namespace Sandpit::Ui
