#pragma once

#include "docker/dockerconnector.h"
#include "docker/dockercontainer.h"

#include "docker/stoppablethread.h"

#include <deque>
#include <functional>
#include <memory>

namespace Sandpit::Core {

/// Removes finished and unused containers on a thread of its own, so that a result never waits
/// for Docker to take a container down (about a tenth of a second, most of a warm run).
/// Thread-safe. The last owner's destructor waits until everything queued is done: nothing
/// Sandpit made outlives the backend.
class DockerReaper final
{
public:
    explicit DockerReaper(std::shared_ptr<DockerConnector> connector);
    ~DockerReaper();
    DockerReaper(const DockerReaper &) = delete;
    DockerReaper &operator=(const DockerReaper &) = delete;

    /// Force-removes the container, then deletes its workspace. A container the daemon could
    /// not remove (it stopped answering mid-run) is tried again before each later task and
    /// once more at the end.
    void dispose(DockerPreparedContainer container);
    /// Runs `task` on the reaper's thread with a connected client (skipped without one).
    void post(std::function<void(const DockerClient &)> task);

private:
    void loop();
    void retryLeftOver();

    std::shared_ptr<DockerConnector> m_connector;
    std::deque<std::function<void(const DockerClient &)>> m_tasks; // under m_thread.lock()
    QStringList m_leftOver;                                        // touched only by the reaper's thread
    StoppableThread m_thread;
};

} // namespace Sandpit::Core
