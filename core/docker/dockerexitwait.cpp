#include "docker/dockerexitwait.h"

#include "docker/dockerrunshared.h"

namespace Sandpit::Core {

DockerExitWait::DockerExitWait(const DockerClient &client, const QString &containerPath,
                               std::shared_ptr<DockerRunShared> shared)
    : m_shared(std::move(shared))
    , m_thread([this, &client, path = containerPath + QStringLiteral("/wait")](const std::atomic_bool &abort) {
        DockerClient::StreamHandlers handlers;
        handlers.abort = &abort;
        client.stream("POST", path, handlers);
        {
            const std::lock_guard lock(m_shared->mutex);
            m_exited = true;
        }
        m_shared->changed.notify_all();
    })
{
}

} // namespace Sandpit::Core
