#pragma once

#include "docker/dockerexec.h"
#include "engine/outputbatcher.h"
#include "engine/runjob.h"

#include <thread>

namespace Sandpit::Core {

/// A command in a Docker named sandbox (RunRequest::sandbox): DockerExec on a thread of its
/// own, its output batched here on the worker thread like any run's. cancel() kills the
/// command's process; the sandbox stays.
class DockerExecJob final : public RunJob
{
    Q_OBJECT
public:
    DockerExecJob(RunRequest request, QStringList command, std::shared_ptr<DockerConnector> connector);
    /// Kills the command if it still runs, and waits for its thread.
    ~DockerExecJob() override;

    void start() override;
    void cancel() override;
    void writeInput(const QByteArray &data) override;
    void closeInput() override;
    void resizeTerminal(const TerminalSize &size) override;

private:
    void stop(KillReason reason);

    OutputBatcher m_output; // before m_exec: its thread hands it output until joined
    std::shared_ptr<DockerExec::Shared> m_shared;
    std::unique_ptr<DockerExec> m_exec;
    std::thread m_thread;
    bool m_done = false;
};

} // namespace Sandpit::Core
