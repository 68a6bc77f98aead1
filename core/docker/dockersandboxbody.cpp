#include "docker/dockersandboxbody.h"

#include "sandboxes/sandboxworkspace.h"
#include "sandboxes/workspaceidentity.h"

#include <QFileInfo>
#include <QJsonArray>

#include <algorithm>

#include <unistd.h>

namespace Sandpit::Core {

namespace {
// PID 1 of a sandbox: a shell that waits for ever and reaps what its commands leave behind
// (an exec's orphans become its children). `wait` waits for any child, so zombies do not
// pile up. The kernel drops a signal sent to a PID 1 without a handler, but dash catches SIGINT
// under -c: the signals a command could end the sandbox every command shares with are ignored
// outright. `stop` ends it with Docker's SIGKILL after the grace period instead.
constexpr const char *kHoldScript = "trap '' INT TERM HUP QUIT; while :; do sleep 3600 & wait $!; done";
constexpr qint64 kNanoCpusPerCpu = 1'000'000'000;
// Who a sandbox with a bound workspace runs as when Sandpit runs as root: uid 0 without
// capabilities could still make a file it owns in the host folder setuid, a setuid-root
// program on this computer. nobody, as the local backend's sandboxes run then.
constexpr uint kNobody = kSandboxNobody;

QJsonArray sandboxMounts(const QJsonArray &runMounts, const QString &workspace)
{
    QJsonArray mounts;
    for (const QJsonValue &value : runMounts) {
        const QString target = value.toObject().value(QLatin1String("Target")).toString();
        // A run's files come in through a bind the launcher copies from; a sandbox's come in
        // through the archive API at each command, or live in its bound workspace.
        if (target == QLatin1String(DockerContainer::kFilesDir))
            continue;
        if (target == QLatin1String(DockerContainer::kWorkDir) && !workspace.isEmpty()) {
            mounts.append(QJsonObject{{QStringLiteral("Type"), QStringLiteral("bind")},
                                      {QStringLiteral("Source"), workspace},
                                      {QStringLiteral("Target"), QLatin1String(DockerContainer::kWorkDir)},
                                      {QStringLiteral("ReadOnly"), false}});
            continue;
        }
        mounts.append(value);
    }
    return mounts;
}

QJsonObject sandboxLabels(const SandboxSpec &spec, const WorkspaceIdentity &workspace, const QString &owner,
                          const QString &log)
{
    QJsonObject labels;
    for (auto it = spec.labels.begin(); it != spec.labels.end(); ++it)
        labels.insert(it.key(), it.value());
    labels.insert(QLatin1String(DockerSandboxLabels::kName), spec.name);
    labels.insert(QLatin1String(DockerSandboxLabels::kOwner), owner);
    labels.insert(QLatin1String(DockerSandboxLabels::kWorkspace), spec.workspace);
    if (workspace.isRecorded())
        labels.insert(QLatin1String(DockerSandboxLabels::kWorkspaceId),
                      QStringLiteral("%1:%2").arg(workspace.device).arg(workspace.inode));
    labels.insert(QLatin1String(DockerSandboxLabels::kCpus), QString::number(spec.cpus));
    labels.insert(QLatin1String(DockerSandboxLabels::kLog), log);
    labels.insert(QLatin1String(DockerSandboxLabels::kUserKeys),
                  QStringList(spec.labels.keys()).join(QLatin1Char(',')));
    if (!spec.network.isEmpty())
        labels.insert(QLatin1String(DockerSandboxLabels::kNetwork), allowListText(spec.network).join(QLatin1Char(',')));
    return labels;
}
} // namespace

QString DockerSandboxBody::containerName(const QString &name)
{
    return QStringLiteral("sandpit-") + name;
}

QJsonObject DockerSandboxBody::held(const DockerContainerKey &key, const QString &controlDir, const QString &workspace,
                                    double cpus)
{
    QJsonObject body = DockerContainer::createBody(key, controlDir, QStringLiteral("/nonexistent"));
    body.insert(QStringLiteral("Cmd"),
                QJsonArray{QLatin1String(DockerContainer::kSyscallFilter), QStringLiteral("/bin/sh"),
                           QStringLiteral("-c"), QLatin1String(kHoldScript)});
    body.insert(QStringLiteral("AttachStdout"), false);
    body.insert(QStringLiteral("AttachStderr"), false);
    QJsonObject host = body.value(QLatin1String("HostConfig")).toObject();
    host.insert(QStringLiteral("Mounts"), sandboxMounts(host.value(QLatin1String("Mounts")).toArray(), workspace));
    if (cpus > 0)
        host.insert(QStringLiteral("NanoCpus"), qint64(cpus * double(kNanoCpusPerCpu)));
    else if (cpus == 0)
        host.remove(QStringLiteral("NanoCpus"));
    body.insert(QStringLiteral("HostConfig"), host);
    return body;
}

Expected<void> DockerSandboxBody::checkWorkspace(const QString &workspace)
{
    return checkSandboxWorkspace(workspace);
}

QJsonObject DockerSandboxBody::make(const SandboxSpec &spec, const WorkspaceIdentity &workspace,
                                    const DockerContainerKey &key, const QString &controlDir,
                                    const QString &owner, const QString &log)
{
    QJsonObject body = held(key, controlDir, spec.workspace, std::max(0.0, spec.cpus));
    // In place of a run's labels: a sandbox outlives the Sandpit that made it, which
    // DockerContainer::removeOrphans must not take it for.
    body.insert(QStringLiteral("Labels"), sandboxLabels(spec, workspace, owner, log));
    if (!spec.workspace.isEmpty()) {
        // The bound folder is the user's own: the sandbox's files there must be theirs and
        // writable by them, which kNobodysUid's would not be. The container still has no
        // capabilities, no network and the filter, and sees nothing else of the host. As root,
        // nobody's instead (see kNobody), in a folder checkWorkspace found nobody can use.
        const bool root = ::getuid() == 0;
        body.insert(QStringLiteral("User"),
                    QStringLiteral("%1:%2").arg(root ? kNobody : ::getuid()).arg(root ? kNobody : ::getgid()));
    }
    return body;
}

} // namespace Sandpit::Core
