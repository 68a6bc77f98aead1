#include "docker/dockerstatswatch.h"

#include "docker/dockercontainer.h"
#include "docker/dockerrunend.h"
#include "docker/dockerrunshared.h"

#include <QJsonDocument>

namespace Sandpit::Core {

DockerStatsWatch::DockerStatsWatch(const DockerClient &client, const QString &containerPath,
                                   std::shared_ptr<DockerRunShared> shared, const DockerContainerKey &key,
                                   DockerRunEnd &ending)
    : m_shared(std::move(shared))
    , m_ending(ending)
    , m_pidsLimit(key.pidsLimit())
    , m_launcherPids(key.launcherPids())
    , m_thread([this, &client, path = containerPath + QStringLiteral("/stats?stream=1")](
                   const std::atomic_bool &abort) { read(client, path, abort); })
{
}

void DockerStatsWatch::read(const DockerClient &client, const QString &path, const std::atomic_bool &abort)
{
    DockerClient::StreamHandlers handlers;
    handlers.abort = &abort;
    QByteArray buffer;
    handlers.onData = [&](QByteArrayView bytes) {
        buffer.append(bytes);
        for (qsizetype nl; (nl = buffer.indexOf('\n')) >= 0; buffer.remove(0, nl + 1))
            take(QJsonDocument::fromJson(buffer.left(nl)).object());
        return true;
    };
    client.stream("GET", path, handlers);
}

void DockerStatsWatch::take(const QJsonObject &sample)
{
    m_ending.readStats(sample, m_launcherPids);
    // At the container's pids.max the kernel refuses the next fork: the program is past its
    // limit. A program that gives up then ends by itself, with its own error, within a second;
    // one still there at the next sample (a second later) is a bomb spinning on EAGAIN. The
    // container's count, not the program's: a program that killed the open-files watch has its
    // pid too, and must still be seen at the limit.
    const int pids = sample.value(QLatin1String("pids_stats")).toObject().value(QLatin1String("current")).toInt();
    m_samplesPastLimit = m_pidsLimit > 0 && pids >= m_pidsLimit ? m_samplesPastLimit + 1 : 0;
    if (m_samplesPastLimit >= 2)
        m_shared->requestStop(KillReason::ProcessLimit);
}

} // namespace Sandpit::Core
