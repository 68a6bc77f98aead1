#include "sandboxes/localsandboxlog.h"

#include "helper/sandboxprotocol.h"

#include <QFile>

#include <algorithm>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Sandpit::Core {

namespace S = Helper::SandboxProtocol;

namespace {

QByteArray readAll(int fd)
{
    QByteArray data;
    char buf[65536];
    ssize_t n;
    while ((n = ::read(fd, buf, sizeof buf)) > 0)
        data.append(buf, n);
    return data;
}

// The current log file, open and share-locked: a writer turns the log (and counts what it
// drops) only under the exclusive lock of the current file, so the three files hold still
// while we read. The file is made if missing: in the instant of a turn the name is free, and
// the writer opens the same file without O_EXCL.
int lockCurrentLog(const QByteArray &path)
{
    constexpr int kTries = 100; // a turn per try would be a log far past its cap each time
    for (int i = 0; i < kTries; ++i) {
        const int fd = ::open(path.constData(), O_RDONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
        if (fd < 0)
            return -1;
        struct stat held {
        }, current{};
        if (::flock(fd, LOCK_SH) == 0 && ::fstat(fd, &held) == 0 && ::stat(path.constData(), &current) == 0
            && held.st_ino == current.st_ino)
            return fd;
        ::close(fd); // turned while we waited: the name is a new file's now
    }
    return -1;
}

} // namespace

SandboxLogRead readLocalSandboxLog(const QString &stateDir, qint64 from)
{
    const QString dir = stateDir + QLatin1Char('/');
    const int current = lockCurrentLog(QFile::encodeName(dir + QLatin1String(S::kLogFile)));
    if (current < 0)
        return {.bytes = {}, .end = from, .dropped = 0};
    QFile droppedFile(dir + QLatin1String(S::kLogDroppedFile));
    const qint64 dropped = droppedFile.open(QIODevice::ReadOnly) ? droppedFile.readAll().trimmed().toLongLong() : 0;
    QFile old(dir + QLatin1String(S::kOldLogFile));
    QByteArray text = old.open(QIODevice::ReadOnly) ? old.readAll() : QByteArray();
    text += readAll(current);
    ::close(current);
    const qint64 start = std::clamp<qint64>(from - dropped, 0, text.size());
    return {.bytes = text.mid(start), .end = dropped + text.size(), .dropped = std::max<qint64>(0, dropped - from)};
}

} // namespace Sandpit::Core
