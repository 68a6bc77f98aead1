#include "docker/dockerreaper.h"

namespace Sandpit::Core {

DockerReaper::DockerReaper(std::shared_ptr<DockerConnector> connector)
    : m_connector(std::move(connector))
    , m_thread([this] { loop(); })
{
}

DockerReaper::~DockerReaper() = default;

void DockerReaper::dispose(DockerPreparedContainer container)
{
    // std::function needs a copyable callable; the container (a workspace and a descriptor)
    // is moved into shared ownership.
    auto owned = std::make_shared<DockerPreparedContainer>(std::move(container));
    post([this, owned](const DockerClient &client) {
        if (!DockerContainer::remove(client, owned->id))
            m_leftOver << owned->id;
        // The workspace and the go pipe go when this task does, right after.
    });
}

void DockerReaper::post(std::function<void(const DockerClient &)> task)
{
    {
        const auto lock = m_thread.lock();
        m_tasks.push_back(std::move(task));
    }
    m_thread.wake();
}

void DockerReaper::loop()
{
    for (;;) {
        std::function<void(const DockerClient &)> task;
        {
            auto lock = m_thread.lock();
            m_thread.waitUntil(lock, [this] { return !m_tasks.empty(); });
            if (m_tasks.empty()) {
                lock.unlock();
                retryLeftOver(); // stopping, and everything queued is done
                return;
            }
            task = std::move(m_tasks.front());
            m_tasks.pop_front();
        }
        retryLeftOver();
        if (auto client = m_connector->client())
            task(*client);
        else // the run itself has said the daemon is gone; its containers went with it
            qCDebug(lcDocker) << "no daemon to clean up with:" << client.error().message;
    }
}

void DockerReaper::retryLeftOver()
{
    if (m_leftOver.isEmpty())
        return;
    auto client = m_connector->client();
    if (!client)
        return;
    m_leftOver.removeIf([&](const QString &id) { return DockerContainer::remove(*client, id); });
}

} // namespace Sandpit::Core
