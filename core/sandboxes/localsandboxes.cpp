#include "sandboxes/localsandboxes.h"

#include "base/filedescriptor.h"
#include "files/runfolders.h"
#include "helper/sandboxprotocol.h"
#include "local/localbackend.h"
#include "local/sandboxpolicy.h"
#include "sandboxes/folderpathtrust.h"
#include "sandboxes/localsandboxlog.h"
#include "sandboxes/sandboxname.h"
#include "sandboxes/sandboxproxy.h"
#include "sandboxes/sandboxworkspace.h"
#include "sandboxes/workspaceidentity.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Sandpit::Core {

namespace {

// Building a sandbox takes a few milliseconds; a minute means the helper is stuck.
constexpr int kCreateTimeoutMs = 60'000;
// Stop gives the programs 3 s after SIGTERM (the held init's grace), and the keeper then
// removes the cgroup; past this the keeper is killed, which takes the sandbox with it.
constexpr int kEndTimeoutMs = 10'000;

Expected<void> unknown(const QString &name)
{
    return makeError(
        RunError::Code::BadRequest,
        QStringLiteral("There is no local sandbox named \"%1\" (sandpit sandbox list shows them).").arg(name));
}

// A keeper killed with SIGKILL could not remove the cgroups; its init died with it, so they
// are empty, and rmdir removes only an empty group.
void removeLeftGroups(const LocalSandboxRecord &record)
{
    for (const QString &group : record.cgroups())
        QDir().rmdir(group);
}

// SIGTERM (stop) or SIGINT (kill) to the keeper, which passes it on to the sandbox's init and
// exits once everything in the sandbox is dead and its cgroup gone.
Expected<void> endSandbox(const LocalSandboxRecord &record, int signal)
{
    const ProcessIdentity keeper = record.keeper();
    if (keeper.isRunning()) {
        ::kill(static_cast<pid_t>(keeper.pid), signal);
        if (!keeper.waitUntilEnded(kEndTimeoutMs) && keeper.isRunning()) {
            ::kill(static_cast<pid_t>(keeper.pid), SIGKILL);
            keeper.waitUntilEnded(kEndTimeoutMs);
        }
    }
    // The keeper's death kills init (its death signal), and init's the whole PID namespace.
    if (!record.init().waitUntilEnded(kEndTimeoutMs))
        return makeError(RunError::Code::SetupFailed,
                         QStringLiteral("The sandbox \"%1\" did not end.").arg(record.name()));
    removeLeftGroups(record);
    // It ends with the keeper by itself (a pidfd); waiting for it here means that once stop,
    // kill or rm return, no proxy of the sandbox is left.
    SandboxProxy::end(record.stateDir());
    return {};
}

// Where create keeps which folder the workspace is (WorkspaceIdentity), for start to check.
QString identityFile(const QString &dir)
{
    return dir + QStringLiteral("/workspace-identity");
}

Expected<void> writeIdentity(const QString &dir, const WorkspaceIdentity &identity)
{
    QFile file(identityFile(dir));
    const QByteArray text = QStringLiteral("path=%1\ndevice=%2\ninode=%3\n")
                                .arg(identity.path)
                                .arg(identity.device)
                                .arg(identity.inode)
                                .toUtf8();
    if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size())
        return makeError(RunError::Code::SetupFailed, QStringLiteral("Could not write %1.").arg(file.fileName()));
    return {};
}

// A sandbox made before the file was kept has only the path its keeper recorded.
WorkspaceIdentity readIdentity(const QString &dir, const QString &workspace)
{
    const QMap<QString, QString> kept = readKeyValueFile(identityFile(dir));
    if (kept.value(QStringLiteral("path")) != workspace)
        return {.path = workspace};
    return {.path = workspace,
            .device = kept.value(QStringLiteral("device")).toULongLong(),
            .inode = kept.value(QStringLiteral("inode")).toULongLong()};
}

// Start, stop, kill and rm of one sandbox take turns: an rm during a start would remove the
// folder the helper builds into, and leave a keeper, init and cgroup nobody can find.
FileDescriptor lockTurn(const QString &dir, int how)
{
    FileDescriptor lock(::open(QFile::encodeName(dir + QStringLiteral("/start.lock")).constData(),
                               O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600));
    if (lock.isValid() && ::flock(lock.get(), how) != 0)
        lock.reset();
    return lock;
}

// Whether `path` still names the file `fd` has open.
bool sameFile(const FileDescriptor &fd, const QString &path)
{
    struct stat held { };
    struct stat named { };
    return ::fstat(fd.get(), &held) == 0 && ::stat(QFile::encodeName(path).constData(), &named) == 0
        && held.st_dev == named.st_dev && held.st_ino == named.st_ino;
}

// The spec a sandbox was created with, as its state folder kept it, for `start`.
SandboxSpec specOf(const LocalSandboxRecord &record)
{
    const SandboxInfo info = record.info();
    return {.name = info.name,
            .backend = info.backend,
            .image = {},
            .memoryBytes = info.memoryLimit,
            .cpus = info.cpus,
            .workspace = info.workspace,
            .labels = info.labels,
            .network = info.network};
}

} // namespace

LocalSandboxes::LocalSandboxes()
    : LocalSandboxes(Config{})
{
}

LocalSandboxes::LocalSandboxes(Config config)
    : m_config(std::move(config))
{
    if (m_config.root.isEmpty())
        m_config.root = defaultRoot();
    if (m_config.helperPath.isEmpty())
        m_config.helperPath = LocalBackend::findHelper();
    if (m_config.readOnlyPaths.isEmpty())
        m_config.readOnlyPaths = sandboxReadOnlyPaths();
}

QString LocalSandboxes::defaultRoot()
{
    const QString runtime = qEnvironmentVariable("XDG_RUNTIME_DIR");
    if (!runtime.isEmpty() && QFileInfo(runtime).isDir())
        return runtime + QStringLiteral("/sandpit/sandboxes");
    // This user's folder in the temporary folder, made and checked (a link, another owner)
    // on its descriptor; should that fail, the same name, which checkRootIsOurs then refuses.
    const Expected<QString> parent = RunFolders::parent();
    return (parent ? *parent : QDir::tempPath() + QStringLiteral("/sandpit-%1").arg(getuid()))
        + QStringLiteral("/sandboxes");
}

QString LocalSandboxes::stateDir(const QString &name) const
{
    return m_config.root + QLatin1Char('/') + name;
}

// The state files name processes that stop and rm signal: a folder someone else could write
// to (a planted /tmp/sandpit-UID) would let them have us kill any process of ours.
Expected<void> LocalSandboxes::checkRootIsOurs() const
{
    const QFileInfo root(m_config.root);
    const QString onTheWay = folderPathProblem(m_config.root);
    if (onTheWay.isEmpty()
        && (!root.exists()
            || (root.isDir() && !root.isSymLink() && root.ownerId() == getuid()
                && !(root.permissions() & (QFileDevice::WriteGroup | QFileDevice::WriteOther)))))
        return {};
    return makeError(RunError::Code::SetupFailed,
                     QStringLiteral("The folder of the local sandboxes, %1, is not this user's own%2; Sandpit will "
                                    "not trust what it holds.")
                         .arg(m_config.root, onTheWay.isEmpty() ? QString() : QStringLiteral(" (") + onTheWay + u')'));
}

Expected<LocalSandboxRecord> LocalSandboxes::find(const QString &name) const
{
    if (auto checked = checkSandboxName(name); !checked)
        return std::unexpected(checked.error());
    if (auto ours = checkRootIsOurs(); !ours)
        return std::unexpected(ours.error());
    LocalSandboxRecord record(stateDir(name));
    if (!record.isValid())
        return std::unexpected(unknown(name).error());
    return record;
}

Expected<QString> LocalSandboxes::runningStateDir(const QString &name) const
{
    auto record = find(name);
    if (!record)
        return std::unexpected(record.error());
    if (!record->isRunning()) {
        const SandboxInfo info = record->info();
        return makeError(RunError::Code::BadRequest,
                         QStringLiteral("The sandbox \"%1\" is not running. %2").arg(name, info.endReason));
    }
    return record->stateDir();
}

Expected<SandboxInfo> LocalSandboxes::create(const SandboxSpec &requested)
{
    if (auto checked = checkSandboxName(requested.name); !checked)
        return std::unexpected(checked.error());
    if (!requested.image.isEmpty()) {
        return makeError(RunError::Code::BadRequest,
                         QStringLiteral("A local sandbox has no image: it shows this computer's system folders "
                                        "read-only. --image is for Docker sandboxes."));
    }
    if (auto usable = checkSandboxWorkspace(requested.workspace); !usable)
        return std::unexpected(usable.error());
    SandboxSpec spec = requested;
    const auto workspace = WorkspaceIdentity::pin(spec);
    if (!workspace)
        return std::unexpected(workspace.error());
    const QString dir = stateDir(spec.name);
    if (auto ours = checkRootIsOurs(); !ours)
        return std::unexpected(ours.error());
    // The folder is the name's claim: mkdir makes it or finds it taken, in one step.
    if (!QDir().mkpath(m_config.root)
        || !QFile::setPermissions(m_config.root,
                                  QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner))
        return makeError(RunError::Code::SetupFailed, QStringLiteral("Could not make %1.").arg(m_config.root));
    // Made now, perhaps with folders on the way that were missing at the first look.
    if (auto ours = checkRootIsOurs(); !ours)
        return std::unexpected(ours.error());
    if (::mkdir(QFile::encodeName(dir).constData(), 0700) != 0) {
        if (errno != EEXIST)
            return makeError(RunError::Code::SetupFailed, QStringLiteral("Could not make %1.").arg(dir));
        return makeError(RunError::Code::BadRequest,
                         QStringLiteral("A sandbox named \"%1\" already exists; remove it first (sandpit sandbox rm "
                                        "%1) or choose another name.")
                             .arg(spec.name));
    }
    auto started = spec.workspace.isEmpty() ? Expected<void>{} : writeIdentity(dir, *workspace);
    if (started)
        started = startWithProxy(spec, dir);
    if (!started) {
        // A step after the helper may fail (the proxy's watch): the keeper is detached and
        // would keep the sandbox running with no folder left to find it by.
        if (const LocalSandboxRecord made(dir); made.isValid())
            endSandbox(made, SIGINT);
        SandboxProxy::end(dir);
        QDir(dir).removeRecursively();
        return std::unexpected(started.error());
    }
    QFile labels(dir + QStringLiteral("/labels"));
    if (!spec.labels.isEmpty() && labels.open(QIODevice::WriteOnly)) {
        for (auto it = spec.labels.begin(); it != spec.labels.end(); ++it)
            labels.write((it.key() + QLatin1Char('=') + it.value() + QLatin1Char('\n')).toUtf8());
    }
    labels.close();
    return LocalSandboxRecord(dir).info();
}

// A sandbox with an allow-list: its proxy first (the held init binds its socket and starts the
// forwarder at create), then the sandbox, then the proxy is told to end with the keeper.
Expected<void> LocalSandboxes::startWithProxy(const SandboxSpec &spec, const QString &dir) const
{
    if (spec.network.isEmpty())
        return startHolder(spec, dir, {});
    QFile list(LocalSandboxRecord::networkFile(dir));
    if (!list.open(QIODevice::WriteOnly)
        || list.write((allowListText(spec.network).join(QLatin1Char('\n')) + QLatin1Char('\n')).toUtf8()) < 0)
        return makeError(RunError::Code::SetupFailed, QStringLiteral("Could not write %1.").arg(list.fileName()));
    list.close();
    const auto socket = SandboxProxy::start(dir, spec.network);
    if (!socket)
        return std::unexpected(socket.error());
    if (auto started = startHolder(spec, dir, *socket); !started)
        return started;
    return SandboxProxy::watch(dir, LocalSandboxRecord(dir).keeper());
}

Expected<void> LocalSandboxes::startHolder(const SandboxSpec &spec, const QString &dir,
                                           const QString &proxySocket) const
{
    if (m_config.helperPath.isEmpty() || !QFileInfo(m_config.helperPath).isExecutable())
        return makeError(RunError::Code::BackendUnavailable,
                         QStringLiteral("The sandbox helper (sandpit-helper) is missing."));
    const qint64 memory = spec.memoryBytes > 0 ? spec.memoryBytes : m_config.defaultMemoryBytes;
    QStringList args{QStringLiteral("--hold"),         dir,
                     QStringLiteral("--memory-bytes"), QString::number(memory),
                     QStringLiteral("--processes"),    QString::number(m_config.processes),
                     QStringLiteral("--cpu-millis"),   QString::number(qRound64(spec.cpus * 1000))};
    for (const QString &path : m_config.readOnlyPaths)
        args << QStringLiteral("--ro-bind-try") << path;
    if (!spec.workspace.isEmpty())
        args << QStringLiteral("--work-bind") << spec.workspace; // canonical since create
    if (!proxySocket.isEmpty())
        args << QStringLiteral("--proxy-socket") << proxySocket;
    QProcess helper;
    helper.start(m_config.helperPath, args);
    // The helper returns once the sandbox stands; its keeper lives on, detached.
    if (!helper.waitForFinished(kCreateTimeoutMs) || helper.exitStatus() != QProcess::NormalExit
        || helper.exitCode() != 0) {
        helper.kill();
        helper.waitForFinished();
        const QString why = QString::fromUtf8(helper.readAllStandardError()).trimmed();
        return makeError(RunError::Code::SetupFailed,
                         QStringLiteral("Could not create the sandbox \"%1\": %2")
                             .arg(spec.name, why.isEmpty() ? helper.errorString() : why));
    }
    return {};
}

// The helper builds into the same folder, so that the log (and its count of dropped bytes),
// the labels and the allow-list stay where they were; the old end record is kept aside until
// the new sandbox stands, so a start that fails leaves it as stopped as it was.
Expected<SandboxInfo> LocalSandboxes::start(const QString &name)
{
    auto found = find(name);
    if (!found)
        return std::unexpected(found.error());
    const QString dir = found->stateDir();
    // Two starts at once would each build a sandbox in the one folder.
    const FileDescriptor lock = lockTurn(dir, LOCK_EX | LOCK_NB);
    if (!lock.isValid())
        return makeError(RunError::Code::BadRequest,
                         QStringLiteral("The sandbox \"%1\" is being started, stopped or removed already.").arg(name));
    const LocalSandboxRecord record(dir); // as it is now that no other start can change it
    // Removed while this start waited for its turn.
    if (!record.isValid())
        return std::unexpected(unknown(name).error());
    if (record.isRunning())
        return makeError(RunError::Code::BadRequest,
                         QStringLiteral("The sandbox \"%1\" is running already.").arg(name));
    if (record.keeper().isRunning())
        return makeError(
            RunError::Code::BadRequest,
            QStringLiteral("The sandbox \"%1\" is still stopping; start it once it has stopped.").arg(name));
    const SandboxSpec spec = specOf(record);
    if (auto usable = checkSandboxWorkspace(spec.workspace); !usable)
        return std::unexpected(usable.error());
    if (!spec.workspace.isEmpty()) {
        if (auto same = readIdentity(dir, spec.workspace).checkUnchanged(); !same)
            return std::unexpected(same.error());
    }
    removeLeftGroups(record);
    SandboxProxy::end(dir);
    const QString endFile = dir + QLatin1Char('/') + QLatin1String(Helper::SandboxProtocol::kEndFile);
    const QString endAside = endFile + QStringLiteral(".before-start");
    QFile::remove(endAside);
    QFile::rename(endFile, endAside);
    if (auto started = startWithProxy(spec, dir); !started) {
        if (const LocalSandboxRecord made(dir); made.isRunning())
            endSandbox(made, SIGINT);
        SandboxProxy::end(dir);
        QFile::remove(endFile);
        QFile::rename(endAside, endFile);
        return std::unexpected(started.error());
    }
    QFile::remove(endAside);
    // Should the folder have gone while the helper built (an rm that did not wait its turn),
    // nothing could find what was built: it ends here instead of running on unseen.
    if (!sameFile(lock, dir + QStringLiteral("/start.lock"))) {
        if (const LocalSandboxRecord made(dir); made.isValid())
            endSandbox(made, SIGINT);
        return std::unexpected(unknown(name).error());
    }
    return LocalSandboxRecord(dir).info();
}

Expected<QList<SandboxInfo>> LocalSandboxes::list()
{
    if (auto ours = checkRootIsOurs(); !ours)
        return std::unexpected(ours.error());
    QList<SandboxInfo> all;
    const QStringList names = QDir(m_config.root).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    for (const QString &name : names) {
        // A folder without state is a create under way (or one that failed and is being removed).
        const LocalSandboxRecord record(stateDir(name));
        if (record.isValid())
            all << record.info();
    }
    return all;
}

Expected<void> LocalSandboxes::end(const QString &name, int signal, bool thenRemove)
{
    auto found = find(name);
    if (!found)
        return std::unexpected(found.error());
    const QString dir = found->stateDir();
    // Waits for a start under way to finish, so that what it builds is what ends.
    const FileDescriptor turn = lockTurn(dir, LOCK_EX);
    const LocalSandboxRecord record(dir);
    if (!turn.isValid() || !record.isValid())
        return unknown(name);
    if (auto ended = endSandbox(record, signal); !ended || !thenRemove)
        return ended;
    // Moved out of the name first, in one step and still in turn: a start that comes next
    // finds no folder to open its lock in, rather than a half-removed one to build into.
    const QString gone = m_config.root + QStringLiteral("/.removing-") + name;
    QDir(gone).removeRecursively();
    const QString removed = QFile::rename(dir, gone) ? gone : dir;
    if (!QDir(removed).removeRecursively())
        return makeError(RunError::Code::SetupFailed, QStringLiteral("Could not remove %1.").arg(dir));
    return {};
}

Expected<void> LocalSandboxes::stop(const QString &name)
{
    return end(name, SIGTERM);
}

Expected<void> LocalSandboxes::kill(const QString &name)
{
    return end(name, SIGINT);
}

Expected<void> LocalSandboxes::remove(const QString &name)
{
    return end(name, SIGINT, true);
}

Expected<SandboxLogRead> LocalSandboxes::logs(const QString &name, qint64 from)
{
    auto record = find(name);
    if (!record)
        return std::unexpected(record.error());
    return readLocalSandboxLog(record->stateDir(), from);
}

Expected<QList<NetworkAttempt>> LocalSandboxes::networkAttempts(const QString &name)
{
    auto record = find(name);
    if (!record)
        return std::unexpected(record.error());
    return SandboxProxy::attemptsSince(record->stateDir(), 0);
}

} // namespace Sandpit::Core
