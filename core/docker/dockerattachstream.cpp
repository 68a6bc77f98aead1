#include "docker/dockerattachstream.h"

#include "docker/dockerrunshared.h"

namespace Sandpit::Core {

namespace {
// A daemon that has not connected an attach by then is not going to.
constexpr auto kAttachTimeout = std::chrono::seconds(10);
} // namespace

DockerAttachStream::DockerAttachStream(const DockerClient &client, const QString &containerPath,
                                       std::shared_ptr<DockerRunShared> shared, OnData onData)
    : m_shared(std::move(shared))
    , m_onData(std::move(onData))
    , m_thread([this, &client, path = containerPath + QStringLiteral("/attach?stream=1&stdout=1&stderr=1")](
                   const std::atomic_bool &abort) { read(client, path, abort); })
{
}

void DockerAttachStream::read(const DockerClient &client, const QString &path, const std::atomic_bool &abort)
{
    DockerClient::StreamHandlers handlers;
    handlers.onConnected = [this] {
        {
            const std::lock_guard lock(m_shared->mutex);
            m_connected = true;
        }
        m_shared->changed.notify_all();
    };
    handlers.onData = m_onData;
    handlers.abort = &abort;
    auto response = client.stream("POST", path, handlers);
    {
        const std::lock_guard lock(m_shared->mutex);
        m_result = std::move(response);
        m_ended = true;
    }
    m_shared->changed.notify_all();
}

Expected<void> DockerAttachStream::waitConnected()
{
    std::unique_lock lock(m_shared->mutex);
    m_shared->changed.wait_for(lock, kAttachTimeout, [this] { return m_connected || m_ended; });
    if (m_connected)
        return {};
    abort();
    if (m_result && m_result->status == 404)
        return makeError(RunError::Code::Internal,
                         QStringLiteral("The prepared container disappeared before the run."));
    return std::unexpected(!m_result ? m_result.error()
                                     : DockerClient::errorFor(*m_result, QStringLiteral("attach to the container")));
}

void DockerAttachStream::waitEnded(std::chrono::milliseconds timeout)
{
    std::unique_lock lock(m_shared->mutex);
    m_shared->changed.wait_for(lock, timeout, [this] { return m_ended; });
}

} // namespace Sandpit::Core
