#include "exercises/judge.h"

#include "model/killreason.h"

#include <QFile>
#include <QFileInfo>

namespace Sandpit::Core {

namespace {
using Result = CheckerVerdict::Result;

// An expected or actual output file is compared whole up to this size; a larger one is the
// program's mistake (an output file a test expects is small), said as such.
constexpr qint64 kMaxComparedFile = 16LL * 1024 * 1024;
constexpr qsizetype kMaxFeedback = 16 * 1024;

QByteArray readCapped(const QString &path, qint64 cap)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.read(cap);
}

/// The last line of `text` that says something, for a runtime error without a known line.
QString lastLine(const QByteArray &text)
{
    const QList<QByteArray> lines = text.trimmed().split('\n');
    return lines.isEmpty() ? QString() : QString::fromUtf8(lines.back().trimmed()).left(300);
}

const Diagnostic *firstError(const RunResult &run)
{
    for (const Diagnostic &diagnostic : run.diagnostics)
        if (diagnostic.severity == Diagnostic::Severity::Error)
            return &diagnostic;
    return nullptr;
}

QString place(const Diagnostic &diagnostic)
{
    if (diagnostic.line <= 0)
        return diagnostic.message;
    return QStringLiteral("Line %1 of %2: %3")
        .arg(QString::number(diagnostic.line), diagnostic.file, diagnostic.message);
}

void setVerdict(TestOutcome &outcome, Verdict verdict, const QString &explanation)
{
    outcome.verdict = verdict;
    outcome.explanation = explanation;
}

QString runtimeErrorExplanation(const RunResult &run)
{
    QString what;
    if (run.signal)
        what = QStringLiteral("It crashed: %1 (%2).").arg(signalDescription(*run.signal), signalName(*run.signal));
    else
        what = QStringLiteral("It stopped with an error (exit code %1).").arg(run.exitCode.value_or(-1));
    if (const Diagnostic *error = firstError(run))
        return what + QLatin1Char(' ') + place(*error);
    const QString last = lastLine(run.stderrData);
    return last.isEmpty() ? what : what + QStringLiteral(" It said: “%1”").arg(last);
}

/// The verdict of a run that failed after the kernel refused it memory or a write (the
/// result's limitsReached); false when no limit was reached.
bool judgeLimitReached(TestOutcome &outcome, const RunResult &run)
{
    if (run.limitsReached.contains(QStringLiteral("memory"))) {
        setVerdict(
            outcome, Verdict::MemoryLimit,
            QStringLiteral("It needed more memory than this test allows, and stopped when it could not get it."));
        return true;
    }
    if (run.limitsReached.contains(QStringLiteral("file-size"))
        || run.limitsReached.contains(QStringLiteral("disk-full"))) {
        setVerdict(outcome, Verdict::OutputLimit,
                   QStringLiteral("It wrote more to its files than this test allows, and stopped when it could not."));
        return true;
    }
    return false;
}

/// A verdict from how the run ended, before any output is looked at; none: it ended on its own
/// as the test expects.
bool judgeEnd(TestOutcome &outcome, const ExerciseTest &test, const RunResult &run)
{
    const QString detail = run.killDetail.isEmpty() ? killReasonTitle(run.killReason) : run.killDetail;
    // Stopped by the learner while the compiler or the import check worked: the learner's
    // choice, at whatever stage, never a refusal of the program.
    if (run.killReason == KillReason::Cancelled) {
        setVerdict(outcome, Verdict::Stopped, detail);
        return true;
    }
    if (run.stage == RunStage::Compile) {
        const Diagnostic *error = firstError(run);
        setVerdict(outcome, Verdict::CompileError,
                   run.killReason != KillReason::None ? detail
                       : error                        ? QStringLiteral("It did not compile. %1").arg(place(*error))
                                                      : QStringLiteral("It did not compile."));
        return true;
    }
    // The import policy refused the program before it ran: like a compiler's refusal, the same
    // for every test, and the sentence says which import. A check that could not finish is
    // Sandpit's failure, not a refusal, so it never counts against the learner.
    if (run.stage == RunStage::Policy) {
        setVerdict(outcome, run.policyUnchecked ? Verdict::CheckerError : Verdict::CompileError, detail);
        return true;
    }
    switch (run.killReason) {
    case KillReason::None:
        break;
    case KillReason::Timeout:
    case KillReason::CpuTime:
        setVerdict(outcome, Verdict::TimeLimit, detail);
        return true;
    case KillReason::Memory:
        setVerdict(outcome, Verdict::MemoryLimit, detail);
        return true;
    case KillReason::OutputLimit:
    case KillReason::FileSize: // a file past the file-size limit is output past a limit too
        setVerdict(outcome, Verdict::OutputLimit, detail);
        return true;
    case KillReason::BlockedSyscall:
        setVerdict(outcome, Verdict::BlockedSystemCall, detail);
        return true;
    case KillReason::ProcessLimit:
    case KillReason::Signal:
        // A crash that followed a refused allocation or write (malloc returned NULL, Node's
        // heap gave out) is the limit's doing, not the program's own mistake.
        if (!judgeLimitReached(outcome, run))
            setVerdict(outcome, Verdict::RuntimeError, runtimeErrorExplanation(run));
        return true;
    case KillReason::Cancelled:
        break; // judged above, at any stage
    }
    if (run.exitCode == test.expectedExitCode)
        return false;
    // An allocation refused under the memory limit (Python's MemoryError) ends the program with
    // an error of its own: the limit is the reason, not the program.
    if (judgeLimitReached(outcome, run))
        return true;
    if (test.expectedExitCode == 0) {
        setVerdict(outcome, Verdict::RuntimeError, runtimeErrorExplanation(run));
    } else {
        setVerdict(outcome, Verdict::WrongAnswer,
                   QStringLiteral("It ended with exit code %1, where this test expects exit code %2.")
                       .arg(run.exitCode.value_or(-1))
                       .arg(test.expectedExitCode));
    }
    return true;
}

/// Applies a checker's verdict on `expected` against `actual`; whether it passed.
bool judgeOutput(TestOutcome &outcome, const CheckerVerdict &verdict, const std::optional<QByteArray> &expected,
                 const QByteArray &actual)
{
    switch (verdict.result) {
    case Result::Accepted:
        if (verdict.whitespaceOnly)
            outcome.explanation = verdict.message;
        return true;
    case Result::Rejected:
        setVerdict(outcome, verdict.whitespaceOnly ? Verdict::WhitespaceOnly : Verdict::WrongAnswer, verdict.message);
        if (expected)
            outcome.diff = visibleDiff(clipForShow(*expected), clipForShow(actual));
        return false;
    case Result::CheckerError:
        setVerdict(outcome, Verdict::CheckerError, verdict.message);
        return false;
    }
    return false;
}

bool judgeFile(TestOutcome &outcome, const ExpectedFile &file, const CheckerSpec &checker, const QString &outputFolder)
{
    const QString shownName = QStringLiteral("output/") + file.name;
    const QFileInfo actualInfo(outputFolder + QLatin1Char('/') + file.name);
    if (outputFolder.isEmpty() || !actualInfo.isFile()) {
        setVerdict(outcome, Verdict::WrongAnswer,
                   QStringLiteral("It did not write %1, which this test expects.").arg(shownName));
        return false;
    }
    if (actualInfo.size() < file.minimumSize) {
        setVerdict(outcome, Verdict::WrongAnswer,
                   QStringLiteral("%1 has %2 bytes; this test expects at least %3.")
                       .arg(shownName, QString::number(actualInfo.size()), QString::number(file.minimumSize)));
        return false;
    }
    if (file.sourcePath.isEmpty())
        return true;
    if (actualInfo.size() > kMaxComparedFile) {
        setVerdict(outcome, Verdict::WrongAnswer,
                   QStringLiteral("%1 is far larger than this test expects (%2 bytes).")
                       .arg(shownName)
                       .arg(actualInfo.size()));
        return false;
    }
    const QByteArray expected = readCapped(file.sourcePath, kMaxComparedFile);
    const QByteArray actual = readCapped(actualInfo.filePath(), kMaxComparedFile);
    // A checker program judges stdout only; files are compared line by line.
    const CheckerSpec fileChecker = checker.kind == CheckerKind::Program ? CheckerSpec{} : checker;
    CheckerVerdict verdict = checkOutput(fileChecker, expected, actual);
    if (verdict.result != Result::Accepted)
        verdict.message = QStringLiteral("%1 is not what this test expects. %2").arg(shownName, verdict.message);
    return judgeOutput(outcome, verdict, expected, actual);
}
/// What a hidden test may show: its name, verdict and hint, and what the learner's own code
/// did (a compile error, the line of a crash). Never its input or what it expected, which the
/// sentences about a wrong answer quote.
void keepHidden(TestOutcome &outcome)
{
    outcome.stdinData.clear();
    outcome.expectedStdout.clear();
    outcome.actualStdout.clear();
    outcome.diff.clear();
    outcome.checkerFeedback.clear();
    if (outcome.verdict == Verdict::WrongAnswer)
        outcome.explanation = QStringLiteral("Its output is not what this hidden test expects.");
    else if (outcome.verdict == Verdict::WhitespaceOnly)
        outcome.explanation
            = QStringLiteral("Its output differs from what this hidden test expects only in spaces or line breaks.");
    else if (outcome.verdict == Verdict::Passed)
        outcome.explanation.clear();
}
} // namespace

CheckerVerdict kattisOutcome(const RunResult &checkerRun, const QString &feedbackDir)
{
    const QString feedback = QString::fromUtf8(
        clipForShow(readCapped(feedbackDir + QStringLiteral("/judgemessage.txt"), 4 * kMaxFeedback), kMaxFeedback)
            .trimmed());
    if (checkerRun.stage == RunStage::Compile)
        return {Result::CheckerError, false, QStringLiteral("The exercise's checker program did not compile.")};
    if (checkerRun.killReason != KillReason::None) {
        return {Result::CheckerError, false,
                QStringLiteral("The exercise's checker program was stopped (%1).")
                    .arg(killReasonTitle(checkerRun.killReason))};
    }
    if (checkerRun.exitCode == 42)
        return {Result::Accepted, false, feedback};
    if (checkerRun.exitCode == 43)
        return {Result::Rejected, false,
                feedback.isEmpty() ? QStringLiteral("The exercise's checker rejected the output.") : feedback};
    QString message
        = QStringLiteral("The exercise's checker program failed (exit code %1, where 42 accepts and 43 rejects).")
              .arg(checkerRun.exitCode.value_or(-1));
    const QString last = lastLine(checkerRun.stderrData);
    if (!last.isEmpty())
        message += QStringLiteral(" It said: “%1”").arg(last);
    return {Result::CheckerError, false, message};
}

TestOutcome judgeTest(const Exercise &exercise, const ExerciseTest &test, const RunResult &run,
                      const std::optional<CheckerVerdict> &checker, const QString &outputFolder)
{
    TestOutcome outcome = notRunTest(test, Verdict::Passed, {});
    outcome.wallMs = run.wallMs;
    outcome.cpuMs = run.cpuMs;
    outcome.peakMemoryBytes = run.peakMemoryBytes;
    outcome.killReason = run.killReason;
    outcome.limitsReached = run.limitsReached;
    outcome.exitCode = run.exitCode;
    outcome.diagnostics = run.diagnostics;
    outcome.actualStdout = clipForShow(run.stdoutData);
    outcome.actualStderr = clipForShow(run.stderrData);

    const CheckerSpec spec = test.checker.value_or(exercise.checker);
    bool passed = !judgeEnd(outcome, test, run);
    // Stdout is checked against an expected output, or by a checker that needs none (a pattern,
    // a phrase, a checker program).
    const bool needsNoExpected = spec.kind == CheckerKind::Regex || spec.kind == CheckerKind::Contains || checker;
    if (passed && (test.expectedStdout || needsNoExpected)) {
        const CheckerVerdict verdict
            = checker ? *checker : checkOutput(spec, test.expectedStdout.value_or(QByteArray()), run.stdoutData);
        if (checker && spec.kind == CheckerKind::Program)
            outcome.checkerFeedback = verdict.message; // a checker program's own words
        // A pattern, a phrase or a checker program has no expected output to diff against.
        passed = judgeOutput(outcome, verdict, test.expectedStdout, run.stdoutData);
    }
    for (qsizetype i = 0; passed && i < test.expectedFiles.size(); ++i)
        passed = judgeFile(outcome, test.expectedFiles.at(i), spec, outputFolder);
    if (passed) {
        outcome.verdict = Verdict::Passed;
        outcome.points = test.points;
    } else if (outcome.countsAgainstLearner()) {
        outcome.hint = test.hint;
    }
    if (showsVerdictOnly(test.visibility))
        keepHidden(outcome);
    return outcome;
}

TestOutcome notRunTest(const ExerciseTest &test, Verdict verdict, const QString &reason)
{
    TestOutcome outcome;
    outcome.testName = test.name;
    outcome.visibility = test.visibility;
    outcome.verdict = verdict;
    outcome.explanation = reason;
    outcome.maxPoints = test.points;
    outcome.stdinData = clipForShow(test.stdinData);
    outcome.expectedStdout = clipForShow(test.expectedStdout.value_or(QByteArray()));
    return outcome;
}

} // namespace Sandpit::Core
