#include "docker/dockersandboxes.h"

#include "docker/dockerbackend.h"
#include "docker/dockersandboxbody.h"
#include "docker/dockersandboxfolder.h"
#include "docker/dockersandboxinspect.h"
#include "docker/dockersandboxlog.h"
#include "helper/proxyforward.h"
#include "sandboxes/sandboxproxy.h"
#include "sandboxes/workspaceidentity.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QUrl>

#include <unistd.h>

namespace Sandpit::Core {

namespace {
// `stop`'s grace before Docker sends SIGKILL, which is what ends PID 1 (it ignores SIGTERM, so
// that no command can end the sandbox); the commands still running get the grace to end.
constexpr int kStopGraceSeconds = 5;
// A stop waits for the grace period and the container's end.
constexpr int kStopTimeoutMs = (kStopGraceSeconds + 20) * 1000;

RunError badRequest(const QString &message)
{
    return {RunError::Code::BadRequest, message, {}};
}

// Where the container binds its proxy's socket from: the first proxy's socket, fixed in the
// container's mounts at create.
QString boundProxySocket(const QJsonObject &inspect)
{
    const QJsonArray mounts
        = inspect.value(QLatin1String("HostConfig")).toObject().value(QLatin1String("Mounts")).toArray();
    for (const QJsonValue &mount : mounts) {
        if (mount.toObject().value(QLatin1String("Target")).toString() == QLatin1String(Helper::kProxySocketInSandbox))
            return mount.toObject().value(QLatin1String("Source")).toString();
    }
    return {};
}
} // namespace

DockerSandboxes::DockerSandboxes(std::shared_ptr<DockerConnector> connector, Config config)
    : m_connector(std::move(connector))
    , m_config(std::move(config))
{
    if (m_config.syscallFilter.isEmpty())
        m_config.syscallFilter = DockerBackend::findSyscallFilter();
}

bool DockerSandboxes::isValidName(const QString &name)
{
    static const QRegularExpression pattern(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9_.-]{0,62}$"));
    return pattern.match(name).hasMatch();
}

Expected<void> DockerSandboxes::checkSpec(const SandboxSpec &spec, const DockerClient &client) const
{
    if (!isValidName(spec.name)) {
        return std::unexpected(badRequest(
            QStringLiteral("\"%1\" cannot name a sandbox: use letters, digits, '.', '_' and '-' (at most 63, "
                           "starting with a letter or digit).")
                .arg(spec.name)));
    }
    for (auto it = spec.labels.begin(); it != spec.labels.end(); ++it) {
        if (it.key().startsWith(QLatin1String("sandpit.")) || it.key().isEmpty())
            return std::unexpected(badRequest(QStringLiteral("The label \"%1\" is Sandpit's own.").arg(it.key())));
    }
    // Files would have to go through the archive API, and a folder of this computer cannot be
    // /work on an engine somewhere else.
    if (DockerBackend::isRemote(m_config.environment)) {
        return std::unexpected(badRequest(
            QStringLiteral("Named sandboxes need a Docker engine that shares this computer's disk, and %1 does not "
                           "(or SANDPIT_DOCKER_TRANSFER=archive says so): a sandbox's first process and its filter, "
                           "and a --workspace, are bound from this computer's folders.")
                .arg(client.endpoint().description)));
    }
    if (auto usable = DockerSandboxBody::checkWorkspace(spec.workspace); !usable)
        return usable;
    if (m_config.syscallFilter.isEmpty()) {
        return makeError(RunError::Code::BackendUnavailable,
                         QStringLiteral("sandpit-seccomp, which every Docker sandbox runs as its first process, was "
                                        "not found next to Sandpit. Reinstall Sandpit, or set SANDPIT_SECCOMP."));
    }
    return {};
}

// Only once the name's folder is claimed: before, a second create could pass this between the
// first one's check and its container.
Expected<void> DockerSandboxes::checkNameFree(const DockerClient &client, const QString &name)
{
    auto existing = DockerSandboxInspect::inspect(client, name);
    if (existing)
        return std::unexpected(DockerSandboxFolder::nameTaken(name));
    if (existing.error().code != RunError::Code::BadRequest)
        return std::unexpected(existing.error());
    return {};
}

Expected<SandboxInfo> DockerSandboxes::create(const SandboxSpec &requested)
{
    auto client = m_connector->client();
    if (!client)
        return std::unexpected(client.error());
    SandboxSpec spec = requested;
    if (spec.image.isEmpty())
        spec.image = m_config.defaultImage;
    if (auto checked = checkSpec(spec, *client); !checked)
        return std::unexpected(checked.error());
    const auto workspace = WorkspaceIdentity::pin(spec);
    if (!workspace)
        return std::unexpected(workspace.error());

    Limits limits = m_config.limits;
    if (spec.memoryBytes > 0)
        limits.memoryBytes = spec.memoryBytes;
    // A sandbox lives for hours: a CPU-time rlimit would end its long-lived processes.
    limits.cpuTimeMs = 0;
    DockerContainerKey key
        = DockerContainerKey::from(spec.image, limits, m_config.syscallFilter).forDaemon(m_connector->daemonInfo());
    const DockerSandboxFolder folder(spec.name, m_config.environment);
    const auto claimed = folder.claim();
    if (!claimed)
        return std::unexpected(claimed.error());
    if (auto free = checkNameFree(*client, spec.name); !free)
        return std::unexpected(free.error());
    if (auto prepared = folder.prepare(m_config.syscallFilter); !prepared)
        return std::unexpected(prepared.error());
    folder.markStopped(false);
    // The claim makes the folder, and the proxy its record names, this call's own (or a crashed
    // create's leftovers): no other sandbox's are removed or ended here.
    const auto fail = [&](RunError error) -> Expected<SandboxInfo> {
        SandboxProxy::end(folder.root());
        folder.remove();
        return std::unexpected(std::move(error));
    };
    // The proxy first: the container binds its socket, and its first process starts the
    // forwarder to it (sandpit-seccomp); it is told to end with that process once it runs.
    if (!spec.network.isEmpty()) {
        auto socket = SandboxProxy::start(folder.root(), spec.network);
        if (!socket)
            return fail(socket.error());
        key.proxySocket = *socket;
    }

    const QJsonObject body = DockerSandboxBody::make(spec, *workspace, key, folder.control(),
                                                     DockerSandboxInspect::thisOwner(), folder.log());
    auto created
        = client->call("POST", QStringLiteral("/containers/create?name=") + DockerSandboxBody::containerName(spec.name),
                       QJsonDocument(body).toJson(QJsonDocument::Compact));
    if (!created)
        return fail(created.error());
    if (created->status == 404)
        return fail(DockerContainer::missingImage(spec.image));
    if (created->status == 409)
        return fail(badRequest(QStringLiteral("The container name %1 is taken by a container that is not a sandbox "
                                              "of Sandpit's; remove it with `docker rm %1`, or choose another name.")
                                   .arg(DockerSandboxBody::containerName(spec.name))));
    if (!created->ok())
        return fail(DockerClient::errorFor(*created, QStringLiteral("create the sandbox %1").arg(spec.name)));
    const QString id = created->object().value(QLatin1String("Id")).toString();
    auto started = client->call("POST", QStringLiteral("/containers/%1/start").arg(id));
    if (!started || !started->ok()) {
        DockerContainer::remove(*client, id);
        return fail(!started ? started.error()
                             : DockerClient::errorFor(*started, QStringLiteral("start the sandbox %1").arg(spec.name)));
    }
    auto inspect = DockerSandboxInspect::inspect(*client, spec.name);
    if (!inspect)
        return std::unexpected(inspect.error());
    if (!spec.network.isEmpty()) {
        if (auto watched = watchFirstProcess(folder.root(), *inspect); !watched) {
            DockerContainer::remove(*client, id);
            return fail(watched.error());
        }
    }
    return DockerSandboxInspect::info(*client, *inspect, false);
}

// The container's first process as the host sees it (a local engine shares this computer's
// PID namespace): once it is gone, by stop, kill, rm or an end of its own, so is the sandbox.
Expected<void> DockerSandboxes::watchFirstProcess(const QString &folder, const QJsonObject &inspect)
{
    const qint64 pid = inspect.value(QLatin1String("State")).toObject().value(QLatin1String("Pid")).toInteger();
    const ProcessIdentity first = ProcessIdentity::of(pid);
    if (!first.isRunning() || !DockerSandboxInspect::isProcessOf(pid, inspect.value(QLatin1String("Id")).toString()))
        return makeError(RunError::Code::SetupFailed,
                         QStringLiteral("The sandbox's first process (pid %1 to its engine) is not a process of this "
                                        "computer, as with an engine in a VM, so its network proxy would not know "
                                        "when to end: --allow-net needs an engine that runs its containers here.")
                             .arg(pid));
    return SandboxProxy::watch(folder, first);
}

// Docker keeps a stopped container, so it starts as it was made: its body, its limits, its
// first process, which starts the forwarder again. Only the proxy is new.
Expected<SandboxInfo> DockerSandboxes::start(const QString &name)
{
    if (auto known = find(name); !known)
        return std::unexpected(known.error());
    const DockerSandboxFolder folder(name, m_config.environment);
    const auto claimed = folder.claim();
    if (!claimed) {
        return std::unexpected(claimed.error().code == RunError::Code::BadRequest
                                   ? badRequest(QStringLiteral("The sandbox \"%1\" is being created or started "
                                                               "already.")
                                                    .arg(name))
                                   : claimed.error());
    }
    auto found = find(name); // as it is now that no other start or create can change it
    if (!found)
        return std::unexpected(found.error());
    const auto &[client, inspect] = *found;
    if (inspect.value(QLatin1String("State")).toObject().value(QLatin1String("Running")).toBool())
        return std::unexpected(badRequest(QStringLiteral("The sandbox \"%1\" is running already.").arg(name)));
    const QString workspace = DockerSandboxInspect::label(inspect, DockerSandboxLabels::kWorkspace);
    if (auto usable = DockerSandboxBody::checkWorkspace(workspace); !usable)
        return std::unexpected(usable.error());
    // The daemon resolves the bind's source again at start, following any link put there since.
    if (!workspace.isEmpty()) {
        const QStringList id = DockerSandboxInspect::label(inspect, DockerSandboxLabels::kWorkspaceId).split(u':');
        const WorkspaceIdentity recorded{
            .path = workspace, .device = id.value(0).toULongLong(), .inode = id.value(1).toULongLong()};
        if (auto same = recorded.checkUnchanged(); !same)
            return std::unexpected(same.error());
    }
    return startStopped(client, inspect, folder);
}

Expected<SandboxInfo> DockerSandboxes::startStopped(const DockerClient &client, const QJsonObject &inspect,
                                                    const DockerSandboxFolder &folder) const
{
    const QString id = inspect.value(QLatin1String("Id")).toString();
    const QString name = DockerSandboxInspect::label(inspect, DockerSandboxLabels::kName);
    const bool proxied = !DockerSandboxInspect::network(inspect).isEmpty();
    const auto fail = [&](RunError error) -> Expected<SandboxInfo> {
        client.call("POST", QStringLiteral("/containers/%1/kill").arg(id));
        folder.markStopped(true);
        SandboxProxy::end(folder.root());
        return std::unexpected(std::move(error));
    };
    SandboxProxy::end(folder.root());
    if (proxied) {
        if (auto restarted = restartProxy(folder.root(), inspect); !restarted)
            return fail(restarted.error());
    }
    folder.markStopped(false);
    auto started = client.call("POST", QStringLiteral("/containers/%1/start").arg(id));
    if (!started || (!started->ok() && started->status != 304))
        return fail(!started ? started.error()
                             : DockerClient::errorFor(*started, QStringLiteral("start the sandbox %1").arg(name)));
    auto now = DockerSandboxInspect::inspect(client, name);
    if (!now)
        return fail(now.error());
    if (proxied) {
        if (auto watched = watchFirstProcess(folder.root(), *now); !watched)
            return fail(watched.error());
    }
    return DockerSandboxInspect::info(client, *now, false);
}

// A new proxy, whose socket is linked where the container binds it from: Docker cannot change
// a container's mounts, and the first proxy's folder went with it. A hard link, so the bind
// takes the new socket itself, whatever a path on the way does meanwhile.
Expected<void> DockerSandboxes::restartProxy(const QString &folder, const QJsonObject &inspect) const
{
    const QString bound = boundProxySocket(inspect);
    if (!bound.startsWith(folder + QLatin1Char('/')) || bound.contains(QLatin1String("/../")))
        return makeError(RunError::Code::SetupFailed,
                         QStringLiteral("The sandbox's container binds its proxy's socket from %1, outside its folder "
                                        "%2; remove it and create it again.")
                             .arg(bound, folder));
    auto socket = SandboxProxy::start(folder, DockerSandboxInspect::network(inspect));
    if (!socket)
        return std::unexpected(socket.error());
    QFile::remove(bound);
    if (!QDir().mkpath(QFileInfo(bound).path())
        || ::link(QFile::encodeName(*socket).constData(), QFile::encodeName(bound).constData()) != 0)
        return makeError(RunError::Code::SetupFailed,
                         QStringLiteral("Could not put the sandbox's new proxy socket at %1: %2.")
                             .arg(bound, qt_error_string(errno)));
    return {};
}

Expected<QList<SandboxInfo>> DockerSandboxes::list()
{
    auto client = m_connector->client();
    if (!client)
        return std::unexpected(client.error());
    const QByteArray filters
        = QJsonDocument(QJsonObject{{QStringLiteral("label"), QJsonArray{QLatin1String(DockerSandboxLabels::kName)}}})
              .toJson(QJsonDocument::Compact);
    auto response = client->call("GET",
                                 QStringLiteral("/containers/json?all=1&filters=")
                                     + QString::fromLatin1(QUrl::toPercentEncoding(QString::fromUtf8(filters))));
    if (!response)
        return std::unexpected(response.error());
    if (!response->ok())
        return std::unexpected(DockerClient::errorFor(*response, QStringLiteral("list the sandboxes")));
    QList<SandboxInfo> sandboxes;
    for (const QJsonValue &entry : QJsonDocument::fromJson(response->body).array()) {
        const QString name = entry.toObject()
                                 .value(QLatin1String("Labels"))
                                 .toObject()
                                 .value(QLatin1String(DockerSandboxLabels::kName))
                                 .toString();
        auto inspect = DockerSandboxInspect::inspect(*client, name);
        if (!inspect)
            continue; // removed meanwhile
        const bool stopped = DockerSandboxFolder(name, m_config.environment).wasStopped();
        sandboxes.append(DockerSandboxInspect::info(*client, *inspect, stopped));
    }
    std::sort(sandboxes.begin(), sandboxes.end(), [](const auto &a, const auto &b) { return a.name < b.name; });
    return sandboxes;
}

Expected<std::pair<DockerClient, QJsonObject>> DockerSandboxes::find(const QString &name)
{
    auto client = m_connector->client();
    if (!client)
        return std::unexpected(client.error());
    auto inspect = DockerSandboxInspect::inspect(*client, name);
    if (!inspect)
        return std::unexpected(inspect.error());
    return std::pair{*client, *inspect};
}

Expected<void> DockerSandboxes::end(const QString &name, const char *how)
{
    auto found = find(name);
    if (!found)
        return std::unexpected(found.error());
    auto &[client, inspect] = *found;
    DockerSandboxFolder(name, m_config.environment).markStopped(true);
    const QString id = inspect.value(QLatin1String("Id")).toString();
    const bool stop = qstrcmp(how, "stop") == 0;
    const QString path = stop ? QStringLiteral("/containers/%1/stop?t=%2").arg(id).arg(kStopGraceSeconds)
                              : QStringLiteral("/containers/%1/kill").arg(id);
    auto response = client.call("POST", path, {}, stop ? kStopTimeoutMs : 0);
    if (!response)
        return std::unexpected(response.error());
    // 304: stopped already; 409: kill of a container that is not running.
    if (!response->ok() && response->status != 304 && response->status != 409)
        return std::unexpected(
            DockerClient::errorFor(*response, QStringLiteral("%1 the sandbox %2").arg(QLatin1String(how), name)));
    // It ends with the container's first process by itself; waiting here means none is left
    // once stop or kill returns.
    SandboxProxy::end(DockerSandboxFolder(name, m_config.environment).root());
    return {};
}

Expected<void> DockerSandboxes::stop(const QString &name)
{
    return end(name, "stop");
}

Expected<void> DockerSandboxes::kill(const QString &name)
{
    return end(name, "kill");
}

Expected<void> DockerSandboxes::remove(const QString &name)
{
    auto found = find(name);
    if (!found)
        return std::unexpected(found.error());
    auto &[client, inspect] = *found;
    const QString id = inspect.value(QLatin1String("Id")).toString();
    // force: a running one is killed first; v: its anonymous /work volume goes with it.
    auto response = client.call("DELETE", QStringLiteral("/containers/%1?force=1&v=1").arg(id));
    if (!response)
        return std::unexpected(response.error());
    if (!response->ok() && response->status != 404)
        return std::unexpected(DockerClient::errorFor(*response, QStringLiteral("remove the sandbox %1").arg(name)));
    const DockerSandboxFolder folder(name, m_config.environment);
    SandboxProxy::end(folder.root());
    folder.remove();
    return {};
}

Expected<SandboxLogRead> DockerSandboxes::logs(const QString &name, qint64 from)
{
    auto found = find(name);
    if (!found)
        return std::unexpected(found.error());
    auto &[client, inspect] = *found;
    const QString log = DockerSandboxInspect::label(inspect, DockerSandboxLabels::kLog);
    return DockerSandboxLog(log).read(from);
}

Expected<QList<NetworkAttempt>> DockerSandboxes::networkAttempts(const QString &name)
{
    if (auto found = find(name); !found)
        return std::unexpected(found.error());
    return SandboxProxy::attemptsSince(DockerSandboxFolder(name, m_config.environment).root(), 0);
}

} // namespace Sandpit::Core
