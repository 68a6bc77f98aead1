#include "exercises/packfiles.h"

#include "exercises/tomltable.h"

#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

namespace Sandpit::Core {

PackFiles::PackFiles(QString exerciseFolder, QString packFolder)
    : m_folder(std::move(exerciseFolder))
    , m_packFolder(QFileInfo(packFolder).canonicalFilePath())
{
}

bool PackFiles::isPlainRelativePath(const QString &name)
{
    if (name.isEmpty() || QDir::isAbsolutePath(name) || name.contains(QLatin1Char('\\')))
        return false;
    const QStringList parts = name.split(QLatin1Char('/'));
    for (const QString &part : parts)
        if (part.isEmpty() || part == QLatin1String("..") || part == QLatin1String("."))
            return false;
    return true;
}

std::expected<QString, QString> PackFiles::resolve(const QString &relative) const
{
    if (!isPlainRelativePath(relative))
        return std::unexpected(
            QStringLiteral("\"%1\" must be a path below the exercise's folder (relative, without \"..\")")
                .arg(relative));
    const QFileInfo info(m_folder + QLatin1Char('/') + relative);
    if (!info.exists())
        return std::unexpected(QStringLiteral("the file \"%1\" is missing").arg(relative));
    const QString real = info.canonicalFilePath();
    if (!real.startsWith(m_packFolder + QLatin1Char('/')))
        return std::unexpected(QStringLiteral("\"%1\" leads outside the pack (through a link)").arg(relative));
    if (!QFileInfo(real).isFile())
        return std::unexpected(QStringLiteral("\"%1\" is not a regular file").arg(relative));
    return info.absoluteFilePath();
}

QString PackFiles::resolveKey(const TomlTable &table, const char *key, const QString &fallback) const
{
    const QString relative = table.string(key).value_or(fallback);
    if (relative.isEmpty())
        return {};
    auto path = resolve(relative);
    if (path)
        return *path;
    table.problemWithKey(key, path.error());
    return {};
}

std::expected<void, QString> writePackFile(const QString &path, const QByteArray &bytes)
{
    if (!QDir().mkpath(QFileInfo(path).absolutePath()))
        return std::unexpected(QStringLiteral("The folder for %1 cannot be made.").arg(path));
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        return std::unexpected(QStringLiteral("%1 cannot be written: %2.").arg(path, file.errorString()));
    return {};
}

} // namespace Sandpit::Core
