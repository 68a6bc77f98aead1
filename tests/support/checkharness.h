#pragma once
// Shared by the Check runner's tests: the runner's fixture pack, loaded as a learner's window
// loads it, and a Check run to its end through a real CheckController.

#include "exercises/checkcontroller.h"
#include "exercises/packloader.h"
#include "support/runharness.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

namespace SandpitTest {

/// tests/fixtures/packs/runner, or its copy for the unprivileged run.
inline QString runnerPackDir()
{
    return fixturesDir() + QStringLiteral("/packs/runner");
}

/// The exercise `id` of the runner's pack; a test fails at once when the pack has problems.
inline Exercise runnerExercise(const QString &id)
{
    QTemporaryDir unpack;
    const auto course = PackLoader(unpack.path()).load(runnerPackDir());
    if (!course)
        qFatal("the runner's pack does not load: %s", qPrintable(course.error().toString()));
    for (const PackProblem &problem : course->problems)
        qWarning("runner pack: %s", qPrintable(problem.toString()));
    const Exercise *exercise = course->exercise(id);
    if (!exercise)
        qFatal("no exercise %s in the runner's pack", qPrintable(id));
    return *exercise;
}

/// What a Check said, in the order it said it.
struct CheckOutcome {
    QStringList started;
    QList<TestOutcome> finished;
    std::optional<CheckReport> report;
    std::optional<RunError> error;

    QStringList verdicts() const
    {
        QStringList ids;
        for (const TestOutcome &outcome : finished)
            ids << verdictId(outcome.verdict);
        return ids;
    }
};

/// Collects what `controller` says about its Check.
class CheckWatcher
{
public:
    explicit CheckWatcher(CheckController &controller)
    {
        QObject::connect(&controller, &CheckController::testStarted, &m_context,
                         [this](int, const QString &name) { outcome.started << name; });
        QObject::connect(&controller, &CheckController::testFinished, &m_context,
                         [this](int, const TestOutcome &test) { outcome.finished << test; });
        QObject::connect(&controller, &CheckController::checkFinished, &m_context,
                         [this](const CheckReport &report) { outcome.report = report; });
        QObject::connect(&controller, &CheckController::checkFailed, &m_context,
                         [this](const RunError &error) { outcome.error = error; });
    }
    bool done() const { return outcome.report || outcome.error; }
    CheckOutcome outcome;

private:
    QObject m_context;
};

/// A Check of the runner pack's exercise `exerciseId` with the learner's file `program`
/// (below the exercise's folder: "solution/sum.py", "wrong/spins_forever.py").
inline CheckRequest runnerCheck(const QString &exerciseId, const QString &languageId, const QString &program)
{
    CheckRequest request;
    request.exercise = runnerExercise(exerciseId);
    request.languageId = languageId;
    request.learnerFile = request.exercise.folder + QLatin1Char('/') + program;
    return request;
}

inline CheckOutcome checkToEnd(CheckController &controller, const CheckRequest &request, int timeoutMs = 120000)
{
    CheckWatcher watcher(controller);
    controller.start(request);
    [&] { QTRY_VERIFY_WITH_TIMEOUT(watcher.done(), timeoutMs); }();
    if (watcher.outcome.error)
        qWarning("check failed: %s", qPrintable(watcher.outcome.error->message));
    return watcher.outcome;
}

} // namespace SandpitTest
