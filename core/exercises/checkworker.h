#pragma once

#include "engine/runevents.h"
#include "exercises/checkcontroller.h"
#include "exercises/checkrequests.h"

#include <QTemporaryDir>

#include <memory>
#include <optional>
#include <vector>

namespace Sandpit::Core {

class ArtifactStore;
class RunWorker;

/// Runs Checks on their own thread, with an engine (RunWorker) of their own on the same
/// thread: reading the learner's file, starting each test's run, running a checker program and
/// judging (which reads the kept output files) all happen here, never on the GUI thread.
/// Its public methods may be called from any thread: they re-post themselves to its own.
/// Every signal carries the Check's id; CheckController drops those of a replaced Check.
class CheckWorker final : public QObject
{
    Q_OBJECT
public:
    using CheckId = quint64;

    explicit CheckWorker(std::vector<std::unique_ptr<Backend>> backends);
    ~CheckWorker() override;

    /// Starts a Check, stopping the one before (which then says nothing more).
    void start(CheckId id, const CheckRequest &request);
    void cancel(CheckId id);

Q_SIGNALS:
    void testStarted(quint64 checkId, int index, const QString &testName);
    void testFinished(quint64 checkId, int index, const Sandpit::Core::TestOutcome &outcome);
    void checkFinished(quint64 checkId, const Sandpit::Core::CheckReport &report);
    void checkFailed(quint64 checkId, const Sandpit::Core::RunError &error);

private:
    /// What the run in flight is for.
    enum class Phase { Program, Checker };
    struct Check;

    bool postToOwnThread(auto &&call);
    QString outputFolder(const RunResult &run) const;
    void dropCheck();
    void startTest();
    void startRun(const RunRequest &request, Phase phase);
    void onRunFinished(RunId id, const RunResult &result);
    void onRunFailed(RunId id, const RunError &error);
    void programEnded(const RunResult &result);
    void checkerEnded(const RunResult &checkerRun, const QString &failure);
    void startChecker(const RunResult &programRun);
    void recordTest(const TestOutcome &outcome);
    void finishRemaining(const TestOutcome &compileError);
    void stopRemaining();
    void endCheck();

    RunWorker *m_engine = nullptr; // a child: lives and dies with this worker
    RunId m_nextRunId = 1;
    std::unique_ptr<Check> m_check;
};

} // namespace Sandpit::Core
