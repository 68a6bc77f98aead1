#pragma once

#include "docker/dockerconnector.h"
#include "docker/dockercontainer.h"
#include "docker/dockerreaper.h"

#include <future>
#include <memory>
#include <vector>

namespace Sandpit::Core {

/// Keeps containers started ahead of the next run, the way LocalBackend keeps a prepared
/// sandbox: creating and starting a container is most of a `docker run`, and doing it between
/// runs takes it off the time from Run to the first output. One for each step of a run like the
/// last one: a compiled language's run needs two (its compiler's and its program's, whose limits
/// differ), and a series of runs (a Check's tests, a grading engine's students) takes both each
/// time. Containers are single-use: a run takes one and it is removed after that run; nothing is
/// ever reused, so no program sees what another one left.
/// Used on the worker thread; the blocking work happens on threads of its own. Each take is
/// logged (category sandpit.core.docker.pool, debug) as "warm HOST" or "cold HOST".
class DockerPool final
{
public:
    using Pending = std::future<Expected<DockerPreparedContainer>>;

    /// Starts removing containers left by a Sandpit that crashed.
    DockerPool(std::shared_ptr<DockerConnector> connector, std::shared_ptr<DockerReaper> reaper);
    /// Waits for containers being made and removes every container not handed out.
    ~DockerPool();
    DockerPool(const DockerPool &) = delete;
    DockerPool &operator=(const DockerPool &) = delete;

    /// The warm container when it fits `key`, else one being created now. The caller must
    /// wait for it off the event loop and remove the container after its run.
    Pending take(const DockerContainerKey &key);
    /// Begins making a warm container for each of `keys` that has none, and removes the warm
    /// ones made for other keys: the next run is expected to be like the last.
    void prepare(const QList<DockerContainerKey> &keys);

    /// Removes a container that was taken but will not be used (its run never started),
    /// once it is made, without blocking the caller.
    void discard(Pending pending);

private:
    Pending create(const DockerContainerKey &key) const;
    /// `pending`, made ahead of its run, logged as such.
    Pending warm(Pending pending) const;
    void pruneFinished();

    std::shared_ptr<DockerConnector> m_connector;
    std::shared_ptr<DockerReaper> m_reaper;
    std::vector<std::pair<DockerContainerKey, Pending>> m_warm;
    std::vector<std::future<void>> m_background; // discards still being made, waited for at the end
};

} // namespace Sandpit::Core
