#pragma once

#include "docker/dockerclient.h"
#include "docker/dockerdaemoninfo.h"

#include <mutex>
#include <optional>

namespace Sandpit::Core {

/// Hands out a DockerClient for the configured endpoint, negotiating the API version on first
/// use, and asks the daemon once what it says of itself (DockerDaemonInfo). Only success is
/// remembered: a daemon started after a failed run is found by the next. Blocks; shared by the
/// backend's threads.
class DockerConnector final
{
public:
    /// `dockerHost` as in DOCKER_HOST; empty means the default socket. The TLS variables are
    /// read from `environment`.
    explicit DockerConnector(QString dockerHost,
                             QProcessEnvironment environment = QProcessEnvironment::systemEnvironment());

    Expected<DockerClient> client();
    /// As given: DOCKER_HOST, empty for the default socket.
    const QString &dockerHost() const { return m_dockerHost; }
    /// What the daemon said of itself when client() first reached it; not known before that,
    /// or when /info failed then. Does not block on the daemon.
    DockerDaemonInfo daemonInfo();

private:
    QString m_dockerHost;
    QProcessEnvironment m_environment;
    std::mutex m_mutex;
    std::optional<DockerClient> m_client;
    DockerDaemonInfo m_daemonInfo;
};

} // namespace Sandpit::Core
