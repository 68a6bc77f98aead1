#pragma once

#include "docker/dockercontainer.h"
#include "sandboxes/sandboxstore.h"

#include <QJsonObject>

namespace Sandpit::Core {

struct WorkspaceIdentity;

/// The labels that mark a container as a named sandbox, and what it was created with.
struct DockerSandboxLabels {
    static constexpr const char *kName = "sandpit.sandbox";
    static constexpr const char *kOwner = "sandpit.owner"; ///< uid@host:pid of whoever created it
    static constexpr const char *kWorkspace = "sandpit.workspace";
    /// The workspace folder's device and inode at create, "DEVICE:INODE" (WorkspaceIdentity):
    /// start binds the path again only while it leads to that folder.
    static constexpr const char *kWorkspaceId = "sandpit.workspace-id";
    static constexpr const char *kCpus = "sandpit.cpus";
    /// The host path of the sandbox's log, which every client that runs a command in it appends to.
    static constexpr const char *kLog = "sandpit.log";
    /// The keys of the user's own --label labels, comma-separated: a container also carries
    /// its image's labels, which are not the user's.
    static constexpr const char *kUserKeys = "sandpit.labels";
    /// SandboxSpec::network, comma-separated (allowListText); absent: no network. Its proxy's
    /// socket and attempt log are in the folder of kLog (sandboxes/sandboxproxy.h).
    static constexpr const char *kNetwork = "sandpit.network";
};

/// The POST /containers/create body of a named sandbox: a run's container
/// (DockerContainer::createBody, so the same capability drops, read-only root, no network,
/// seccomp filter and limits) that is kept up by a shell under sandpit-seccomp as PID 1
/// instead of a one-run init, with the limits applying to the whole container.
class DockerSandboxBody final
{
public:
    /// The container name of sandbox `name`: prefixed, so that `docker ps` tells it apart.
    static QString containerName(const QString &name);
    /// `key` holds the image and the limits; `controlDir` is the host folder with
    /// sandpit-seccomp, bound read-only at /run/sandpit; `owner` and `log` are the labels.
    /// The body without a sandbox's labels (a run's instead: DockerContainer::createBody's):
    /// held up by the hold shell, `workspace` (empty: a tmpfs of its own) at /work, `cpus`
    /// for the whole container (0: no limit; negative: a run's share). A REPL's container
    /// (DockerReplContainer).
    static QJsonObject held(const DockerContainerKey &key, const QString &controlDir, const QString &workspace = {},
                            double cpus = -1);
    /// Whether `workspace` (absolute; empty: none) can be bound: a folder, and, when Sandpit runs
    /// as root, usable by nobody, whom the sandbox then runs as (the local backend's rule).
    static Expected<void> checkWorkspace(const QString &workspace);
    /// `workspace`: what create found at spec.workspace, kept in the kWorkspaceId label.
    static QJsonObject make(const SandboxSpec &spec, const WorkspaceIdentity &workspace, const DockerContainerKey &key,
                            const QString &controlDir, const QString &owner, const QString &log);
};

} // namespace Sandpit::Core
