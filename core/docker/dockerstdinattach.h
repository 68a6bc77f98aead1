#pragma once

#include "docker/dockerclient.h"
#include "docker/dockerstreamthread.h"

#include <memory>

namespace Sandpit::Core {

struct DockerRunShared;

/// Typed input, out: for a container reached through the archive API, which has no pipe of
/// ours in it, an attach with stdin=1 on a thread of its own carries what the user types
/// (DockerRunShared::input). Its own attach, not the output's, so that closing it at the end
/// of the input does not end the output's stream.
class DockerStdinAttach final
{
public:
    /// Connects to `/containers/ID` (`containerPath`) at once.
    DockerStdinAttach(const DockerClient &client, const QString &containerPath,
                      std::shared_ptr<DockerRunShared> shared);

    void abort() { m_thread.abort(); }

private:
    DockerStreamThread m_thread;
};

} // namespace Sandpit::Core
