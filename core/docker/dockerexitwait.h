#pragma once

#include "docker/dockerclient.h"
#include "docker/dockerstreamthread.h"

#include <memory>

namespace Sandpit::Core {

struct DockerRunShared;

/// The container's exit, awaited (POST /wait) on a thread of its own, so that the run's own
/// thread can keep the clock and act on Stop meanwhile. The exit is announced on the run's
/// `changed`; how the container ended is read afterwards (DockerRunClose::readExit).
class DockerExitWait final
{
public:
    /// Starts waiting on `/containers/ID` (`containerPath`) at once.
    DockerExitWait(const DockerClient &client, const QString &containerPath, std::shared_ptr<DockerRunShared> shared);

    /// True once the container has exited. Only with the run's mutex held.
    bool exited() const { return m_exited; }
    void abort() { m_thread.abort(); }
    void join() { m_thread.join(); }

private:
    std::shared_ptr<DockerRunShared> m_shared;
    bool m_exited = false;       // guarded by m_shared->mutex
    DockerStreamThread m_thread; // last: it uses the members above from its first moment
};

} // namespace Sandpit::Core
