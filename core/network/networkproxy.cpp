#include "network/networkproxy.h"

#include "files/ownerfile.h"
#include "files/runfolders.h"
#include "network/proxyserver.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>

#include <cerrno>
#include <cstring>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

namespace Sandpit::Core {

namespace {

RunError proxyError(const QString &what)
{
    return RunError{RunError::Code::BackendUnavailable,
                    QStringLiteral("Sandpit could not start its network proxy: %1 (%2).")
                        .arg(what, QString::fromLocal8Bit(std::strerror(errno)))};
}

// This user's own folder, where the run's workspaces are: nobody else can plant a name there.
QString defaultParent()
{
    if (const auto parent = RunFolders::parent())
        return *parent;
    const QString runtime = qEnvironmentVariable("XDG_RUNTIME_DIR");
    return !runtime.isEmpty() && QFileInfo(runtime).isDir() ? runtime : QDir::tempPath();
}

// Any local user may connect to the socket (the program may run as nobody, or as a
// container's user); only its folder, ours alone, keeps others from finding it on the host.
Expected<FileDescriptor> listenAt(const QString &path)
{
    const QByteArray native = QFile::encodeName(path);
    sockaddr_un address{};
    if (size_t(native.size()) >= sizeof address.sun_path) {
        errno = ENAMETOOLONG;
        return std::unexpected(proxyError(QStringLiteral("the socket's path %1 is too long").arg(path)));
    }
    address.sun_family = AF_UNIX;
    std::memcpy(address.sun_path, native.constData(), size_t(native.size()));
    FileDescriptor fd(::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0));
    if (!fd.isValid() || ::bind(fd.get(), reinterpret_cast<const sockaddr *>(&address), sizeof address) != 0
        || ::chmod(native.constData(), 0666) != 0 || ::listen(fd.get(), 128) != 0)
        return std::unexpected(proxyError(QStringLiteral("no socket at %1").arg(path)));
    return fd;
}

} // namespace

NetworkProxy::NetworkProxy(std::unique_ptr<ProxyServer> server, QString folder)
    : m_server(std::move(server))
    , m_folder(std::move(folder))
{
}

Expected<std::unique_ptr<NetworkProxy>> NetworkProxy::start(const QList<AllowedDestination> &allowed,
                                                            const QString &attemptLog, const QString &parentFolder)
{
    if (allowed.isEmpty())
        return makeError(RunError::Code::BadRequest, QStringLiteral("A network proxy needs at least one allowed destination."));
    QByteArray folder = QFile::encodeName((parentFolder.isEmpty() ? defaultParent() : parentFolder)
                                          + QStringLiteral("/sandpit-run-proxy-XXXXXX"));
    if (!::mkdtemp(folder.data()))
        return std::unexpected(proxyError(QStringLiteral("no private folder in %1").arg(QFile::decodeName(folder))));
    const QString folderPath = QFile::decodeName(folder);
    // Named and owned as a run's workspace is, so that a later Sandpit removes the folder of
    // one that was killed (RunFolders::removeAbandoned()).
    OwnerFile::write(folderPath);
    auto listening = listenAt(folderPath + QStringLiteral("/proxy.sock"));
    FileDescriptor stop(::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK));
    if (!listening || !stop.isValid()) {
        QDir(folderPath).removeRecursively();
        return std::unexpected(listening ? proxyError(QStringLiteral("no eventfd")) : listening.error());
    }
    auto server = std::make_unique<ProxyServer>(std::move(*listening), std::move(stop), allowed, attemptLog);
    if (!server->start()) {
        server.reset();
        QDir(folderPath).removeRecursively();
        return std::unexpected(proxyError(QStringLiteral("no thread to serve on")));
    }
    return std::unique_ptr<NetworkProxy>(new NetworkProxy(std::move(server), folderPath));
}

NetworkProxy::~NetworkProxy()
{
    m_server.reset();
    QDir(m_folder).removeRecursively();
}

QString NetworkProxy::socketPath() const
{
    return m_folder + QStringLiteral("/proxy.sock");
}

QList<NetworkAttempt> NetworkProxy::attempts() const
{
    return m_server->attempts();
}

namespace {

// A completion line ({"id":…,"done":true}, with "failure" or "allowed":false) settles the
// pending attempt with its id; one whose attempt came before `from` belongs to an earlier
// command and is not this reader's.
void completeAttempt(QList<NetworkAttempt> &attempts, const QHash<QString, qsizetype> &pending,
                     const QJsonObject &line)
{
    const qsizetype at = pending.value(line.value(QStringLiteral("id")).toString(), -1);
    if (at < 0)
        return;
    NetworkAttempt &attempt = attempts[at];
    attempt.pending = false;
    attempt.allowed = line.value(QStringLiteral("allowed")).toBool(true);
    attempt.failure = attempt.allowed ? line.value(QStringLiteral("failure")).toString() : QString();
}

} // namespace

QList<NetworkAttempt> readAttemptLog(const QString &path, qint64 from)
{
    QFile file(path);
    QList<NetworkAttempt> attempts;
    if (!file.open(QIODevice::ReadOnly) || !file.seek(from))
        return attempts;
    qint64 leftOut = 0;
    qint64 notLogged = 0;
    bool full = false;
    QHash<QString, qsizetype> pending;
    while (!file.atEnd()) {
        const QJsonObject line = QJsonDocument::fromJson(file.readLine()).object();
        if (line.value(QStringLiteral("more")).toBool()) {
            full = true;
            break;
        }
        if (const qint64 counted = line.value(QStringLiteral("denied_not_logged")).toInteger(); counted > 0) {
            notLogged += counted;
            continue;
        }
        if (line.value(QStringLiteral("done")).toBool()) {
            completeAttempt(attempts, pending, line);
            continue;
        }
        const int port = line.value(QStringLiteral("port")).toInt();
        const QString host = line.value(QStringLiteral("host")).toString();
        if (host.isEmpty() || port <= 0 || port > 65535 || !line.value(QStringLiteral("allowed")).isBool())
            continue;
        // As a run's own list: the first ones, then how many more.
        if (attempts.size() >= kMaxListedAttempts) {
            ++leftOut;
            continue;
        }
        // A line without "pending" is an outcome already (as the proxy wrote them before it
        // recorded attempts when deciding).
        const bool waiting = line.value(QStringLiteral("pending")).toBool();
        if (waiting)
            pending.insert(line.value(QStringLiteral("id")).toString(), attempts.size());
        attempts.append(NetworkAttempt{host, quint16(port), line.value(QStringLiteral("allowed")).toBool(), false,
                                       line.value(QStringLiteral("failure")).toString(), waiting});
    }
    if (leftOut > 0)
        attempts.append(NetworkAttempt{attemptsLeftOutText(leftOut), 0, false});
    if (notLogged > 0)
        attempts.append(NetworkAttempt{deniedNotLoggedText(notLogged), 0, false});
    if (full)
        attempts.append(NetworkAttempt{attemptLogFullText(), 0, false});
    return attempts;
}

QString proxiedNetworkLine(const QList<AllowedDestination> &allowed)
{
    return QStringLiteral("Network: only through Sandpit's proxy, to %1.")
        .arg(allowListText(allowed).join(QStringLiteral(", ")));
}

void showProxiedNetwork(IsolationReport &report, const QList<AllowedDestination> &allowed)
{
    const QString line = proxiedNetworkLine(allowed);
    for (QString &detail : report.details) {
        if (detail.startsWith(QLatin1String("Network:"))) {
            detail = line;
            return;
        }
    }
    report.details << line;
}

} // namespace Sandpit::Core
