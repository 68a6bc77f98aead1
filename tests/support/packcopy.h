#pragma once
// A fixture pack copied into a test's own folder, so that a test can break one file of it and
// see what the loader says, without touching the fixture.

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QString>

namespace SandpitTest {

/// Copies the folder `from` into `to` (made if missing), files and subfolders; false on failure.
inline bool copyFolder(const QString &from, const QString &to)
{
    if (!QDir().mkpath(to))
        return false;
    QDirIterator it(from, QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QFileInfo info(it.next());
        const QString target = to + QLatin1Char('/') + QDir(from).relativeFilePath(info.filePath());
        const bool ok = info.isDir() ? QDir().mkpath(target) : QFile::copy(info.filePath(), target);
        if (!ok)
            return false;
    }
    return true;
}

/// The loader's fixture packs, tests/fixtures/packs/loader/NAME.
inline QString loaderPack(const QString &name)
{
    return QStringLiteral(SANDPIT_FIXTURES_DIR "/packs/loader/") + name;
}

} // namespace SandpitTest
