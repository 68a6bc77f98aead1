#include "sandboxes/folderpathtrust.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <sys/stat.h>
#include <unistd.h>

namespace Sandpit::Core {

namespace {

bool trustedOwner(uid_t uid)
{
    return uid == ::getuid() || uid == 0;
}

// One component, looked at without following it.
QString componentProblem(const QString &path)
{
    struct stat st { };
    if (::lstat(QFile::encodeName(path).constData(), &st) != 0)
        return {}; // not made yet
    if (!trustedOwner(st.st_uid))
        return QStringLiteral("%1 belongs to another user (uid %2)").arg(path).arg(st.st_uid);
    if (S_ISLNK(st.st_mode))
        return {};
    const bool othersMayWrite = (st.st_mode & (S_IWGRP | S_IWOTH)) != 0;
    const bool stickyRoots = st.st_uid == 0 && (st.st_mode & S_ISVTX) != 0;
    if (othersMayWrite && !stickyRoots)
        return QStringLiteral("other users may write to %1").arg(path);
    return {};
}

QString problemAlong(const QString &path)
{
    for (QString at = QDir::cleanPath(path); !at.isEmpty(); at = QFileInfo(at).path()) {
        if (const QString problem = componentProblem(at); !problem.isEmpty())
            return problem;
        if (at == QLatin1String("/") || at == QLatin1String("."))
            break;
    }
    return {};
}

} // namespace

QString folderPathProblem(const QString &path)
{
    if (const QString problem = problemAlong(QDir(path).absolutePath()); !problem.isEmpty())
        return problem;
    // The links on the way were ours or root's; where they lead must pass too.
    QString existing = QDir(path).absolutePath();
    while (!QFileInfo::exists(existing) && existing != QLatin1String("/"))
        existing = QFileInfo(existing).path();
    const QString resolved = QFileInfo(existing).canonicalFilePath();
    return resolved.isEmpty() ? QString() : problemAlong(resolved);
}

} // namespace Sandpit::Core
