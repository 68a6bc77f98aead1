#include "packages/envcache.h"

#include "packages/packagesource.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QStandardPaths>
#include <QUuid>

#include <cstdio>

namespace Sandpit::Core {

namespace {
QString dataFolder()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
}

// Files and folders only: the environment comes from the sandbox's copy-back, which brings no
// links, and its interpreter is a copy (venv --copies). Permissions come along with QFile::copy.
bool copyTree(const QString &from, const QString &to)
{
    if (!QDir().mkpath(to))
        return false;
    QDirIterator it(from, QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot | QDir::NoSymLinks,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QFileInfo entry(it.next());
        const QString target = to + QLatin1Char('/') + QDir(from).relativeFilePath(entry.filePath());
        const bool ok = entry.isDir() ? QDir().mkpath(target) : QFile::copy(entry.filePath(), target);
        if (!ok)
            return false;
    }
    return true;
}
} // namespace

EnvCache::EnvCache(QString root)
    : m_root(root.isEmpty() ? defaultRoot() : std::move(root))
{
}

QString EnvCache::defaultRoot()
{
    return dataFolder() + QStringLiteral("/envs");
}

QString PackageSource::defaultWheelhouse()
{
    return dataFolder() + QStringLiteral("/wheelhouse");
}

QString EnvCache::envPath(const QString &hash) const
{
    return m_root + QLatin1Char('/') + hash;
}

QString EnvCache::pythonOf(const QString &hash) const
{
    return envPath(hash) + QStringLiteral("/bin/python3");
}

bool EnvCache::ready(const QString &hash) const
{
    const QString path = envPath(hash);
    if (!QFileInfo::exists(path))
        return false;
    if (QFileInfo::exists(path + QLatin1Char('/') + QLatin1String(kMarker)) && QFileInfo(pythonOf(hash)).isExecutable())
        return true;
    QDir(path).removeRecursively();
    return false;
}

Expected<QString> EnvCache::adopt(const QString &built, const QString &hash, const QByteArray &marker) const
{
    const QString target = envPath(hash);
    const QString staging = m_root + QStringLiteral("/.building-") + QUuid::createUuid().toString(QUuid::WithoutBraces);
    const auto failed = [&](const QString &why) {
        QDir(staging).removeRecursively();
        return makeError(RunError::Code::Internal,
                         QStringLiteral("Could not keep the packages' environment in %1: %2").arg(m_root, why));
    };
    if (!QDir().mkpath(m_root))
        return failed(QStringLiteral("the folder cannot be made."));
    // Same file system (the usual case): one rename. Otherwise a copy under the staging name.
    if (!QDir().rename(built, staging) && !copyTree(built, staging))
        return failed(QStringLiteral("the environment could not be copied there."));
    QSaveFile file(staging + QLatin1Char('/') + QLatin1String(kMarker));
    if (!file.open(QIODevice::WriteOnly) || file.write(marker) != marker.size() || !file.commit())
        return failed(file.errorString());
    // rename(2) will not replace a non-empty folder: a run that finished first keeps its own.
    if (std::rename(QFile::encodeName(staging).constData(), QFile::encodeName(target).constData()) != 0) {
        QDir(staging).removeRecursively();
        if (!ready(hash))
            return failed(QStringLiteral("it could not be renamed into place."));
    }
    return target;
}

} // namespace Sandpit::Core
