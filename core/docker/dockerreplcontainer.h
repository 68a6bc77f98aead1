#pragma once

#include "docker/dockercontainer.h"

namespace Sandpit::Core {

/// The container of one terminal run (the REPL) in Docker: made as a named sandbox's is
/// (DockerSandboxBody: no network, capabilities dropped, read-only root, the run's limits for
/// the whole container, held up by a shell under sandpit-seccomp) so that the REPL is exec'd
/// into it with a pty, which a one-run container's init cannot give. It carries a run's
/// labels, not a sandbox's: `sandpit sandbox list` does not show it, and
/// DockerContainer::removeOrphans removes it should the Sandpit that made it die. Move-only;
/// remove() ends it, its /work and its control folder.
class DockerReplContainer final
{
public:
    /// Created and started from `key` (made for the daemon already: DockerContainerKey::forDaemon).
    static Expected<DockerReplContainer> start(const DockerClient &client, const DockerContainerKey &key);

    const QString &id() const { return m_id; }
    /// Force-removes the container with its /work volume; false when the daemon refused.
    bool remove(const DockerClient &client);

private:
    DockerReplContainer(QString id, Workspace control);

    QString m_id;
    Workspace m_control; ///< bound read-only at /run/sandpit, with the copy of sandpit-seccomp
};

} // namespace Sandpit::Core
