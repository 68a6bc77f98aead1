#include "dockerconnector.h"

namespace Sandpit::Core {

DockerConnector::DockerConnector(QString dockerHost)
    : m_dockerHost(std::move(dockerHost))
{
}

Expected<DockerClient> DockerConnector::client()
{
    const std::lock_guard lock(m_mutex);
    if (m_client)
        return *m_client;
    auto endpoint = DockerEndpoint::fromDockerHost(m_dockerHost);
    if (!endpoint)
        return std::unexpected(endpoint.error());
    auto client = DockerClient::connect(*endpoint);
    if (client)
        m_client = *client;
    return client;
}

} // namespace Sandpit::Core
