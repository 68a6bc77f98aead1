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
    struct Spec {
        DockerContainerKey key; ///< the image and the run's limits
        /// The language's variables (KEY=VALUE), in the container's environment, which every
        /// exec into it inherits: the REPL sees what a run of the language sees.
        QStringList environment;
    };

    /// Created and started from `spec`, its key made for the daemon already
    /// (DockerContainerKey::forDaemon).
    static Expected<DockerReplContainer> start(const DockerClient &client, const Spec &spec);

    const QString &id() const { return m_id; }
    /// Force-removes the container with its /work volume; false when the daemon refused.
    bool remove(const DockerClient &client);

private:
    DockerReplContainer(QString id, Workspace control);

    QString m_id;
    Workspace m_control; ///< bound read-only at /run/sandpit, with the copy of sandpit-seccomp
};

} // namespace Sandpit::Core
