#include "docker/dockerstdinattach.h"

#include "docker/dockerrunshared.h"

namespace Sandpit::Core {

DockerStdinAttach::DockerStdinAttach(const DockerClient &client, const QString &containerPath,
                                     std::shared_ptr<DockerRunShared> shared)
    : m_thread([&client, path = containerPath + QStringLiteral("/attach?stream=1&stdin=1"),
                shared = std::move(shared)](const std::atomic_bool &abort) {
        DockerClient::StreamHandlers handlers;
        handlers.abort = &abort;
        handlers.takeInput = [&shared](bool &ended) {
            const std::lock_guard lock(shared->mutex);
            ended = shared->inputEnded;
            return std::exchange(shared->input, {});
        };
        client.stream("POST", path, handlers);
    })
{
}

} // namespace Sandpit::Core
