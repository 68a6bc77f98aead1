#include "files/runfolders.h"

#include "engine/logging.h"
#include "base/filedescriptor.h"
#include "files/folderremoval.h"
#include "files/ownerfile.h"

#include <QDir>
#include <QFile>

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace Sandpit::Core {

namespace {

constexpr const char *kPrefixes[] = {"sandpit-run-", "sandpit-artifacts-"};

enum class Create { IfMissing, No };

// What is wrong with `path` as our own folder, or an empty string when nothing is. Checked on
// the descriptor, not the name: what we check is what we opened.
QString problemWith(const QString &path, Create create)
{
    const QByteArray native = QFile::encodeName(path);
    const bool made = create == Create::IfMissing && ::mkdir(native.constData(), 0700) == 0;
    const FileDescriptor folder(::open(native.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!folder.isValid()) {
        const int error = errno;
        struct stat st { };
        if (::lstat(native.constData(), &st) == 0 && S_ISLNK(st.st_mode))
            return QStringLiteral("is a link");
        if (error == ENOTDIR)
            return QStringLiteral("is not a folder");
        return QStringLiteral("cannot be opened (%1)").arg(QString::fromLocal8Bit(std::strerror(error)));
    }
    struct stat st { };
    if (::fstat(folder.get(), &st) != 0)
        return QStringLiteral("cannot be checked (%1)").arg(QString::fromLocal8Bit(std::strerror(errno)));
    if (st.st_uid != ::geteuid())
        return QStringLiteral("belongs to another user (uid %1)").arg(st.st_uid);
    // Ours, so nobody else made it; a umask, or the user, may have left other bits. Root's runs
    // below full isolation run as nobody, whom the helper lets pass through (search permission
    // alone, see letSandboxUserReach in the helper): nobody can still list or plant anything.
    const mode_t searchOnly = ::geteuid() == 0 ? 0011 : 0;
    if ((made || ((st.st_mode & 07777) & ~searchOnly) != 0700)
        && ::fchmod(folder.get(), 0700 | (st.st_mode & searchOnly)) == 0)
        ::fstat(folder.get(), &st);
    if (((st.st_mode & 07777) & ~searchOnly) != 0700)
        return QStringLiteral("has mode %1, not 0700").arg(st.st_mode & 07777, 4, 8, QLatin1Char('0'));
    return {};
}

// Removes the abandoned folders directly in `root`. Each is opened without following a link
// before its owner file is read; FolderRemoval then refuses any folder that is not ours.
int sweep(const QString &root)
{
    const FileDescriptor rootFd(::open(QFile::encodeName(root).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    DIR *dir = rootFd.isValid() ? ::fdopendir(::dup(rootFd.get())) : nullptr;
    if (!dir)
        return 0;
    QList<QByteArray> abandoned;
    while (const dirent *entry = ::readdir(dir)) {
        const QByteArray name(entry->d_name);
        if (std::none_of(std::begin(kPrefixes), std::end(kPrefixes), [&](const char *p) { return name.startsWith(p); }))
            continue;
        const FileDescriptor folder(
            ::openat(rootFd.get(), name.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
        struct stat st { };
        if (folder.isValid() && ::fstat(folder.get(), &st) == 0 && st.st_uid == ::geteuid()
            && OwnerFile::ownerIsGone(folder.get()))
            abandoned << name;
    }
    ::closedir(dir);
    int removed = 0;
    for (const QByteArray &name : std::as_const(abandoned))
        removed += FolderRemoval::removeAt(rootFd.get(), name.constData()) ? 1 : 0;
    return removed;
}

} // namespace

QStringList RunFolders::candidates()
{
    QStringList places{QDir::tempPath() + QStringLiteral("/sandpit-%1").arg(::geteuid())};
    const QString runtime = QFile::decodeName(qgetenv("XDG_RUNTIME_DIR"));
    if (!runtime.isEmpty() && QDir::isAbsolutePath(runtime))
        places << runtime + QStringLiteral("/sandpit");
    return places;
}

Expected<QString> RunFolders::parent()
{
    const QStringList places = candidates();
    QString firstProblem;
    for (const QString &place : places) {
        const QString problem = problemWith(place, Create::IfMissing);
        if (problem.isEmpty())
            return place;
        qCWarning(lcEngine) << "not using" << place << "for runs: it" << problem;
        if (firstProblem.isEmpty())
            firstProblem = problem;
    }
    return makeError(
        RunError::Code::SetupFailed,
        QStringLiteral("Sandpit keeps its runs in a folder of your own, %1, but that folder %2. Another user "
                       "may have made it to read your runs or to steer what Sandpit removes, so it is not "
                       "used. Remove %1 (it may take an administrator: sudo rm -r %1) and run again.")
            .arg(places.constFirst(), firstProblem));
}

int RunFolders::removeAbandoned()
{
    int removed = sweep(QDir::tempPath()); // where Sandpit made them before it had a folder of its own
    for (const QString &place : candidates()) {
        if (problemWith(place, Create::No).isEmpty())
            removed += sweep(place);
    }
    return removed;
}

} // namespace Sandpit::Core
