#pragma once

#include "engine/ownedthread.h"
#include "engine/runevents.h"
#include "files/artifactlisting.h"
#include "model/runerror.h"
#include "model/runrequest.h"

#include <QHash>

#include <memory>
#include <vector>

namespace Sandpit::Core {

class Backend;
class RunWorker;

/// The GUI-thread face of the engine. It owns the worker thread on which backends run, and
/// passes on the worker's events (RunEvents' signals) for the runs still wanted.
///
/// It is the one place where stale events are filtered, so its clients need no run ids of
/// their own to compare. The guarantee: a run's signals come only while it is tracked, in
/// the order its job sent them, and
/// - after cancel(id), only its result (runFinished with KillReason::Cancelled, or
///   runFailed) still comes: no more output or artifact listings;
/// - after abandon(id), nothing more comes at all;
/// - a run that has finished or failed, and an id it never gave out, get no signal again.
/// So a late event of a stopped or replaced run can never be shown against the wrong run.
class RunController final : public RunEvents
{
    Q_OBJECT
public:
    explicit RunController(std::vector<std::unique_ptr<Backend>> backends, QObject *parent = nullptr);
    ~RunController() override;

    /// Queues the run and returns its id at once; runFinished or runFailed follows.
    RunId start(const RunRequest &request);
    /// Stops the run and its whole process tree. Its result arrives with KillReason::Cancelled.
    void cancel(RunId id);
    /// Stops the run as cancel() does, for a caller that no longer wants to hear of it (its
    /// run was replaced): not even its result is emitted.
    void abandon(RunId id);
    void writeInput(RunId id, const QByteArray &data);
    void closeInput(RunId id);
    void resizeTerminal(RunId id, const TerminalSize &size);
    /// Whether the worker has yet to say the run ended (also after cancel() and abandon()).
    bool isActive(RunId id) const { return m_runs.contains(id); }

private:
    /// How much of a tracked run its clients still want to hear.
    enum class Interest {
        Everything, ///< running
        ResultOnly, ///< cancelled: its result still comes
        Nothing,    ///< abandoned: dropped until the worker says it ended
    };
    bool wantsEverything(RunId id) const { return m_runs.value(id, Interest::Nothing) == Interest::Everything; }
    void onOutput(RunId id, OutputStream stream, const QByteArray &data);
    void onArtifacts(RunId id, const ArtifactListing &listing);
    /// Stops tracking `id`; whether its result is still wanted.
    bool endRun(RunId id);
    void onFinished(RunId id, const RunResult &result);
    void onFailed(RunId id, const RunError &error);

    OwnedThread m_thread;
    RunWorker *m_worker = nullptr; // lives on m_thread, deleted when it finishes
    RunId m_nextId = 1;
    QHash<RunId, Interest> m_runs; // every run the worker has not yet said has ended
};

} // namespace Sandpit::Core
