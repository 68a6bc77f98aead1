#include "model/killdetail.h"
#include "model/units.h"

#include <QRegularExpression>

#include <cmath>

namespace Sandpit::Core {

namespace {
// What a step before the program is called when it ended the run: the program never ran.
struct StepWords {
    const char *failed;    ///< it ended on its own, unsuccessfully
    const char *cancelled; ///< Stop was pressed during it
    const char *stopped;   ///< a limit stopped it: the kill reason's title follows
};

QString stepTitle(const RunResult &result, const StepWords &words)
{
    if (result.killReason == KillReason::None)
        return QString::fromUtf8(words.failed);
    if (result.killReason == KillReason::Cancelled)
        return QString::fromUtf8(words.cancelled);
    const QString title = killReasonTitle(result.killReason);
    const QString prefix = QStringLiteral("Stopped: ");
    return QString::fromUtf8(words.stopped) + (title.startsWith(prefix) ? title.mid(prefix.size()) : title);
}
} // namespace

QString resultTitle(const RunResult &result)
{
    switch (result.stage) {
    case RunStage::Setup:
        return stepTitle(
            result,
            {"Packages not installed", "Stopped by you while installing packages", "Package install stopped: "});
    case RunStage::Policy: // the import policy (core/policy/) stopped it, or its check could not finish
        return stepTitle(
            result,
            {"Stopped by the import policy", "Stopped by you while checking imports", "Import check stopped: "});
    case RunStage::Compile:
        return stepTitle(result, {"Did not compile", "Stopped by you while compiling", "Compiler stopped: "});
    case RunStage::Run:
        break;
    }
    return killReasonTitle(result.killReason);
}

const Diagnostic *firstErrorDiagnostic(const QList<Diagnostic> &diagnostics)
{
    for (const Diagnostic &diagnostic : diagnostics)
        if (diagnostic.severity == Diagnostic::Severity::Error && !diagnostic.message.isEmpty())
            return &diagnostic;
    return nullptr;
}

namespace {

// The first error in the learner's own files, as "IndexError: list index out of range, line 4".
QString firstError(const QList<Diagnostic> &diagnostics)
{
    const Diagnostic *diagnostic = firstErrorDiagnostic(diagnostics);
    if (!diagnostic)
        return {};
    if (diagnostic->line <= 0)
        return diagnostic->message;
    // A message that names a line of its own ("…after function definition on line 1") read as
    // two places for one error with ", line 2" after it; one that names the error's line
    // ("detected at line 1") says it already. Only Python's own endings of its syntax errors:
    // "line 7" in the text of a program's own exception is the program's words.
    static const QRegularExpression namesALine(QStringLiteral(
        "^(?:SyntaxError|IndentationError|TabError):.*(?:\\bon line (\\d+)|\\(detected at line (\\d+)\\))$"));
    const QRegularExpressionMatch named = namesALine.match(diagnostic->message);
    if (!named.hasMatch())
        return QStringLiteral("%1, line %2").arg(diagnostic->message).arg(diagnostic->line);
    const int namedLine = (named.captured(1).isEmpty() ? named.captured(2) : named.captured(1)).toInt();
    if (namedLine == diagnostic->line)
        return diagnostic->message;
    return QStringLiteral("%1; the error is at line %2").arg(diagnostic->message).arg(diagnostic->line);
}

} // namespace

QString resultError(const RunResult &result)
{
    return firstError(result.diagnostics);
}

QString resultHeadline(const RunResult &result)
{
    if (result.killReason != KillReason::None)
        return resultTitle(result);
    const QString error = firstError(result.diagnostics);
    if (result.stage == RunStage::Compile)
        return error.isEmpty() ? resultTitle(result) : QStringLiteral("Did not compile: ") + error;
    if (result.stage == RunStage::Setup)
        return error.isEmpty() ? resultTitle(result) : QStringLiteral("Packages not installed: ") + error;
    if (result.stage == RunStage::Policy)
        return error.isEmpty() ? resultTitle(result) : QStringLiteral("Stopped by the import policy: ") + error;
    if (result.exitCode.value_or(0) == 0) {
        if (result.outputCheck && !result.outputCheck->matches)
            return QStringLiteral("Wrong answer at line %1").arg(result.outputCheck->line);
        if (result.outputCheck)
            return QStringLiteral("Right answer: the output is the expected one");
        return QStringLiteral("The program finished normally");
    }
    if (!error.isEmpty())
        return QStringLiteral("The program stopped with an error: ") + error;
    return QStringLiteral("The program ended with exit code %1").arg(result.exitCode.value_or(-1));
}

namespace {

// "the process limit (64)", for the sentence that says what a run ran into.
QString limitPhrase(const QString &id, const Limits &limits)
{
    if (id == QLatin1String("process-limit"))
        return QStringLiteral("the process limit (%1)").arg(limits.processes);
    if (id == QLatin1String("memory"))
        return QStringLiteral("the memory limit (%1)").arg(formatBytes(limits.memoryBytes));
    if (id == QLatin1String("file-size"))
        return QStringLiteral("the file-size limit (%1)").arg(formatBytes(limits.fileSizeBytes));
    if (id == QLatin1String("open-files"))
        return QStringLiteral("the open-files limit (%1)").arg(limits.openFiles);
    if (id == QLatin1String("disk-full"))
        return QStringLiteral("a full disk (its workspace has no space or files left)");
    return id;
}

} // namespace

QString describeLimitsReached(const RunResult &result, const Limits &limits)
{
    if (result.limitsReached.isEmpty())
        return {};
    QStringList phrases;
    for (const QString &id : result.limitsReached)
        phrases << limitPhrase(id, limits);
    const QString all = phrases.size() == 1
        ? phrases.first()
        : phrases.mid(0, phrases.size() - 1).join(QStringLiteral(", ")) + QStringLiteral(" and ") + phrases.last();
    const QString who = result.stage == RunStage::Compile ? QStringLiteral("The compiler") : QStringLiteral("It");
    if (result.killReason == KillReason::None && result.exitCode.value_or(0) != 0)
        return QStringLiteral("%1 ended with an error (exit code %2) after it reached %3.")
            .arg(who)
            .arg(*result.exitCode)
            .arg(all);
    return QStringLiteral("%1 reached %2: the system refused some of its calls.").arg(who, all);
}

QString describeInputWait(const RunResult &result)
{
    if (result.inputWaitMs <= 0 || result.stage != RunStage::Run)
        return {};
    return QStringLiteral(" (It waited %1 for input, which does not count against the time limit.)")
        .arg(formatDuration(result.inputWaitMs));
}

QString describeEnd(const RunResult &result, const Limits &limits, const QString &extra)
{
    const QString reached = describeLimitsReached(result, limits);
    // "It ended with an error after it reached …" says all the first sentence would.
    if (result.killReason == KillReason::None && result.exitCode.value_or(0) != 0 && result.stage == RunStage::Run
        && !reached.isEmpty())
        return reached + describeInputWait(result);
    QString end = describeEndAlone(result, limits, extra);
    if (!reached.isEmpty())
        end += QLatin1Char(' ') + reached;
    return end + describeInputWait(result);
}

QString describeEndAlone(const RunResult &result, const Limits &limits, const QString &extra)
{
    // A compiler stopped by a limit is told apart from the program: the learner's program
    // never ran, and the limit is the compile step's, not the one in the settings.
    // A package install likewise: pip runs the packages' own code, under the setup step's limits.
    const bool compiling = result.stage == RunStage::Compile;
    const bool setup = result.stage == RunStage::Setup;
    const bool policy = result.stage == RunStage::Policy;
    const QString it = compiling ? QStringLiteral("The compiler")
        : setup                  ? QStringLiteral("The package install")
        : policy                 ? QStringLiteral("The import check")
                                 : QStringLiteral("It");
    const QString the = compiling ? QStringLiteral("the compile step's")
        : setup                   ? QStringLiteral("the setup step's")
        : policy                  ? QStringLiteral("the import check's")
                                  : QStringLiteral("the");
    const QString after = compiling || setup || policy ? QStringLiteral(" The program did not run.") : QString();
    switch (result.killReason) {
    case KillReason::None:
        if (policy)
            return QStringLiteral("The import policy stopped the run, so the program did not run.");
        if (setup)
            return QStringLiteral("The package install failed (exit code %1), so the program did not run.")
                .arg(result.exitCode.value_or(-1));
        if (compiling) {
            return result.exitCode == 0
                ? QStringLiteral("The program compiled.")
                : QStringLiteral("The compiler reported errors (exit code %1), so the program did not run.")
                      .arg(result.exitCode.value_or(-1));
        }
        if (result.exitCode == 0)
            return QStringLiteral("The program finished normally.");
        return QStringLiteral("The program ended with exit code %1, which usually means it reported an error.")
            .arg(result.exitCode.value_or(-1));
    case KillReason::Timeout:
        return QStringLiteral("%1 was still running after %2 time limit of %3, so Sandpit stopped it and every process "
                              "it started.%4")
            .arg(it, the, formatDuration(limits.wallTimeMs), after);
    case KillReason::CpuTime:
        return QStringLiteral("%1 used more than %2 of CPU time, %3 CPU limit.%4")
            .arg(it, formatDuration(limits.cpuTimeMs), the, after);
    case KillReason::Memory:
        return QStringLiteral("%1 tried to use more than %2 of memory, %3 memory limit.%4")
            .arg(it, formatBytes(limits.memoryBytes), the, after);
    case KillReason::OutputLimit:
        return QStringLiteral("%1 printed more than %2, %3 output limit; Sandpit kept the first %2 and stopped it.%4")
            .arg(it, formatBytes(limits.outputBytes), the, after);
    case KillReason::ProcessLimit:
        return QStringLiteral("%1 tried to run more than %2 processes or threads at once.%3")
            .arg(it)
            .arg(limits.processes)
            .arg(after);
    case KillReason::FileSize:
        return QStringLiteral("%1 tried to write a file larger than %2, %3 file-size limit.%4")
            .arg(it, formatBytes(limits.fileSizeBytes), the, after);
    case KillReason::BlockedSyscall:
        return (extra.isEmpty()
                    ? QStringLiteral("%1 made a system call that the sandbox forbids.%2").arg(it, after)
                    : QStringLiteral("%1 made a system call that the sandbox forbids (%2).%3").arg(it, extra, after));
    case KillReason::Signal: {
        const int sig = result.signal.value_or(0);
        return QStringLiteral("%1 was ended by %2: %3.%4").arg(it, signalName(sig), signalDescription(sig), after);
    }
    case KillReason::Cancelled:
        if (setup)
            return QStringLiteral("You pressed Stop while its packages were being installed; the program did not run.");
        return compiling ? QStringLiteral("You pressed Stop while the program was being compiled; it did not run.")
                         : QStringLiteral("You pressed Stop; Sandpit ended the program and every process it started.");
    }
    return {};
}

} // namespace Sandpit::Core
