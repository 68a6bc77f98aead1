#include "docker/dockeroomcount.h"

#include <QFile>

namespace Sandpit::Core {

namespace {
qint64 oomKills(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : file.readAll().split('\n')) {
        if (line.startsWith("oom_kill "))
            return line.mid(9).trimmed().toLongLong();
    }
    return -1;
}
} // namespace

qint64 DockerOomCount::read(const QString &containerId)
{
    // The cgroupfs driver's and systemd's places, cgroup v2 then v1.
    const QString candidates[] = {
        QStringLiteral("/sys/fs/cgroup/system.slice/docker-%1.scope/memory.events"),
        QStringLiteral("/sys/fs/cgroup/docker/%1/memory.events"),
        QStringLiteral("/sys/fs/cgroup/memory/docker/%1/memory.oom_control"),
        QStringLiteral("/sys/fs/cgroup/memory/system.slice/docker-%1.scope/memory.oom_control"),
    };
    for (const QString &candidate : candidates) {
        if (const qint64 count = oomKills(candidate.arg(containerId)); count >= 0)
            return count;
    }
    return -1;
}

} // namespace Sandpit::Core
