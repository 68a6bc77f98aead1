#pragma once

#include "files/artifactlisting.h"
#include "model/runerror.h"
#include "model/runrequest.h"
#include "model/runresult.h"

#include <QObject>
#include <QSet>

#include <memory>
#include <vector>

class QThread;

namespace Sandpit::Core {

class Backend;
class RunWorker;

using RunId = quint64;

/// The GUI-thread face of the engine. It owns the worker thread on which backends run, and
/// turns the worker's events into signals for one run id each. Output of a cancelled run and
/// any event for a run it no longer tracks (finished, failed or unknown) are dropped, so a
/// late event can never be shown against the wrong run.
class RunController final : public QObject
{
    Q_OBJECT
public:
    explicit RunController(std::vector<std::unique_ptr<Backend>> backends, QObject *parent = nullptr);
    ~RunController() override;

    /// Queues the run and returns its id at once; runStarted or runFailed follows.
    RunId start(const RunRequest &request);
    /// Stops the run and its whole process tree. Its result arrives with KillReason::Cancelled.
    void cancel(RunId id);
    void writeInput(RunId id, const QByteArray &data);
    void closeInput(RunId id);
    bool isActive(RunId id) const { return m_active.contains(id); }

Q_SIGNALS:
    void runStarted(Sandpit::Core::RunId id);
    void outputReceived(Sandpit::Core::RunId id, Sandpit::Core::OutputStream stream, const QByteArray &data);
    /// While a run goes: the files in its output folder so far, each time that changed (local
    /// sandbox, and Docker with the workspace bound). The result's list is the final word.
    void artifactsListed(Sandpit::Core::RunId id, const Sandpit::Core::ArtifactListing &listing);
    void runFinished(Sandpit::Core::RunId id, const Sandpit::Core::RunResult &result);
    void runFailed(Sandpit::Core::RunId id, const Sandpit::Core::RunError &error);

private:
    void onStarted(RunId id);
    void onOutput(RunId id, OutputStream stream, const QByteArray &data);
    void onFinished(RunId id, const RunResult &result);
    void onFailed(RunId id, const RunError &error);

    struct ThreadStopper {
        void operator()(QThread *thread) const;
    };
    std::unique_ptr<QThread, ThreadStopper> m_thread;
    RunWorker *m_worker = nullptr; // lives on m_thread, deleted when it finishes
    RunId m_nextId = 1;
    QSet<RunId> m_active;
    QSet<RunId> m_cancelled;
};

} // namespace Sandpit::Core
