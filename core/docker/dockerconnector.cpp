#include "docker/dockerconnector.h"

namespace Sandpit::Core {

DockerConnector::DockerConnector(QString dockerHost, QProcessEnvironment environment)
    : m_dockerHost(std::move(dockerHost))
    , m_environment(std::move(environment))
{
}

Expected<DockerClient> DockerConnector::client()
{
    const std::lock_guard lock(m_mutex);
    if (!m_client) {
        auto endpoint = DockerEndpoint::fromDockerHost(m_dockerHost, m_environment);
        if (!endpoint)
            return std::unexpected(endpoint.error());
        auto client = DockerClient::connect(*endpoint);
        if (!client)
            return client;
        m_client = *client;
        // Once per daemon (10 to 25 ms here), not per run: it cannot change without the daemon
        // restarting, and the first client() is usually the warm container's, ahead of any run.
        m_daemonInfo = DockerDaemonInfo::fetch(*m_client);
    }
    return *m_client;
}

DockerDaemonInfo DockerConnector::daemonInfo()
{
    const std::lock_guard lock(m_mutex);
    return m_daemonInfo;
}

} // namespace Sandpit::Core
