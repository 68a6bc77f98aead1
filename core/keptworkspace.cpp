#include "keptworkspace.h"

#include "language.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

namespace Sandpit::Core {

namespace {
constexpr QDir::Filters kEntries = QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System;

struct Budget {
    qint64 bytes = 0;
    qint64 entries = 0;
    bool fits() const { return bytes <= KeptWorkspace::kMaxBytes && entries <= KeptWorkspace::kMaxEntries; }
};

// Regular files and folders only: a symlink is neither followed nor copied, so nothing
// outside the folder is ever read or written through one.
bool isPlain(const QFileInfo &entry)
{
    return !entry.isSymLink() && (entry.isDir() || entry.isFile());
}

bool replaceFile(const QString &from, const QString &to)
{
    const QFileInfo target(to);
    if ((target.exists() || target.isSymLink()) && !(target.isDir() && !target.isSymLink() ? QDir(to).removeRecursively() : QFile::remove(to)))
        return false;
    return QFile::copy(from, to);
}

// Copies `from` over `to`, level by level; false when something could not be copied or the
// budget ran out.
bool copyOver(const QString &from, const QString &to, const QStringList &skip, Budget &budget)
{
    bool complete = true;
    for (const QFileInfo &entry : QDir(from).entryInfoList(kEntries)) {
        if (skip.contains(entry.fileName()) || !isPlain(entry))
            continue;
        const QString target = to + QLatin1Char('/') + entry.fileName();
        ++budget.entries;
        if (entry.isDir()) {
            const QFileInfo existing(target);
            if (existing.isSymLink() || (existing.exists() && !existing.isDir()))
                QFile::remove(target);
            complete = QDir().mkpath(target) && copyOver(entry.filePath(), target, {}, budget) && complete;
            continue;
        }
        budget.bytes += entry.size();
        if (!budget.fits())
            return false;
        complete = replaceFile(entry.filePath(), target) && complete;
    }
    return complete && budget.fits();
}

// Removes from `to` the files and folders `from` does not have (as the same kind).
void removeGone(const QString &from, const QString &to, const QStringList &skip)
{
    for (const QFileInfo &entry : QDir(to).entryInfoList(kEntries)) {
        if (skip.contains(entry.fileName()) || !isPlain(entry))
            continue;
        const QFileInfo there(from + QLatin1Char('/') + entry.fileName());
        const bool kept = isPlain(there) && there.isDir() == entry.isDir();
        if (kept && entry.isDir())
            removeGone(there.filePath(), entry.filePath(), {});
        else if (!kept)
            entry.isDir() ? QDir(entry.filePath()).removeRecursively() : QFile::remove(entry.filePath());
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
    QDirIterator it(folder, kEntries | QDir::NoSymLinks, QDirIterator::Subdirectories);
    while (it.hasNext() && budget.fits()) {
        const QFileInfo entry(it.nextFileInfo());
        ++budget.entries;
        if (entry.isFile())
            budget.bytes += entry.size();
    }
    if (!budget.fits()) {
        return makeError(RunError::Code::BadRequest,
                         QStringLiteral("The workspace %1 holds more than a run's workspace can (%2 MB, %3 files and "
                                        "folders). Use a smaller folder, or reset it.")
                             .arg(folder).arg(kMaxBytes >> 20).arg(kMaxEntries));
    }
    return {};
}

Expected<void> KeptWorkspace::copyIn(const QString &folder, const QString &workDir)
{
    Budget budget;
    if (!copyOver(folder, workDir, {}, budget)) {
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
    if (!QFileInfo(runWork).isDir() || !QDir().mkpath(folder) || !copyOver(runWork, folder, leftOut, budget)) {
        return makeError(RunError::Code::SetupFailed,
                         QStringLiteral("Not all of the run's workspace could be kept in %1: it is over %2 MB or %3 "
                                        "files, or a file could not be written. Nothing was removed from it.")
                             .arg(folder).arg(kMaxBytes >> 20).arg(kMaxEntries));
    }
    removeGone(runWork, folder, leftOut);
    return {};
}

Expected<void> KeptWorkspace::reset(const QString &folder)
{
    bool removed = true;
    for (const QFileInfo &entry : QDir(folder).entryInfoList(kEntries)) {
        removed = (entry.isDir() && !entry.isSymLink() ? QDir(entry.filePath()).removeRecursively()
                                                       : QFile::remove(entry.filePath()))
            && removed;
    }
    if (!removed)
        return makeError(RunError::Code::SetupFailed, QStringLiteral("Could not empty the workspace %1.").arg(folder));
    return {};
}

} // namespace Sandpit::Core
