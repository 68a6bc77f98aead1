#pragma once

#include "docker/dockerclient.h"
#include "docker/dockercontainer.h"
#include "docker/dockerrunend.h"

#include <functional>
#include <optional>

namespace Sandpit::Core {

/// The end of one container's run, once the program has ended or is to be stopped. What
/// outlives the container (output/, a kept workspace, a build) is copied out of its /work, a
/// tmpfs that goes with it, while nothing of the program is left running to change it; then
/// the container is killed and waited for, and how the program ended is read from the Engine
/// API. Not from the end marker: that travels in the program's own output stream, and only
/// the token's secrecy keeps a program from writing one.
class DockerRunClose final
{
public:
    /// Copies what the run keeps out of the container; its failure is the caller's to weigh.
    using Copy = std::function<void()>;

    DockerRunClose(const DockerClient &client, DockerPreparedContainer &container);

    /// The program ended by itself: init has killed whatever it left behind and holds the
    /// container until it is told the copy is done. `copy`, then init is let go, and the
    /// container is killed should it not have ended, and waited for.
    Expected<void> afterProgramEnded(const Copy &copy);
    /// The program is being stopped: frozen (the cgroup freezer) while `copy` runs, then the
    /// container is killed and waited for. A container that could not be frozen is killed
    /// first, and nothing is copied: a program still running must not change what is read.
    void stop(const Copy &copy);
    /// The container's exit status and OOM kill into `ending`: init exits with the program's
    /// status (128+N for signal N).
    Expected<void> readExit(DockerRunEnd &ending) const;

private:
    bool release();
    /// POST /kill, then /wait: true when the wait saw the container stop.
    bool killAndWait();
    /// True when the container stopped within `timeoutMs`.
    bool waitForExit(int timeoutMs);
    static RunError unanswered(RunError error);

    const DockerClient &m_client;
    DockerPreparedContainer &m_container;
    QString m_base;                       // /containers/ID
    std::optional<RunError> m_unanswered; // the daemon did not answer the kill
};

} // namespace Sandpit::Core
