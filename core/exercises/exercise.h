#pragma once

#include "history/inputset.h"
#include "model/runlimits.h"
#include "network/allowlist.h"
#include "model/runrequest.h"
#include "policy/importpolicy.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace Sandpit::Core {

enum class Verdict; // exercises/testoutcome.h

/// How much of a test a learner sees. `Hidden` tests are still on the learner's disk (a pack
/// is a folder of files); hiding them is about what the window shows, not a secret. `Secret`
/// tests are for grading only: a learner build of the pack leaves them out, and a learner's
/// Check never runs them.
enum class Visibility {
    Example, ///< shown in the statement, and runnable with Run example
    Visible, ///< name, input, expected and actual output shown
    Hidden,  ///< name, verdict and hint only
    Secret,  ///< grading only; shown as hidden ones are, to the instructor who grades
};

/// The word a pack and the JSON output use for `visibility` ("hidden"), and back.
QString visibilityId(Visibility visibility);
std::optional<Visibility> visibilityFromId(QStringView id);

/// Whether a result of a test with this visibility shows only its name, verdict and hint.
inline bool showsVerdictOnly(Visibility visibility)
{
    return visibility == Visibility::Hidden || visibility == Visibility::Secret;
}

/// How a test's actual stdout is compared with the expected one.
enum class CheckerKind {
    Exact,    ///< byte for byte
    Lines,    ///< the default: forgives "\r\n", spaces at line ends and blank lines at the end
    Tokens,   ///< the same words (runs of non-whitespace) in the same order
    Float,    ///< tokens, with numbers equal within an absolute or relative tolerance
    Regex,    ///< the whole output matches `pattern`
    Contains, ///< the output contains `pattern`
    Program,  ///< a checker program that speaks the Kattis output-validator protocol
};

struct CheckerSpec {
    CheckerKind kind = CheckerKind::Lines;
    double absoluteTolerance = 1e-6; ///< Float
    double relativeTolerance = 1e-6; ///< Float
    QString pattern;                 ///< Regex (whole output) and Contains (a substring)
    QString programPath;             ///< Program: the checker's source file, absolute
    QString programLanguage;         ///< Program: its language id ("python")
    LimitOverrides limits;           ///< Program: the checker's own limits

    friend bool operator==(const CheckerSpec &, const CheckerSpec &) = default;
};

/// A scaled time limit's floor when `time_floor` is not given: a reference that answers in 5 ms
/// would otherwise make a 15 ms limit, which starting an interpreter alone exceeds.
inline constexpr qint64 kDefaultTimeFloorMs = 1000;

/// A time limit as a multiple of the reference solution's wall time, as Kattis packages set
/// it: max(floor, multiplier × the reference's time on the test, in the learner's language).
/// Read from `time_multiplier` and `time_floor` in [limits] and [tests.limits].
struct TimeScaling {
    std::optional<double> multiplier;
    std::optional<qint64> floorMs;

    TimeScaling over(const TimeScaling &base) const
    {
        return {multiplier ? multiplier : base.multiplier, floorMs ? floorMs : base.floorMs};
    }
    friend bool operator==(const TimeScaling &, const TimeScaling &) = default;
};

/// A file the program must leave in its output/ folder.
struct ExpectedFile {
    QString name;       ///< its path below output/ ("result.txt", "plot.png")
    QString sourcePath; ///< the expected content, absolute; empty: only existence and size count
    qint64 minimumSize = 0;

    friend bool operator==(const ExpectedFile &, const ExpectedFile &) = default;
};

struct ExerciseTest {
    QString name;
    QByteArray stdinData;
    QStringList arguments;
    QList<InputFile> inputFiles; ///< hostPath absolute, inside the pack's folder
    /// Where stdin came from when it was a file ("tests/01.in"), relative to the exercise's
    /// folder; empty when it was written inline or not at all.
    QString stdinFile;
    std::optional<QByteArray> expectedStdout; ///< none: stdout is not checked
    /// Where the expected stdout came from when it was a file ("tests/01.out"), relative to
    /// the exercise's folder; empty when it was written inline.
    QString expectedStdoutFile;
    QList<ExpectedFile> expectedFiles;
    int expectedExitCode = 0;
    int points = 1;
    QString hint;
    LimitOverrides limits;   ///< over the exercise's
    TimeScaling timeScaling; ///< over the exercise's, key by key
    Visibility visibility = Visibility::Visible;
    std::optional<CheckerSpec> checker; ///< none: the exercise's

    friend bool operator==(const ExerciseTest &, const ExerciseTest &) = default;
};

/// One language an exercise accepts.
struct ExerciseLanguage {
    QString languageId;   ///< "python", "c", "javascript"
    QString entryFile;    ///< the learner's file name in the workspace ("sum.py")
    QString starterPath;  ///< absolute; the learner's file starts as a copy of it
    QString solutionPath; ///< absolute; the reference solution (empty in a learner build)
    /// Absolute; empty: none. A harness test runs this driver with the learner's file beside
    /// it: the driver is the program that runs (Python imports the learner's module, C and C++
    /// compile and link both), and prints one line per case it checks.
    QString harnessPath;
    QStringList wrongPaths; ///< absolute; programs that must fail at least one test

    friend bool operator==(const ExerciseLanguage &, const ExerciseLanguage &) = default;
};

/// A hint that unlocks after a number of failed Checks of the exercise.
struct Hint {
    int afterAttempts = 1;
    QString text;

    friend bool operator==(const Hint &, const Hint &) = default;
};

/// Something wrong in a pack, said where it is, for its author.
struct PackProblem {
    QString file; ///< absolute (for a zipped pack: the path inside it, after the zip's own path)
    int line = 0; ///< 1-based; 0 when the problem is not at one place in the file
    int column = 0;
    QString message;
    QString exerciseId; ///< the exercise left out because of it; empty: the course itself

    /// "course.toml:3:7: expected a string" (the file as given, relative when `base` is its prefix).
    QString toString(const QString &base = {}) const;

    friend bool operator==(const PackProblem &, const PackProblem &) = default;
};

struct Exercise {
    QString id; ///< unique in its course; also the learner's folder name for it
    QString title;
    QString folder; ///< absolute
    QString statementMarkdown;
    QList<ExerciseLanguage> languages;
    LimitOverrides limits; ///< over the engine settings' limits, for every test
    /// [policy]: the modules its Python tests warn about or block, over the settings' policy
    /// (even when it lists none); nothing without the table.
    std::optional<ImportPolicy> importPolicy;
    TimeScaling timeScaling;
    /// The reference solution's wall time (ms) by language and test, from reference-times.toml
    /// (read only when a time multiplier is set).
    QHash<QString, QHash<QString, qint64>> referenceWallMs;
    CheckerSpec checker;
    /// `[network] allow`: the hosts each test's run may reach through Sandpit's proxy; empty,
    /// the default, is no network. A checker program never has any.
    QList<AllowedDestination> network;
    QList<ExerciseTest> tests;
    QList<Hint> hints;
    /// The verdict a program in wrong/ must fail with, by its file name (`[wrong."x.py"] expect`),
    /// over what its name promises.
    QHash<QString, Verdict> wrongExpectations;
    /// Problems that leave nothing out: the exercise loads, and each says what it falls back on
    /// (a time multiplier without the reference's times uses the explicit time limit).
    QList<PackProblem> warnings;

    const ExerciseLanguage *language(const QString &languageId) const
    {
        for (const ExerciseLanguage &language : languages)
            if (language.languageId == languageId)
                return &language;
        return nullptr;
    }
    /// A test's limits in `languageId`: its own over the exercise's over `base` (the engine
    /// settings'). With a time multiplier and the reference's time on the test in that language,
    /// the time limit is the scaled one; without the reference's time, the explicit one.
    Limits limitsFor(const ExerciseTest &test, const Limits &base, const QString &languageId) const;
    /// The same without the time multiplier: what `sandpit pack validate` measures under, so
    /// that a stale record never decides the limit it is measured again with.
    Limits explicitLimitsFor(const ExerciseTest &test, const Limits &base) const
    {
        return test.limits.appliedTo(limits.appliedTo(base));
    }
    /// The points a learner's Check can give: every test's but the secret ones' (unless
    /// `withSecret`, for grading).
    int maxPoints(bool withSecret = false) const
    {
        int points = 0;
        for (const ExerciseTest &test : tests)
            if (withSecret || test.visibility != Visibility::Secret)
                points += test.points;
        return points;
    }

    friend bool operator==(const Exercise &, const Exercise &) = default;
};

/// A pack, as read: its exercises in course order, and the problems of the ones left out.
struct Course {
    QString id;
    QString title;
    QString description;
    QString folder; ///< absolute: the pack's folder, or where its zip was unpacked
    QString source; ///< what was opened: the folder or the .zip
    QList<Exercise> exercises;
    QList<PackProblem> problems; ///< every exercise named here is missing from `exercises`

    const Exercise *exercise(const QString &exerciseId) const
    {
        for (const Exercise &exercise : exercises)
            if (exercise.id == exerciseId)
                return &exercise;
        return nullptr;
    }
};

} // namespace Sandpit::Core
