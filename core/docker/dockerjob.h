#pragma once

#include "docker/dockerrun.h"
#include "engine/backend.h"
#include "engine/outputbatcher.h"

#include <QSocketNotifier>

#include <thread>

namespace Sandpit::Core {

/// One run in a Docker container. The container's lifecycle blocks on HTTP calls, so it runs
/// on a thread of its own (DockerRun); this object lives on the worker thread, batches the
/// output it hands over, and feeds interactive input into the run's named pipe.
class DockerJob final : public RunJob
{
    Q_OBJECT
public:
    DockerJob(DockerRun::Plan plan, std::shared_ptr<DockerConnector> connector, std::shared_ptr<DockerReaper> reaper,
              DockerPool::Pending container);
    /// Stops the run (its container is killed and removed) and waits for its thread.
    ~DockerJob() override;

    void start() override;
    void cancel() override;
    void writeInput(const QByteArray &data) override;
    void closeInput() override;

private:
    void onRunStarted(const QString &stdinFifo);
    void onRunFinished(const RunResult &result);
    void onRunFailed(const RunError &error);
    void pumpInput();
    void closeInputPipe();

    OutputBatcher m_output; // before m_run: the run hands it output until its thread is joined
    std::unique_ptr<DockerRun> m_run;
    std::shared_ptr<DockerRunShared> m_shared;
    std::shared_ptr<NetworkProxy> m_proxy; // the run's, for its attempts once it ends
    QList<AllowedDestination> m_network;
    std::thread m_thread;
    int m_stdinFd = -1;
    std::unique_ptr<QSocketNotifier> m_stdinNotifier;
    QByteArray m_stdinBuffer;
    bool m_inputClosed = false;
    bool m_remote = false; ///< typed input goes to the run's attach, not to a pipe
    bool m_done = false;
};

} // namespace Sandpit::Core
