#pragma once

#include "docker/dockerexec.h"
#include "engine/outputbatcher.h"
#include "engine/runjob.h"

#include <thread>

namespace Sandpit::Core {

/// A command in a Docker named sandbox (RunRequest::sandbox), or a REPL in a container of its
/// own: DockerExec on a thread of its
/// own, its output batched here on the worker thread like any run's. cancel() kills the
/// command's process; the sandbox stays.
class DockerExecJob final : public RunJob
{
    Q_OBJECT
public:
    /// `ownContainer`: in a container of its own, made before the command and removed after
    /// it, a cancel or the job's end included (the REPL's, DockerReplContainer).
    DockerExecJob(RunRequest request, QStringList command, std::shared_ptr<DockerConnector> connector,
                  std::optional<DockerReplContainer::Spec> ownContainer = std::nullopt);
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
