#include "docker/dockercontainer.h"

#include "docker/dockerenvimage.h"
#include "docker/dockertransfer.h"
#include "files/workspacebudget.h"
#include "helper/proxyforward.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QUrl>

#include <csignal>
#include <fcntl.h>
#include <functional>
#include <sys/stat.h>
#include <unistd.h>

namespace Sandpit::Core {

namespace {
constexpr qint64 kNanoCpus = 1'000'000'000; // one CPU: a runaway loop must not take the desktop
// Started at its run, it waits for its files, sandpit-seccomp among them, and makes it PID 1;
// a Sandpit that died before sending them leaves a container that ends by itself after a
// minute. The token arrives last and only init reads it.
constexpr const char *kRemoteCommand
    = "i=0; until [ -e %1/ready ]; do i=$((i+1)); [ $i -gt 6000 ] && exit 0; sleep 0.01; done; "
      "exec %1/seccomp --init %1 %2";

QJsonObject ulimit(const char *name, qint64 value)
{
    return {{QStringLiteral("Name"), QLatin1String(name)},
            {QStringLiteral("Soft"), value},
            {QStringLiteral("Hard"), value}};
}

QString tmpfsOptions(const QString &extra)
{
    return QStringLiteral("%1,size=%2,nr_inodes=%3").arg(extra).arg(kWorkspaceBytes).arg(kWorkspaceInodes);
}

QJsonObject bindMount(const QString &source, const char *target, bool readOnly)
{
    return {{QStringLiteral("Type"), QStringLiteral("bind")},
            {QStringLiteral("Source"), source},
            {QStringLiteral("Target"), QLatin1String(target)},
            {QStringLiteral("ReadOnly"), readOnly}};
}

/// Puts sandpit-seccomp in the control folder (see DockerContainer::kSyscallFilter): linked,
/// which costs nothing, where the file system and fs.protected_hardlinks allow it (a build of
/// one's own), else copied (2 ms for its 1.5 MB).
bool placeSyscallFilter(const QString &installed, const QString &inControl)
{
    const QByteArray from = QFile::encodeName(installed);
    const QByteArray to = QFile::encodeName(inControl);
    if (::link(from.constData(), to.constData()) == 0)
        return true;
    return QFile::copy(installed, inControl) && QFile::setPermissions(inControl, QFileDevice::Permissions(0x7755));
}

bool ownerIsAlive(const QString &pid)
{
    bool ok = false;
    const int value = pid.toInt(&ok);
    if (!ok || value <= 0)
        return false;
    return value == getpid() || ::kill(value, 0) == 0 || errno == EPERM;
}
QString workOwner(const DockerContainerKey &key)
{
    const QString options = QStringLiteral("nosuid,nodev,mode=0777");
    if (key.workOwnerUid < 0 || key.workOwnerGid < 0)
        return options;
    return options + QStringLiteral(",uid=%1,gid=%2").arg(key.workOwnerUid).arg(key.workOwnerGid);
}

/// The rlimits the container starts with: no core files, and the run's own limits.
QJsonArray containerUlimits(const DockerContainerKey &key)
{
    QJsonArray ulimits{ulimit("core", 0)};
    if (key.fileSizeBytes > 0)
        ulimits.append(ulimit("fsize", key.fileSizeBytes));
    if (key.openFiles > 0)
        ulimits.append(ulimit("nofile", key.openFiles));
    if (key.cpuTimeMs > 0) {
        // As in the local sandbox: SIGXCPU at the soft limit says why; the hard limit a second
        // later is the backstop for a program that ignores it.
        const qint64 seconds = (key.cpuTimeMs + 999) / 1000;
        ulimits.append(QJsonObject{{QStringLiteral("Name"), QStringLiteral("cpu")},
                                   {QStringLiteral("Soft"), seconds},
                                   {QStringLiteral("Hard"), seconds + 1}});
    }
    return ulimits;
}

/// Where the container may write, and what it sees of the host.
QJsonArray containerMounts(const DockerContainerKey &key, const QString &hostControlDir, const QString &hostFilesDir)
{
    // /work is an anonymous volume of the local driver, removed with the container (v=1): a
    // tmpfs of the local sandbox's size and inodes, owned by the learner. Not a bind of a host
    // folder, which no size limit of Docker's reaches (a program wrote 2 GB into the host's
    // /tmp in a second that way), and not HostConfig.Tmpfs, which lives in the container's
    // mount namespace only, where the archive API cannot see it: a volume is mounted on the
    // daemon's side, so PUT and GET /archive reach the very tmpfs the program writes to.
    const QJsonObject workTmpfs{{QStringLiteral("type"), QStringLiteral("tmpfs")},
                                {QStringLiteral("device"), QStringLiteral("tmpfs")},
                                {QStringLiteral("o"), tmpfsOptions(workOwner(key))}};
    QJsonArray mounts{QJsonObject{{QStringLiteral("Type"), QStringLiteral("volume")},
                                  {QStringLiteral("Target"), QLatin1String(DockerContainer::kWorkDir)},
                                  {QStringLiteral("VolumeOptions"),
                                   QJsonObject{{QStringLiteral("DriverConfig"),
                                                QJsonObject{{QStringLiteral("Name"), QStringLiteral("local")},
                                                            {QStringLiteral("Options"), workTmpfs}}}}}}};
    if (!key.remote) {
        // Read-only, so no budget is needed: the go pipe, the launcher, the input pipe and
        // sandpit-seccomp; and the run's files, which the launcher copies into /work (a PUT
        // through the archive API costs 35 ms, as much as the rest of a warm run: the daemon
        // starts a helper process for each). Their host paths show in /proc/self/mountinfo:
        // a bind's source is the path of its folder on the host's file system.
        mounts.append(bindMount(hostControlDir, DockerContainer::kControlDir, true));
        mounts.append(bindMount(hostFilesDir, DockerContainer::kFilesDir, true));
        // The proxy's socket alone: the container stays on no network (NetworkMode none).
        if (!key.proxySocket.isEmpty())
            mounts.append(bindMount(key.proxySocket, Helper::kProxySocketInSandbox, true));
    }
    // Docker binds /etc/hostname from /var/lib/docker/containers/<id>/, which names the
    // container and where Docker keeps it, unless the container has a mount there of its own.
    // /dev/null shows as "/null" of the devtmpfs. An engine over TCP gets no bind at all, not
    // even of a path every Linux machine has: nothing of a run may depend on the engine's
    // disk, and the isolation report says what its own hostname file shows instead. The host
    // name itself is set below (kHostName) either way.
    if (key.engineHere)
        mounts.append(bindMount(QStringLiteral("/dev/null"), "/etc/hostname", true));
    return mounts;
}

/// The HostConfig: what the container may reach and use, the kernel's limits on it.
QJsonObject hostConfig(const DockerContainerKey &key, const QString &hostControlDir, const QString &hostFilesDir)
{
    QJsonObject host{
        {QStringLiteral("NetworkMode"), QStringLiteral("none")},
        {QStringLiteral("ReadonlyRootfs"), true},
        // The only writable places: /work above, and /tmp and /dev/shm, each as small, in
        // memory. A Tmpfs at /dev/shm replaces the one IpcMode private would make, which takes
        // a size (ShmSize, set below all the same) but no inode limit.
        {QStringLiteral("Tmpfs"),
         QJsonObject{{QStringLiteral("/tmp"), tmpfsOptions(QStringLiteral("rw,nosuid,nodev"))},
                     {QStringLiteral("/dev/shm"), tmpfsOptions(QStringLiteral("rw,nosuid,nodev,noexec"))}}},
        {QStringLiteral("ShmSize"), kWorkspaceBytes},
        {QStringLiteral("Mounts"), containerMounts(key, hostControlDir, hostFilesDir)},
        {QStringLiteral("CapDrop"), QJsonArray{QStringLiteral("ALL")}},
        // The daemon's default seccomp profile stays in force; setuid binaries gain nothing.
        {QStringLiteral("SecurityOpt"), QJsonArray{QStringLiteral("no-new-privileges")}},
        {QStringLiteral("NanoCpus"), kNanoCpus},
        {QStringLiteral("Ulimits"), containerUlimits(key)},
        {QStringLiteral("IpcMode"), QStringLiteral("private")},
        // Its own cgroup namespace: /proc/self/cgroup and the cgroup mounts are "/", not the
        // host's /docker/<container id> (Docker's default on cgroup v1). The launcher's
        // counters are read through /sys/fs/cgroup, the container's own either way. API 1.41.
        {QStringLiteral("CgroupnsMode"), QStringLiteral("private")},
        // No docker-init: sandpit-seccomp's init is PID 1 of the container. A program cannot
        // signal its namespace's init, so kill(-1) or killing its parent cannot take it down
        // (as the local sandbox's init cannot be); the program is init's child, with ordinary
        // signal semantics, and its death by signal N is reported as 128+N. Init kills
        // everything else when the program ends.
        {QStringLiteral("Init"), false},
        {QStringLiteral("AutoRemove"), false},
        // Output is read live through attach; a flood must not also fill the daemon's disk.
        {QStringLiteral("LogConfig"), QJsonObject{{QStringLiteral("Type"), QStringLiteral("none")}}},
    };
    if (key.pidsLimit() > 0)
        host.insert(QStringLiteral("PidsLimit"), key.pidsLimit());
    if (key.memoryBytes > 0) {
        host.insert(QStringLiteral("Memory"), key.memoryBytes);
        host.insert(QStringLiteral("MemorySwap"), key.memoryBytes); // equal: no swap on top
    }
    return host;
}

/// PID 1 is sandpit-seccomp's init (see core/helper/dockerinit.h): it waits for the token on
/// the go pipe, then runs whatever launcher is in the control folder by then (the command
/// cannot be changed after create).
QJsonArray initCommand(const DockerContainerKey &key)
{
    const int openFilesWatch = key.watchesOpenFiles() ? key.openFiles : 0;
    return key.remote
        ? QJsonArray{QStringLiteral("/bin/sh"), QStringLiteral("-c"),
                     QLatin1String(kRemoteCommand).arg(QLatin1String(DockerTransfer::kControlDir)).arg(openFilesWatch)}
        : QJsonArray{QLatin1String(DockerContainer::kSyscallFilter), QStringLiteral("--init"),
                     QLatin1String(DockerContainer::kControlDir), QString::number(openFilesWatch)};
}

/// The container of `key`, from its environment's image when it has an environment and that
/// image can be had (`inImage` says whether it was). A failure costs the run only its speed: it
/// is logged, and the run sends the environment as before. `bodyFor` is the create body of a key.
Expected<QString> createFromEnvironment(const DockerClient &client, const DockerContainerKey &key, bool &inImage,
                                        const std::function<QJsonObject(const DockerContainerKey &)> &bodyFor)
{
    inImage = false;
    if (key.environment.isEmpty())
        return DockerContainer::create(client, key, bodyFor(key));
    auto image = DockerEnvImage::ensure(client, key.image, key.environment);
    if (image) {
        DockerContainerKey made = key;
        made.image = *image;
        // Found a moment ago, it may have gone since: another Sandpit of this engine pruned it.
        auto id = DockerContainer::create(client, made, bodyFor(made));
        inImage = bool(id);
        if (id)
            return id;
        image = std::unexpected(id.error());
    }
    qCWarning(lcDocker).noquote() << "no image of the environment" << key.environment << "on"
                                  << client.endpoint().description << "(" << image.error().message
                                  << "): it is copied into the run instead";
    return DockerContainer::create(client, key, bodyFor(key));
}
} // namespace

DockerContainerKey DockerContainerKey::from(const QString &image, const Limits &limits, const QString &syscallFilter)
{
    return {
        image,        limits.memoryBytes, limits.processes, limits.fileSizeBytes, limits.openFiles, limits.cpuTimeMs,
        syscallFilter};
}

DockerContainerKey DockerContainerKey::forDaemon(const DockerDaemonInfo &daemon) const
{
    DockerContainerKey key = *this;
    key.learnerUid = daemon.known && (daemon.userNamespaceRemap || daemon.rootless) ? kMappedUid : kNobodysUid;
    // Rootless: the daemon's user namespace is its containers'. Remapped: the daemon runs as
    // the host's root, and uid=1000 there would hand /work to the host's first account.
    const bool sameAsInside = !daemon.known || !daemon.userNamespaceRemap;
    key.workOwnerUid = sameAsInside ? key.learnerUid
        : daemon.remapUidBase > 0   ? daemon.remapUidBase + key.learnerUid
                                    : -1;
    key.workOwnerGid = sameAsInside ? key.learnerUid
        : daemon.remapGidBase > 0   ? daemon.remapGidBase + key.learnerUid
                                    : -1;
    return key;
}

RunError DockerContainer::missingImage(const QString &image)
{
    return {RunError::Code::MissingImage,
            QStringLiteral("The Docker image %1 is not available here; pull it with `docker pull %1`, or build "
                           "the offline images with packaging/docker/build-offline-images.sh.")
                .arg(image),
            image};
}

QJsonObject DockerContainer::createBody(const DockerContainerKey &key, const QString &hostControlDir,
                                        const QString &hostFilesDir)
{
    return {
        {QStringLiteral("Image"), key.image},
        {QStringLiteral("Cmd"), initCommand(key)},
        {QStringLiteral("Entrypoint"), QJsonArray{}},
        {QStringLiteral("Env"),
         QJsonArray{QStringLiteral("PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"),
                    QStringLiteral("LANG=C.UTF-8"), QStringLiteral("HOME=/work"), QStringLiteral("TERM=dumb"),
                    QStringLiteral("TMPDIR=/tmp"), QStringLiteral("USER=learner")}},
        {QStringLiteral("WorkingDir"), QLatin1String(kWorkDir)},
        {QStringLiteral("Hostname"), QLatin1String(kHostName)},
        {QStringLiteral("User"), QStringLiteral("%1:%1").arg(key.learnerUid)},
        {QStringLiteral("AttachStdout"), true},
        {QStringLiteral("AttachStderr"), true},
        // Through the archive API typed input goes over an attach; its end (the attach
        // closing) is the program's end-of-file. With a shared file system a pipe does it.
        {QStringLiteral("AttachStdin"), key.remote},
        {QStringLiteral("OpenStdin"), key.remote},
        {QStringLiteral("StdinOnce"), key.remote},
        {QStringLiteral("Tty"), false},
        {QStringLiteral("NetworkDisabled"), true},
        {QStringLiteral("Labels"),
         QJsonObject{{QLatin1String(kRunLabel), QStringLiteral("1")},
                     {QLatin1String(kOwnerLabel), QString::number(getpid())}}},
        {QStringLiteral("HostConfig"), hostConfig(key, hostControlDir, hostFilesDir)},
    };
}

Expected<QString> DockerContainer::prepareControl(const Workspace &workspace, const QString &syscallFilter)
{
    // The program runs as key.learnerUid, which is not the host user: it must be able to read
    // the launcher.
    const QString control = workspace.root() + QStringLiteral("/control");
    if (!QDir().mkpath(control) || !QFile::setPermissions(control, QFileDevice::Permissions(0x7755))) {
        return makeError(RunError::Code::SetupFailed,
                         QStringLiteral("Could not prepare the run's folder %1 for Docker.").arg(workspace.root()));
    }
    if (!placeSyscallFilter(syscallFilter, control + QStringLiteral("/seccomp"))) {
        return makeError(RunError::Code::SetupFailed,
                         QStringLiteral("Could not put sandpit-seccomp (%1) into the run's folder %2.")
                             .arg(syscallFilter, workspace.root()));
    }
    return control;
}

Expected<DockerPreparedContainer> DockerContainer::prepare(const DockerClient &client, const DockerContainerKey &key)
{
    // Fail closed: without it, PID 1 would be a shell the program can read and take over.
    if (key.syscallFilter.isEmpty()) {
        return makeError(RunError::Code::BackendUnavailable,
                         QStringLiteral("sandpit-seccomp, which every Docker container of Sandpit runs as its first "
                                        "process, was not found next to Sandpit. Reinstall Sandpit, or set "
                                        "SANDPIT_SECCOMP to its path."));
    }
    bool inImage = false;
    auto workspace = Workspace::create();
    if (!workspace)
        return std::unexpected(workspace.error());
    if (key.remote) {
        auto id
            = createFromEnvironment(client, key, inImage, [](const DockerContainerKey &k) { return createBody(k); });
        if (!id)
            return std::unexpected(id.error());
        return DockerPreparedContainer{*id, std::move(*workspace), {}, {}, key.learnerUid, inImage};
    }
    auto madeControl = prepareControl(*workspace, key.syscallFilter);
    if (!madeControl)
        return std::unexpected(madeControl.error());
    const QString &control = *madeControl;
    // Made and opened before the container exists, so that its init always finds a writer.
    const QByteArray goPath = QFile::encodeName(control + QStringLiteral("/go"));
    if (::mkfifo(goPath.constData(), 0644) != 0) {
        return makeError(
            RunError::Code::SetupFailed,
            QStringLiteral("Could not make the pipe %1: %2.").arg(QFile::decodeName(goPath), qt_error_string(errno)));
    }
    FileDescriptor go(::open(goPath.constData(), O_RDWR | O_CLOEXEC));
    if (!go.isValid()) {
        return makeError(
            RunError::Code::SetupFailed,
            QStringLiteral("Could not open the pipe %1: %2.").arg(QFile::decodeName(goPath), qt_error_string(errno)));
    }
    auto id = createFromEnvironment(client, key, inImage, [&](const DockerContainerKey &k) {
        return createBody(k, control, workspace->workDir());
    });
    if (!id)
        return std::unexpected(id.error());
    DockerPreparedContainer prepared{*id, std::move(*workspace), control, std::move(go), key.learnerUid, inImage};
    auto started = client.call("POST", QStringLiteral("/containers/%1/start").arg(*id));
    if (!started || !started->ok()) {
        remove(client, *id);
        return std::unexpected(
            !started ? started.error()
                     : DockerClient::errorFor(*started, QStringLiteral("start a container from %1").arg(key.image)));
    }
    return prepared;
}

Expected<QString> DockerContainer::create(const DockerClient &client, const DockerContainerKey &key,
                                          const QJsonObject &body, const QString &name)
{
    const QString path = name.isEmpty() ? QStringLiteral("/containers/create")
                                        : QStringLiteral("/containers/create?name=") + name;
    auto response = client.call("POST", path, QJsonDocument(body).toJson(QJsonDocument::Compact));
    if (!response)
        return std::unexpected(response.error());
    if (response->status == 404)
        return std::unexpected(missingImage(key.image));
    if (!response->ok())
        return std::unexpected(
            DockerClient::errorFor(*response, QStringLiteral("create a container from %1").arg(key.image)));
    const QString id = response->object().value(QLatin1String("Id")).toString();
    if (id.isEmpty())
        return makeError(RunError::Code::Internal,
                         QStringLiteral("Docker created a container but did not say its id."));
    return id;
}

bool DockerContainer::remove(const DockerClient &client, const QString &id)
{
    if (id.isEmpty())
        return true;
    auto response = client.call("DELETE", QStringLiteral("/containers/%1?force=1&v=1").arg(id));
    if (!response) {
        qCWarning(lcDocker) << "could not remove container" << id << ":" << response.error().message;
        return false;
    }
    // 404: gone already; 409: another removal of it is under way.
    if (!response->ok() && response->status != 404 && response->status != 409) {
        qCWarning(lcDocker) << "could not remove container" << id << ":" << response->message();
        return false;
    }
    return true;
}

int DockerContainer::removeOrphans(const DockerClient &client)
{
    const QByteArray filters
        = QJsonDocument(QJsonObject{{QStringLiteral("label"), QJsonArray{QLatin1String(kRunLabel)}}})
              .toJson(QJsonDocument::Compact);
    auto response = client.call("GET",
                                QStringLiteral("/containers/json?all=1&filters=")
                                    + QString::fromLatin1(QUrl::toPercentEncoding(QString::fromUtf8(filters))));
    if (!response || !response->ok())
        return 0;
    int removed = 0;
    for (const QJsonValue &entry : QJsonDocument::fromJson(response->body).array()) {
        const QJsonObject container = entry.toObject();
        const QString owner
            = container.value(QLatin1String("Labels")).toObject().value(QLatin1String(kOwnerLabel)).toString();
        if (ownerIsAlive(owner))
            continue;
        remove(client, container.value(QLatin1String("Id")).toString());
        ++removed;
    }
    if (removed > 0)
        qCInfo(lcDocker) << "removed" << removed << "containers left by a Sandpit that is gone";
    return removed;
}

} // namespace Sandpit::Core
