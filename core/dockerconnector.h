#pragma once

#include "dockerclient.h"

#include <mutex>
#include <optional>

namespace Sandpit::Core {

/// Hands out a DockerClient for the configured endpoint, negotiating the API version on first
/// use. Only success is remembered: a daemon started after a failed run is found by the next.
/// Blocks; shared by the backend's threads.
class DockerConnector final
{
public:
    /// `dockerHost` as in DOCKER_HOST; empty means the default socket.
    explicit DockerConnector(QString dockerHost);

    Expected<DockerClient> client();

private:
    QString m_dockerHost;
    std::mutex m_mutex;
    std::optional<DockerClient> m_client;
};

} // namespace Sandpit::Core
