#pragma once

#include "exercises/exercise.h"
#include "model/diagnostic.h"
#include "model/killreason.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringView>

#include <optional>

namespace Sandpit::Core {

/// What a learner is told about one test.
enum class Verdict {
    Passed,
    WrongAnswer,
    WhitespaceOnly, ///< only whitespace differs, and the test's checker does not forgive it
    TimeLimit,
    MemoryLimit,
    OutputLimit,
    RuntimeError,
    CompileError,
    BlockedSystemCall,
    CheckerError, ///< the exercise's fault (its checker crashed, hung or said nonsense): never counted against the learner
    Stopped,      ///< the user stopped the Check
};

/// "passed", "wrong-answer", "whitespace-only", ... for JSON.
QString verdictId(Verdict verdict);
/// The verdict whose verdictId() is `id`, if any.
std::optional<Verdict> verdictFromId(QStringView id);
/// "Passed", "Wrong answer", "Only whitespace differs", ... for people.
QString verdictTitle(Verdict verdict);

/// The result of one test, as the results table, the CLI and the progress file see it.
struct TestOutcome {
    QString testName;
    Visibility visibility = Visibility::Visible;
    Verdict verdict = Verdict::Stopped;
    /// One or two sentences for the learner: what went wrong, where, and (for whitespace)
    /// whether the checker forgives it.
    QString explanation;
    /// Expected against actual stdout, line by line, with whitespace made visible (· for a
    /// space, → for a tab, ¶ at each line end, and "(no newline at end)"); empty when stdout
    /// matched or was not checked.
    QString diff;
    QString checkerFeedback; ///< a checker program's judgemessage.txt, if any
    QString hint;            ///< the test's hint, when it failed
    int points = 0;
    int maxPoints = 0;
    qint64 wallMs = 0;
    qint64 cpuMs = 0;
    qint64 peakMemoryBytes = 0;
    KillReason killReason = KillReason::None;
    QStringList limitsReached;
    std::optional<int> exitCode;
    QList<Diagnostic> diagnostics; ///< compile errors, or the line of a runtime error
    QByteArray stdinData;
    QByteArray expectedStdout;
    QByteArray actualStdout; ///< clipped for show: start and end, "… N bytes not shown" between
    QByteArray actualStderr; ///< clipped the same way

    bool passed() const { return verdict == Verdict::Passed; }
    /// Whether it counts as an attempt the learner failed (a checker error or a stopped check does not).
    bool countsAgainstLearner() const
    {
        return verdict != Verdict::Passed && verdict != Verdict::CheckerError && verdict != Verdict::Stopped;
    }
};

/// A whole Check of one exercise.
struct CheckReport {
    QString exerciseId;
    QString languageId;
    QString backend; ///< the backend that ran it
    QList<TestOutcome> tests;
    int score = 0;
    int maxScore = 0;

    bool allPassed() const
    {
        for (const TestOutcome &test : tests)
            if (!test.passed())
                return false;
        return !tests.isEmpty();
    }
};

} // namespace Sandpit::Core

Q_DECLARE_METATYPE(Sandpit::Core::TestOutcome)
Q_DECLARE_METATYPE(Sandpit::Core::CheckReport)
