#include "docker/dockersandboxinspect.h"

#include "docker/dockercgroup.h"
#include "docker/dockersandboxbody.h"
#include "model/units.h"

#include <QFile>
#include <QJsonArray>

#include <csignal>
#include <unistd.h>

namespace Sandpit::Core {

namespace {
QString hostName()
{
    char name[256] = {};
    ::gethostname(name, sizeof name - 1);
    return QString::fromLocal8Bit(name);
}

QDateTime dockerTime(const QJsonObject &state, const char *key)
{
    const QDateTime time = QDateTime::fromString(state.value(QLatin1String(key)).toString(), Qt::ISODateWithMs);
    // A container never started or never ended says 0001-01-01.
    return time.isValid() && time.date().year() > 1970 ? time : QDateTime();
}

/// Memory in use now: the usage less the page cache the kernel can drop (what `docker stats`
/// shows), cgroup v1 ("cache") or v2 ("inactive_file").
qint64 memoryInUse(const DockerClient &client, const QString &id)
{
    if (const qint64 fromCgroup = DockerCgroup::memoryInUse(id); fromCgroup >= 0)
        return fromCgroup;
    auto stats
        = client.call("GET", QStringLiteral("/containers/%1/stats?stream=false&one-shot=true").arg(id), {}, 5000);
    if (!stats || !stats->ok())
        return -1;
    const QJsonObject memory = stats->object().value(QLatin1String("memory_stats")).toObject();
    if (!memory.contains(QLatin1String("usage")))
        return -1;
    const QJsonObject detail = memory.value(QLatin1String("stats")).toObject();
    const qint64 cache = qint64(
        detail.value(QLatin1String(detail.contains(QLatin1String("inactive_file")) ? "inactive_file" : "cache"))
            .toDouble());
    return std::max<qint64>(0, qint64(memory.value(QLatin1String("usage")).toDouble()) - cache);
}

QMap<QString, QString> userLabels(const QJsonObject &labels)
{
    QMap<QString, QString> user;
    const QStringList keys = labels.value(QLatin1String(DockerSandboxLabels::kUserKeys))
                                 .toString()
                                 .split(QLatin1Char(','), Qt::SkipEmptyParts);
    for (const QString &key : keys)
        user.insert(key, labels.value(key).toString());
    return user;
}
} // namespace

Expected<QJsonObject> DockerSandboxInspect::inspect(const DockerClient &client, const QString &name)
{
    auto response
        = client.call("GET", QStringLiteral("/containers/%1/json").arg(DockerSandboxBody::containerName(name)));
    if (!response)
        return std::unexpected(response.error());
    const QJsonObject object = response->object();
    const QString label = DockerSandboxInspect::label(object, DockerSandboxLabels::kName);
    if (response->status == 404 || (response->ok() && label != name)) {
        return makeError(RunError::Code::BadRequest,
                         QStringLiteral("There is no sandbox named %1; `sandpit sandbox list` shows them.").arg(name));
    }
    if (!response->ok())
        return std::unexpected(DockerClient::errorFor(*response, QStringLiteral("look at the sandbox %1").arg(name)));
    return object;
}

QString DockerSandboxInspect::label(const QJsonObject &inspect, const char *key)
{
    return inspect.value(QLatin1String("Config"))
        .toObject()
        .value(QLatin1String("Labels"))
        .toObject()
        .value(QLatin1String(key))
        .toString();
}

QString DockerSandboxInspect::thisOwner()
{
    return QStringLiteral("%1@%2:%3").arg(::getuid()).arg(hostName()).arg(::getpid());
}

bool DockerSandboxInspect::ownerGone(const QString &owner)
{
    const qsizetype at = owner.indexOf(QLatin1Char('@'));
    const qsizetype colon = owner.lastIndexOf(QLatin1Char(':'));
    if (at < 0 || colon < at)
        return true;
    if (owner.left(at) != QString::number(::getuid()) || owner.mid(at + 1, colon - at - 1) != hostName())
        return true;
    bool ok = false;
    const int pid = owner.mid(colon + 1).toInt(&ok);
    return !ok || pid <= 0 || (::kill(pid, 0) != 0 && errno != EPERM);
}

bool DockerSandboxInspect::isProcessOf(qint64 pid, const QString &containerId)
{
    if (pid <= 0 || containerId.isEmpty())
        return false;
    QFile cgroup(QStringLiteral("/proc/%1/cgroup").arg(pid));
    if (!cgroup.open(QIODevice::ReadOnly))
        return false;
    // Every cgroup driver names the container's full id in its cgroup's path
    // (/docker/ID, /system.slice/docker-ID.scope, rootless user.slice/…/docker-ID.scope).
    return cgroup.readAll().contains(containerId.toLatin1());
}

QString DockerSandboxInspect::endReason(const QJsonObject &state, qint64 memoryLimit)
{
    if (state.value(QLatin1String("OOMKilled")).toBool()) {
        return memoryLimit > 0 ? QStringLiteral("It ran out of memory (%1).").arg(formatBytes(memoryLimit))
                               : QStringLiteral("It ran out of memory.");
    }
    const QString error = state.value(QLatin1String("Error")).toString();
    if (!error.isEmpty())
        return QStringLiteral("Docker could not keep it running: %1.").arg(error);
    const int code = state.value(QLatin1String("ExitCode")).toInt();
    if (code > 128)
        return QStringLiteral("Its first process was killed by %1.").arg(signalName(code - 128));
    return QStringLiteral("Its first process ended with exit code %1.").arg(code);
}

QList<AllowedDestination> DockerSandboxInspect::network(const QJsonObject &inspect)
{
    const QString list = label(inspect, DockerSandboxLabels::kNetwork);
    // Written by create from a checked list; one that does not read back is no network.
    return list.isEmpty() ? QList<AllowedDestination>{}
                          : parseAllowList(list.split(QLatin1Char(','))).value_or(QList<AllowedDestination>{});
}

SandboxInfo DockerSandboxInspect::info(const DockerClient &client, const QJsonObject &inspect, bool stopped)
{
    const QJsonObject config = inspect.value(QLatin1String("Config")).toObject();
    const QJsonObject labels = config.value(QLatin1String("Labels")).toObject();
    const QJsonObject state = inspect.value(QLatin1String("State")).toObject();
    const QJsonObject host = inspect.value(QLatin1String("HostConfig")).toObject();
    SandboxInfo info;
    info.name = labels.value(QLatin1String(DockerSandboxLabels::kName)).toString();
    info.backend = QStringLiteral("docker");
    info.image = config.value(QLatin1String("Image")).toString();
    info.workspace = labels.value(QLatin1String(DockerSandboxLabels::kWorkspace)).toString();
    info.memoryLimit = qint64(host.value(QLatin1String("Memory")).toDouble());
    info.cpus = labels.value(QLatin1String(DockerSandboxLabels::kCpus)).toString().toDouble();
    info.labels = userLabels(labels);
    info.owner = labels.value(QLatin1String(DockerSandboxLabels::kOwner)).toString();
    info.ownerGone = ownerGone(info.owner);
    info.network = network(inspect);
    if (state.value(QLatin1String("Running")).toBool()) {
        info.state = SandboxInfo::State::Running;
        info.since = dockerTime(state, "StartedAt");
        info.memoryBytes = memoryInUse(client, inspect.value(QLatin1String("Id")).toString());
        return info;
    }
    info.since = dockerTime(state, "FinishedAt");
    if (stopped && !state.value(QLatin1String("OOMKilled")).toBool()) {
        info.state = SandboxInfo::State::Stopped;
        return info;
    }
    info.state = SandboxInfo::State::Dead;
    info.endReason = endReason(state, info.memoryLimit);
    return info;
}

} // namespace Sandpit::Core
