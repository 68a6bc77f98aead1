#pragma once

#include "docker/dockerclient.h"
#include "sandboxes/sandboxstore.h"

#include <QJsonObject>

namespace Sandpit::Core {

/// What the daemon says of one Docker named sandbox, as a SandboxInfo.
class DockerSandboxInspect final
{
public:
    /// GET /containers/{name}/json of sandbox `name`: "There is no sandbox NAME" when no
    /// container of that name carries the sandbox label (one of the user's own containers
    /// that happens to have the name is not taken for a sandbox).
    static Expected<QJsonObject> inspect(const DockerClient &client, const QString &name);
    /// `inspect` read into a SandboxInfo; the memory in use from one stats sample when it runs.
    static SandboxInfo info(const DockerClient &client, const QJsonObject &inspect, bool stopped);
    /// The container's label `key` (DockerSandboxLabels) in an inspect; empty when absent.
    static QString label(const QJsonObject &inspect, const char *key);
    /// The sandbox's allow-list (DockerSandboxLabels::kNetwork); empty: no network.
    static QList<AllowedDestination> network(const QJsonObject &inspect);
    /// "uid@host:pid": this process, as the sandpit.owner label records its creator.
    static QString thisOwner();
    /// The owner is another user, another computer, or a process that has ended.
    static bool ownerGone(const QString &owner);
    /// Whether process `pid` of this computer is in the container `containerId`'s cgroup. An
    /// engine in a VM (Docker Desktop on Linux) is reached through a local socket, yet its
    /// State.Pid is a pid of the VM: here it may name any process of ours, or none.
    static bool isProcessOf(qint64 pid, const QString &containerId);
    /// Why a container ended by itself, from its State: out of memory, or its first
    /// process's exit.
    static QString endReason(const QJsonObject &state, qint64 memoryLimit);
};

} // namespace Sandpit::Core
