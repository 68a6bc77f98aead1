#include "docker/dockerisolation.h"

#include "files/workspacebudget.h"
#include "model/units.h"

#include <QJsonArray>

#include <pwd.h>

namespace Sandpit::Core {

namespace {
bool hasSize(const QString &options)
{
    const QStringList each = options.split(QLatin1Char(','));
    return std::any_of(each.begin(), each.end(), [](const QString &o) { return o.startsWith(QLatin1String("size=")); });
}

/// Every place the program could write that is not a sized tmpfs: each a way to fill this
/// computer's disk (or, unsized, its memory).
QStringList unboundedWrites(const QJsonObject &host)
{
    QStringList gaps;
    if (!host.value(QLatin1String("ReadonlyRootfs")).toBool())
        gaps << QStringLiteral("Its root file system was writable, on this computer's disk, with no size limit.");
    for (const QJsonValue &value : host.value(QLatin1String("Mounts")).toArray()) {
        const QJsonObject mount = value.toObject();
        const QString type = mount.value(QLatin1String("Type")).toString();
        const QString target = mount.value(QLatin1String("Target")).toString();
        if (type == QLatin1String("bind") && !mount.value(QLatin1String("ReadOnly")).toBool()) {
            gaps << QStringLiteral("Its folder %1 was a folder of this computer (%2) bound writable, with no size "
                                   "limit: it could fill this computer's disk.")
                        .arg(target, mount.value(QLatin1String("Source")).toString());
        } else if (type == QLatin1String("volume")) {
            const QJsonObject options = mount.value(QLatin1String("VolumeOptions"))
                                            .toObject()
                                            .value(QLatin1String("DriverConfig"))
                                            .toObject()
                                            .value(QLatin1String("Options"))
                                            .toObject();
            if (options.value(QLatin1String("type")).toString() != QLatin1String("tmpfs")
                || !hasSize(options.value(QLatin1String("o")).toString())) {
                gaps << QStringLiteral("Its folder %1 was a Docker volume with no size limit.").arg(target);
            }
        }
    }
    const QJsonObject tmpfs = host.value(QLatin1String("Tmpfs")).toObject();
    for (auto it = tmpfs.begin(); it != tmpfs.end(); ++it) {
        if (!hasSize(it.value().toString()))
            gaps << QStringLiteral("Its %1 was a tmpfs with no size limit.").arg(it.key());
    }
    if (!tmpfs.contains(QLatin1String("/dev/shm")) && host.value(QLatin1String("ShmSize")).toInteger() <= 0)
        gaps << QStringLiteral("Its /dev/shm had Docker's default size.");
    return gaps;
}

QString dockersComputer(bool remote)
{
    return remote ? QStringLiteral("the computer Docker runs on") : QStringLiteral("this computer");
}

/// Whether the learner's uid inside is the same number on the computer Docker runs on.
QString userNamespace(const DockerDaemonInfo &daemon, int uid, bool remote)
{
    const QString computer = dockersComputer(remote);
    if (!daemon.known) {
        return QStringLiteral("Docker did not say whether it remaps user namespaces or runs rootless, so its uid %1 is "
                              "taken to be uid %1 on %2 as well.")
            .arg(uid)
            .arg(computer);
    }
    if (daemon.rootless) {
        return QStringLiteral("Docker runs rootless: the daemon and its containers run as an ordinary user of %1, and "
                              "uid %2 inside was one of that user's subordinate uids outside.")
            .arg(computer)
            .arg(uid);
    }
    if (daemon.userNamespaceRemap) {
        return QStringLiteral("Docker remaps user namespaces (userns-remap): uid %1 inside was a subordinate uid of "
                              "%2 outside (the remap's first uid plus %1), set aside for Docker's containers, and the "
                              "container's root was not %2's root.")
            .arg(uid)
            .arg(computer);
    }
    return QStringLiteral("Docker neither remaps user namespaces nor runs rootless, so uid %1 inside was uid %1 on %2 "
                          "too, and the container's root would have been %2's root.")
        .arg(uid)
        .arg(computer);
}

bool mountsOver(const QJsonObject &host, const QString &target)
{
    const QJsonArray mounts = host.value(QLatin1String("Mounts")).toArray();
    return std::any_of(mounts.begin(), mounts.end(), [&](const QJsonValue &mount) {
        return mount.toObject().value(QLatin1String("Target")).toString() == target;
    });
}

/// What the program could learn of the host's paths from the mount and cgroup tables and the
/// host name Docker gives every container.
QStringList hostPathsSeen(const QJsonObject &body, const QJsonObject &host, const DockerDaemonInfo &daemon, bool remote)
{
    const QString rootDir = daemon.rootDir.isEmpty() ? QStringLiteral("Docker's own folder") : daemon.rootDir;
    QStringList said{
        QStringLiteral("Its /proc/self/mountinfo showed where Docker keeps image layers (%1)%2, which no "
                       "setting of a container hides.")
            .arg(rootDir, remote ? QString() : QStringLiteral(" and the path of this run's folder, bound read-only"))};
    if (!mountsOver(host, QStringLiteral("/etc/hostname"))) {
        said << QStringLiteral("Its /proc/self/mountinfo also showed the container's id, in the path of the "
                               "/etc/hostname Docker keeps for it on %1.")
                    .arg(dockersComputer(remote));
    }
    // Older daemons ignore CgroupnsMode (API 1.41) and keep the host's.
    const bool ownCgroups
        = host.value(QLatin1String("CgroupnsMode")).toString() == QLatin1String("private") && daemon.apiMinor >= 41;
    const bool ownName = !body.value(QLatin1String("Hostname")).toString().isEmpty();
    if (ownCgroups && ownName) {
        said << QStringLiteral(
            "It had a cgroup namespace and a host name of its own, so neither its cgroup paths nor its "
            "host name named the container.");
    }
    if (!ownCgroups)
        said << QStringLiteral("Its /proc/self/cgroup named the container and %1's cgroup layout.")
                    .arg(dockersComputer(remote));
    if (!ownName)
        said << QStringLiteral("Its host name was the container's id.");
    return said;
}
} // namespace

IsolationReport DockerIsolation::report(const QJsonObject &createBody, const DockerContainerKey &key, const Limits &l,
                                        const DockerDaemonInfo &daemon)
{
    const QJsonObject host = createBody.value(QLatin1String("HostConfig")).toObject();
    QStringList gaps = unboundedWrites(host);
    if (host.value(QLatin1String("NetworkMode")).toString() != QLatin1String("none"))
        gaps << QStringLiteral("It had a network.");
    if (!host.value(QLatin1String("CapDrop")).toArray().contains(QStringLiteral("ALL")))
        gaps << QStringLiteral("It kept Docker's default capabilities.");
    if (!host.value(QLatin1String("SecurityOpt")).toArray().contains(QStringLiteral("no-new-privileges")))
        gaps << QStringLiteral("Setuid programs in the image could raise its privileges.");

    // Without a user-namespace remap the container's uid is the host's: it must be nobody's.
    // Only a local engine shares this computer's accounts.
    const bool sameUidOutside = !daemon.known || (!daemon.rootless && !daemon.userNamespaceRemap);
    if (sameUidOutside && !key.remote && getpwuid(uid_t(key.learnerUid)) != nullptr) {
        gaps << QStringLiteral("Its uid %1 belongs to an account of this computer, whose files it could reach "
                               "wherever Docker let it.")
                    .arg(key.learnerUid);
    }
    // Under a remap the uid inside is small (DockerContainerKey::kMappedUid); outside it is one
    // of the subordinate uids, as userNamespace() says.
    const QString uid = sameUidOutside
        ? QStringLiteral("uid %1, which no account of this computer has,").arg(key.learnerUid)
        : QStringLiteral("uid %1 inside, a uid of Docker's subordinate range outside,").arg(key.learnerUid);
    IsolationReport report;
    report.details = {
        QStringLiteral("It ran in a Docker container from the image %1, as %2 with every capability dropped and no way "
                       "to gain privileges (no-new-privileges).")
            .arg(key.image, uid),
        QStringLiteral("It had no network: the container's network mode was \"none\"."),
        QStringLiteral(
            "Everything was read-only except its own folder /work, /tmp and /dev/shm: each a tmpfs in memory "
            "of at most %1 and %2 files and folders, so nothing it wrote reached this computer's disk. Its "
            "files went in and came back through Docker's archive API.")
            .arg(formatBytes(kWorkspaceBytes))
            .arg(kWorkspaceInodes),
        QStringLiteral(
            "Docker limited it to %1 of memory without swap, %2 processes, one CPU, files of at most %3 and %4 "
            "open files.")
            .arg(l.memoryBytes > 0 ? formatBytes(l.memoryBytes) : QStringLiteral("unlimited"))
            .arg(l.processes)
            .arg(formatBytes(l.fileSizeBytes))
            .arg(l.openFiles),
    };
    // Always: a Docker run does not start without it (see DockerContainer::prepare).
    report.details << QStringLiteral("Docker's default seccomp profile filtered its system calls, and Sandpit's own "
                                     "filter on top refused what the local sandbox refuses: tracing and reading other "
                                     "processes, io_uring, eBPF, new namespaces, and sockets other than local and IP "
                                     "ones (AF_VSOCK to the host among them). The container's first process, which "
                                     "keeps the run's secret and reports how it ended, ran under the same filter and "
                                     "could not be read or changed by the program.");
    report.details << userNamespace(daemon, key.learnerUid, key.remote);
    report.details << hostPathsSeen(createBody, host, daemon, key.remote);
    report.details << gaps;
    report.level = gaps.isEmpty() ? IsolationReport::Level::Full : IsolationReport::Level::Partial;
    return report;
}

} // namespace Sandpit::Core
