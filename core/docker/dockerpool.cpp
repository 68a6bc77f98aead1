#include "docker/dockerpool.h"

#include "files/runfolders.h"

#include <algorithm>

namespace Sandpit::Core {

namespace {
Q_LOGGING_CATEGORY(lcDockerPool, "sandpit.core.docker.pool", QtWarningMsg)
} // namespace

DockerPool::DockerPool(std::shared_ptr<DockerConnector> connector, std::shared_ptr<DockerReaper> reaper)
    : m_connector(std::move(connector))
    , m_reaper(std::move(reaper))
{
    // The workspaces of a killed Sandpit hold learners' code: they go too, after the
    // containers that had them bound.
    m_reaper->post([](const DockerClient &client) {
        DockerContainer::removeOrphans(client);
        if (const int removed = RunFolders::removeAbandoned())
            qCInfo(lcDocker) << "removed" << removed << "workspaces left by a Sandpit that was killed";
    });
}

DockerPool::~DockerPool()
{
    for (auto &[key, pending] : m_warm)
        discard(std::move(pending));
    for (auto &task : m_background)
        task.wait();
}

DockerPool::Pending DockerPool::create(const DockerContainerKey &key) const
{
    return std::async(std::launch::async, [connector = m_connector, key]() -> Expected<DockerPreparedContainer> {
        auto client = connector->client();
        if (!client)
            return std::unexpected(client.error());
        // The uid is the daemon's to decide, known once client() has reached it: keys are made
        // before that, on the engine's thread, which must not wait for the daemon.
        return DockerContainer::prepare(*client, key.forDaemon(connector->daemonInfo()));
    });
}

DockerPool::Pending DockerPool::take(const DockerContainerKey &key)
{
    pruneFinished();
    const auto found = std::find_if(m_warm.begin(), m_warm.end(), [&](const auto &warm) { return warm.first == key; });
    if (found != m_warm.end()) {
        Pending pending = std::move(found->second);
        m_warm.erase(found);
        // A warm attempt that failed (say the daemon was down then) must not decide this run.
        if (pending.wait_for(std::chrono::seconds(0)) != std::future_status::ready)
            return warm(std::move(pending));
        auto ready = pending.get();
        if (ready) {
            std::promise<Expected<DockerPreparedContainer>> promise;
            promise.set_value(std::move(ready));
            return warm(promise.get_future());
        }
    }
    qCDebug(lcDockerPool).noquote() << "cold" << m_connector->dockerHost();
    return create(key);
}

DockerPool::Pending DockerPool::warm(Pending pending) const
{
    qCDebug(lcDockerPool).noquote() << "warm" << m_connector->dockerHost();
    return pending;
}

void DockerPool::prepare(const QList<DockerContainerKey> &keys)
{
    pruneFinished();
    for (auto warm = m_warm.begin(); warm != m_warm.end();) {
        if (keys.contains(warm->first)) {
            ++warm;
            continue;
        }
        discard(std::move(warm->second));
        warm = m_warm.erase(warm);
    }
    for (const DockerContainerKey &key : keys) {
        if (std::none_of(m_warm.begin(), m_warm.end(), [&](const auto &warm) { return warm.first == key; }))
            m_warm.emplace_back(key, create(key));
    }
}

void DockerPool::discard(Pending pending)
{
    m_background.push_back(std::async(std::launch::async, [reaper = m_reaper, p = std::move(pending)]() mutable {
        if (auto prepared = p.get())
            reaper->dispose(std::move(*prepared));
    }));
}

void DockerPool::pruneFinished()
{
    std::erase_if(m_background, [](const std::future<void> &task) {
        return task.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
    });
}

} // namespace Sandpit::Core
