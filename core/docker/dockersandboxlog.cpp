#include "docker/dockersandboxlog.h"

#include <QFile>
#include <QSaveFile>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

namespace Sandpit::Core {

namespace {
/// An flock(2) on the log's lock file, held for one append or read: the log and its count of
/// dropped bytes change together.
class LogLock final
{
public:
    explicit LogLock(const QString &path, int operation)
        : m_fd(
            ::open(QFile::encodeName(path + QStringLiteral(".lock")).constData(), O_RDWR | O_CREAT | O_CLOEXEC, 0600))
    {
        if (m_fd >= 0 && ::flock(m_fd, operation) != 0) {
            ::close(m_fd);
            m_fd = -1;
        }
    }
    ~LogLock()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    LogLock(const LogLock &) = delete;
    LogLock &operator=(const LogLock &) = delete;
    bool held() const { return m_fd >= 0; }

private:
    int m_fd = -1;
};

qint64 droppedBytes(const QString &path)
{
    QFile file(path + QStringLiteral(".dropped"));
    if (!file.open(QIODevice::ReadOnly))
        return 0;
    return file.readAll().trimmed().toLongLong();
}

RunError logError(const QString &path, const QString &what)
{
    return {RunError::Code::SetupFailed, QStringLiteral("Could not %1 the sandbox's log %2.").arg(what, path), {}};
}

/// Keeps the newest half of the log, from a line's start where there is one.
bool trim(const QString &path, QFile &log)
{
    log.seek(log.size() - DockerSandboxLog::kCapBytes / 2);
    QByteArray kept = log.readAll();
    const qsizetype newline = kept.indexOf('\n');
    if (newline >= 0 && newline < kept.size() / 4)
        kept.remove(0, newline + 1);
    const qint64 dropped = droppedBytes(path) + log.size() - kept.size();
    QSaveFile rewritten(path);
    QSaveFile count(path + QStringLiteral(".dropped"));
    if (!rewritten.open(QIODevice::WriteOnly) || !count.open(QIODevice::WriteOnly))
        return false;
    rewritten.write(kept);
    count.write(QByteArray::number(dropped));
    return count.commit() && rewritten.commit();
}
} // namespace

DockerSandboxLog::DockerSandboxLog(QString path)
    : m_path(std::move(path))
{
}

Expected<void> DockerSandboxLog::append(const QByteArray &data) const
{
    const LogLock lock(m_path, LOCK_EX);
    if (!lock.held())
        return std::unexpected(logError(m_path, QStringLiteral("lock")));
    QFile log(m_path);
    if (!log.open(QIODevice::ReadWrite | QIODevice::Append) || log.write(data) != data.size())
        return std::unexpected(logError(m_path, QStringLiteral("write to")));
    if (log.size() > kCapBytes && !trim(m_path, log))
        return std::unexpected(logError(m_path, QStringLiteral("trim")));
    return {};
}

Expected<SandboxLogRead> DockerSandboxLog::read(qint64 from) const
{
    const LogLock lock(m_path, LOCK_SH);
    const qint64 dropped = droppedBytes(m_path);
    const qint64 lost = std::max<qint64>(0, dropped - from);
    QFile log(m_path);
    if (!log.open(QIODevice::ReadOnly))
        return SandboxLogRead{.bytes = {}, .end = std::max(from, dropped), .dropped = lost};
    log.seek(std::max<qint64>(0, from - dropped));
    const QByteArray data = log.readAll();
    return SandboxLogRead{.bytes = data, .end = dropped + log.size(), .dropped = lost};
}

} // namespace Sandpit::Core
