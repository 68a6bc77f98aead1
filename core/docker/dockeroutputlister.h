#pragma once

#include "docker/dockerclient.h"
#include "files/artifactlisting.h"

#include "docker/stoppablethread.h"

#include <functional>

namespace Sandpit::Core {

/// Lists the program's files in a running container's /work twice a second, for the Output
/// Files pane, as the local sandbox's init does inside its sandbox, sorted out from Sandpit's
/// own by `baseline` (see programsFiles()). The folder is on the container's own tmpfs, out of
/// the host's sight, so each look is a GET of it through the archive API, of which only the
/// tar headers are kept. A look costs as much as /work holds (the workspace's budget at most):
/// the next waits four times as long as the last one took, so listing never takes more than a
/// fifth of the time.
class DockerOutputLister final
{
public:
    /// `listed` is called on the lister's thread, only when the list changed.
    DockerOutputLister(const DockerClient &client, QString containerId, WorkspaceBaseline baseline,
                       std::function<void(const ArtifactListing &)> listed);
    /// Stops listing; a GET under way is abandoned.
    ~DockerOutputLister();
    DockerOutputLister(const DockerOutputLister &) = delete;
    DockerOutputLister &operator=(const DockerOutputLister &) = delete;

private:
    void loop();
    std::optional<ArtifactListing> look() const;

    const DockerClient &m_client;
    const QString m_containerId;
    const WorkspaceBaseline m_baseline;
    const std::function<void(const ArtifactListing &)> m_listed;
    StoppableThread m_thread;
};

} // namespace Sandpit::Core
