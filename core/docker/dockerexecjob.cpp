#include "docker/dockerexecjob.h"

namespace Sandpit::Core {

DockerExecJob::DockerExecJob(RunRequest request, QStringList command, std::shared_ptr<DockerConnector> connector,
                             std::optional<DockerReplContainer::Spec> ownContainer)
    : m_shared(std::make_shared<DockerExec::Shared>())
{
    connect(&m_output, &OutputBatcher::batchReady, this, &RunJob::outputReceived);
    // Posted to this object's thread: the events die with it, so nothing reaches a job that
    // is gone. The output goes into m_output from the exec's thread, which ~ waits for.
    m_shared->receiver = this;
    const auto post = [shared = m_shared.get()](std::function<void()> call) { shared->post(std::move(call)); };
    DockerExec::Callbacks callbacks{
        [this, post] { post([this] { Q_EMIT started(); }); },
        [output = &m_output](OutputStream stream, QByteArray data) { output->add(stream, std::move(data)); },
        [this, post](RunResult result) {
            post([this, result] {
                m_done = true;
                m_output.flush();
                Q_EMIT finished(result);
            });
        },
        [this, post](RunError error) {
            post([this, error] {
                m_done = true;
                m_output.flush();
                Q_EMIT failed(error);
            });
        },
        [this, post](qint64 bytes) { post([this, bytes] { Q_EMIT inputBacklogChanged(bytes); }); },
    };
    m_exec = std::make_unique<DockerExec>(std::move(request), std::move(command), std::move(connector), m_shared,
                                          std::move(callbacks), std::move(ownContainer));
}

DockerExecJob::~DockerExecJob()
{
    {
        const std::lock_guard lock(m_shared->mutex);
        m_shared->receiver = nullptr;
    }
    stop(KillReason::Cancelled);
    if (m_thread.joinable())
        m_thread.join();
}

void DockerExecJob::start()
{
    m_thread = std::thread([exec = m_exec.get()] { exec->run(); });
}

void DockerExecJob::stop(KillReason reason)
{
    const std::lock_guard lock(m_shared->mutex);
    if (m_shared->stopReason == KillReason::None)
        m_shared->stopReason = reason;
}

void DockerExecJob::cancel()
{
    if (!m_done)
        stop(KillReason::Cancelled);
}

void DockerExecJob::writeInput(const QByteArray &data)
{
    qint64 backlog = 0;
    {
        const std::lock_guard lock(m_shared->mutex);
        m_shared->input.push_back(data);
        backlog = m_shared->inputBytes += data.size();
    }
    Q_EMIT inputBacklogChanged(backlog);
}

void DockerExecJob::closeInput()
{
    const std::lock_guard lock(m_shared->mutex);
    m_shared->inputEnded = true;
}

void DockerExecJob::resizeTerminal(const TerminalSize &size)
{
    const std::lock_guard lock(m_shared->mutex);
    m_shared->resize = size;
}

} // namespace Sandpit::Core
