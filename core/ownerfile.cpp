#include "ownerfile.h"

#include <QCoreApplication>
#include <QFile>

#include <cerrno>
#include <csignal>

namespace Sandpit::Core::OwnerFile {

bool write(const QString &dir)
{
    QFile owner(dir + QStringLiteral("/owner"));
    const QByteArray pid = QByteArray::number(QCoreApplication::applicationPid());
    return owner.open(QIODevice::WriteOnly) && owner.write(pid) == pid.size();
}

bool ownerIsGone(const QString &dir)
{
    QFile owner(dir + QStringLiteral("/owner"));
    if (!owner.open(QIODevice::ReadOnly))
        return false;
    bool ok = false;
    const qint64 pid = owner.readAll().trimmed().toLongLong(&ok);
    // kill(pid, 0) fails with ESRCH only when no such process exists; EPERM means alive.
    return ok && pid > 0 && ::kill(pid_t(pid), 0) != 0 && errno == ESRCH;
}

} // namespace Sandpit::Core::OwnerFile
