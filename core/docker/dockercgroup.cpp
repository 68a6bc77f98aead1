#include "docker/dockercgroup.h"

#include <QFile>

namespace Sandpit::Core {

namespace {
/// The value of `key` ("key value" lines) in a cgroup file; -1 when absent.
qint64 keyed(const QString &path, QByteArrayView key)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : file.readAll().split('\n')) {
        if (line.startsWith(key) && line.size() > key.size() && line.at(key.size()) == ' ')
            return line.mid(key.size() + 1).trimmed().toLongLong();
    }
    return -1;
}

qint64 single(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return -1;
    bool ok = false;
    const qint64 value = file.readAll().trimmed().toLongLong(&ok);
    return ok ? value : -1;
}

/// The container's memory cgroup folder: the cgroupfs driver's and systemd's places, cgroup
/// v2 then v1; empty when none is there.
QString memoryFolder(const QString &containerId)
{
    for (const char *pattern :
         {"/sys/fs/cgroup/system.slice/docker-%1.scope", "/sys/fs/cgroup/docker/%1", "/sys/fs/cgroup/memory/docker/%1",
          "/sys/fs/cgroup/memory/system.slice/docker-%1.scope"}) {
        const QString folder = QString::fromLatin1(pattern).arg(containerId);
        if (QFile::exists(folder + QStringLiteral("/memory.stat")))
            return folder;
    }
    return {};
}
} // namespace

qint64 DockerCgroup::oomKills(const QString &containerId)
{
    const QString folder = memoryFolder(containerId);
    if (folder.isEmpty())
        return -1;
    const qint64 v2 = keyed(folder + QStringLiteral("/memory.events"), "oom_kill");
    return v2 >= 0 ? v2 : keyed(folder + QStringLiteral("/memory.oom_control"), "oom_kill");
}

qint64 DockerCgroup::memoryInUse(const QString &containerId)
{
    const QString folder = memoryFolder(containerId);
    if (folder.isEmpty())
        return -1;
    const qint64 v2 = single(folder + QStringLiteral("/memory.current"));
    if (v2 >= 0)
        return std::max<qint64>(
            0, v2 - std::max<qint64>(0, keyed(folder + QStringLiteral("/memory.stat"), "inactive_file")));
    const qint64 v1 = single(folder + QStringLiteral("/memory.usage_in_bytes"));
    if (v1 < 0)
        return -1;
    return std::max<qint64>(
        0, v1 - std::max<qint64>(0, keyed(folder + QStringLiteral("/memory.stat"), "total_inactive_file")));
}

} // namespace Sandpit::Core
