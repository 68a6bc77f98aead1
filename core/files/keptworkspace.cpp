#include "files/keptworkspace.h"

#include "base/filedescriptor.h"
#include "languages/language.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

#include <fcntl.h>
#include <sys/sendfile.h>
#include <sys/stat.h>

#include <optional>

namespace Sandpit::Core {

namespace {
constexpr QDir::Filters kEntries = QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System;

struct Budget {
    qint64 bytes = 0;
    qint64 entries = 0;
    bool fits() const { return bytes <= KeptWorkspace::kMaxBytes && entries <= KeptWorkspace::kMaxEntries; }
};

// Which way a copy goes: the user's files into a run as they are, or the run's files back
// with no execute bit the user did not give them.
enum class Direction { In, Back };

// Regular files and folders only: a symlink is neither followed nor copied, so nothing
// outside the folder is ever read or written through one.
bool isPlain(const QFileInfo &entry)
{
    return !entry.isSymLink() && (entry.isDir() || entry.isFile());
}

bool isLeftOut(const QFileInfo &entry)
{
    return !isPlain(entry) || KeptWorkspace::isVersionControl(entry.fileName());
}

bool copyContent(int in, int out, qint64 size)
{
    off_t offset = 0;
    while (offset < size) {
        const ssize_t n = ::sendfile(out, in, &offset, static_cast<size_t>(size - offset));
        if (n <= 0)
            return n == 0; // the file shrank while we copied: keep what there was
    }
    return true;
}

// Copies the file `from` over `to`. Coming in, it keeps its mode. Going back, an existing
// file keeps the user's mode, and a new one gets the run's read and write bits (less the
// umask) but no execute bit: a program must not leave behind something that runs when the
// user does something ordinary, such as a git hook, or a script found on PATH.
bool replaceFile(const QString &from, const QString &to, Direction direction)
{
    const QByteArray target = QFile::encodeName(to);
    struct stat existing { };
    std::optional<mode_t> usersMode;
    if (::lstat(target.constData(), &existing) == 0) {
        if (S_ISREG(existing.st_mode))
            usersMode = existing.st_mode & 07777;
        const bool removed
            = S_ISDIR(existing.st_mode) ? QDir(to).removeRecursively() : ::unlink(target.constData()) == 0;
        if (!removed)
            return false;
    }
    const FileDescriptor in(
        ::open(QFile::encodeName(from).constData(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
    struct stat source { };
    if (!in.isValid() || ::fstat(in.get(), &source) != 0 || !S_ISREG(source.st_mode))
        return false;
    const mode_t mode = direction == Direction::In ? source.st_mode & 0777
        : usersMode                                ? *usersMode
                                                   : source.st_mode & 0666;
    const FileDescriptor out(::open(target.constData(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode));
    if (!out.isValid())
        return false;
    // The umask applies only to a file that is new to the user.
    if ((direction == Direction::In || usersMode) && ::fchmod(out.get(), mode) != 0)
        return false;
    return copyContent(in.get(), out.get(), source.st_size);
}

// Copies `from` over `to`, level by level; false when something could not be copied or the
// budget ran out.
bool copyOver(const QString &from, const QString &to, const QStringList &skip, Budget &budget, Direction direction)
{
    bool complete = true;
    for (const QFileInfo &entry : QDir(from).entryInfoList(kEntries)) {
        if (skip.contains(entry.fileName()) || isLeftOut(entry))
            continue;
        const QString target = to + QLatin1Char('/') + entry.fileName();
        ++budget.entries;
        if (entry.isDir()) {
            const QFileInfo existing(target);
            if (existing.isSymLink() || (existing.exists() && !existing.isDir()))
                QFile::remove(target);
            complete = QDir().mkpath(target) && copyOver(entry.filePath(), target, {}, budget, direction) && complete;
            continue;
        }
        budget.bytes += entry.size();
        if (!budget.fits())
            return false;
        complete = replaceFile(entry.filePath(), target, direction) && complete;
    }
    return complete && budget.fits();
}

// Removes from `to` the files and folders `from` does not have (as the same kind).
void removeGone(const QString &from, const QString &to, const QStringList &skip)
{
    for (const QFileInfo &entry : QDir(to).entryInfoList(kEntries)) {
        if (skip.contains(entry.fileName()) || isLeftOut(entry))
            continue;
        const QFileInfo there(from + QLatin1Char('/') + entry.fileName());
        const bool kept = isPlain(there) && there.isDir() == entry.isDir();
        if (kept && entry.isDir())
            removeGone(there.filePath(), entry.filePath(), {});
        else if (!kept)
            entry.isDir() ? QDir(entry.filePath()).removeRecursively() : QFile::remove(entry.filePath());
    }
}

// What a run's /work would hold of `folder`.
void measure(const QString &folder, Budget &budget)
{
    for (const QFileInfo &entry : QDir(folder).entryInfoList(kEntries)) {
        if (!budget.fits())
            return;
        if (isLeftOut(entry))
            continue;
        ++budget.entries;
        if (entry.isDir())
            measure(entry.filePath(), budget);
        else
            budget.bytes += entry.size();
    }
}
} // namespace

Expected<void> KeptWorkspace::prepare(const QString &folder)
{
    const QFileInfo info(folder);
    if (info.exists() && !info.isDir()) {
        return makeError(RunError::Code::BadRequest,
                         QStringLiteral("The workspace %1 is a file, not a folder.").arg(folder));
    }
    if (!QDir().mkpath(folder)) {
        return makeError(RunError::Code::SetupFailed,
                         QStringLiteral("Could not make the workspace folder %1.").arg(folder));
    }
    Budget budget;
    measure(folder, budget);
    if (!budget.fits()) {
        return makeError(RunError::Code::BadRequest,
                         QStringLiteral("The workspace %1 holds more than a run's workspace can (%2 MB, %3 files and "
                                        "folders). Use a smaller folder, or reset it.")
                             .arg(folder)
                             .arg(kMaxBytes >> 20)
                             .arg(kMaxEntries));
    }
    return {};
}

Expected<void> KeptWorkspace::copyIn(const QString &folder, const QString &workDir)
{
    Budget budget;
    if (!copyOver(folder, workDir, {}, budget, Direction::In)) {
        return makeError(RunError::Code::SetupFailed,
                         QStringLiteral("Could not copy the workspace %1 into the run's workspace.").arg(folder));
    }
    return {};
}

Expected<void> KeptWorkspace::copyBack(const QString &runWork, const QString &folder, const QStringList &skip)
{
    // Sandpit's own folders are never the program's: what the compiler built comes anew with
    // every run, and the helper's copy is only the way back.
    const QStringList leftOut = skip + QStringList{QLatin1String(kBuildDir), QLatin1String(kHelperCopyName)};
    Budget budget;
    if (!QFileInfo(runWork).isDir() || !QDir().mkpath(folder)
        || !copyOver(runWork, folder, leftOut, budget, Direction::Back)) {
        return makeError(RunError::Code::SetupFailed,
                         QStringLiteral("Not all of the run's workspace could be kept in %1: it is over %2 MB or %3 "
                                        "files, or a file could not be written. Nothing was removed from it.")
                             .arg(folder)
                             .arg(kMaxBytes >> 20)
                             .arg(kMaxEntries));
    }
    removeGone(runWork, folder, leftOut);
    return {};
}

bool KeptWorkspace::isVersionControl(const QString &name)
{
    // Case-insensitive, as git itself is on a case-insensitive file system (".GIT").
    static const QStringList kNames{QStringLiteral(".git"), QStringLiteral(".hg"), QStringLiteral(".svn")};
    return kNames.contains(name, Qt::CaseInsensitive);
}

Expected<void> KeptWorkspace::reset(const QString &folder)
{
    bool removed = true;
    for (const QFileInfo &entry : QDir(folder).entryInfoList(kEntries)) {
        if (isVersionControl(entry.fileName()))
            continue; // the history of a checkout is not the run's to lose
        removed = (entry.isDir() && !entry.isSymLink() ? QDir(entry.filePath()).removeRecursively()
                                                       : QFile::remove(entry.filePath()))
            && removed;
    }
    if (!removed)
        return makeError(RunError::Code::SetupFailed, QStringLiteral("Could not empty the workspace %1.").arg(folder));
    return {};
}

} // namespace Sandpit::Core
