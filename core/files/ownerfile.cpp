#include "files/ownerfile.h"

#include "base/filedescriptor.h"

#include <QCoreApplication>
#include <QFile>

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <limits>
#include <sys/stat.h>

namespace Sandpit::Core::OwnerFile {

namespace {
// A pid is at most 7 digits (pid_max is 2^22); anything much longer was not written by us.
constexpr off_t kMaxOwnerBytes = 32;
} // namespace

bool write(const QString &dir)
{
    QFile owner(dir + QStringLiteral("/owner"));
    const QByteArray pid = QByteArray::number(QCoreApplication::applicationPid());
    return owner.open(QIODevice::WriteOnly) && owner.write(pid) == pid.size();
}

bool ownerIsGone(const QString &dir)
{
    const FileDescriptor folder(::open(QFile::encodeName(dir).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    return folder.isValid() && ownerIsGone(folder.get());
}

bool ownerIsGone(int dirFd)
{
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer forever.
    const FileDescriptor owner(::openat(dirFd, "owner", O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
    struct stat st { };
    if (!owner.isValid() || ::fstat(owner.get(), &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > kMaxOwnerBytes)
        return false;
    char text[kMaxOwnerBytes + 1] = {};
    const ssize_t n = ::read(owner.get(), text, kMaxOwnerBytes);
    if (n <= 0)
        return false;
    bool ok = false;
    const qint64 pid = QByteArray(text, n).trimmed().toLongLong(&ok);
    // kill(pid, 0) fails with ESRCH only when no such process exists; EPERM means alive.
    return ok && pid > 0 && pid <= std::numeric_limits<pid_t>::max() && ::kill(pid_t(pid), 0) != 0 && errno == ESRCH;
}

} // namespace Sandpit::Core::OwnerFile
