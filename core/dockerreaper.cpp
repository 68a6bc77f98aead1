#include "dockerreaper.h"

namespace Sandpit::Core {

DockerReaper::DockerReaper(std::shared_ptr<DockerConnector> connector)
    : m_connector(std::move(connector))
    , m_thread([this] { loop(); })
{
}

DockerReaper::~DockerReaper()
{
    {
        const std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_changed.notify_all();
    m_thread.join();
}

void DockerReaper::dispose(DockerPreparedContainer container)
{
    // std::function needs a copyable callable; the container (a workspace and a descriptor)
    // is moved into shared ownership.
    auto owned = std::make_shared<DockerPreparedContainer>(std::move(container));
    post([owned](const DockerClient &client) {
        DockerContainer::remove(client, owned->id);
        // The workspace and the go pipe go when this task does, right after.
    });
}

void DockerReaper::post(std::function<void(const DockerClient &)> task)
{
    {
        const std::lock_guard lock(m_mutex);
        m_tasks.push_back(std::move(task));
    }
    m_changed.notify_all();
}

void DockerReaper::loop()
{
    for (;;) {
        std::function<void(const DockerClient &)> task;
        {
            std::unique_lock lock(m_mutex);
            m_changed.wait(lock, [this] { return m_stopping || !m_tasks.empty(); });
            if (m_tasks.empty())
                return; // stopping, and everything queued is done
            task = std::move(m_tasks.front());
            m_tasks.pop_front();
        }
        if (auto client = m_connector->client())
            task(*client);
        else // the run itself has said the daemon is gone; its containers went with it
            qCDebug(lcDocker) << "no daemon to clean up with:" << client.error().message;
    }
}

} // namespace Sandpit::Core
