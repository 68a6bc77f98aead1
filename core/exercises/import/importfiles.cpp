#include "exercises/import/importfiles.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

namespace Sandpit::Core {

ImportFiles::ImportFiles(QString root)
    : m_root(QDir(root).absolutePath())
{
}

namespace {
bool hasDotDot(const QString &relative)
{
    return relative.split(QLatin1Char('/')).contains(QStringLiteral(".."));
}
} // namespace

QStringList ImportFiles::filesBelow(const QString &folder, bool recursive, QStringList &warnings) const
{
    QStringList result;
    const QString start = folder.isEmpty() ? m_root : m_root + QLatin1Char('/') + folder;
    if (hasDotDot(folder) || QFileInfo(start).isSymLink() || !QFileInfo(start).isDir())
        return result;
    QDirIterator it(start, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System,
                    recursive ? QDirIterator::Subdirectories : QDirIterator::NoIteratorFlags);
    const QDir rootDir(m_root);
    while (it.hasNext()) {
        const QFileInfo info(it.next());
        const QString relative = rootDir.relativeFilePath(info.filePath());
        if (info.isSymLink())
            warnings << QStringLiteral("%1: a link, not followed").arg(relative);
        else if (info.isFile())
            result << relative;
    }
    result.sort();
    return result;
}

bool ImportFiles::isFile(const QString &relative) const
{
    const QFileInfo info(m_root + QLatin1Char('/') + relative);
    return !hasDotDot(relative) && !info.isSymLink() && info.isFile();
}

bool ImportFiles::isFolder(const QString &relative) const
{
    const QFileInfo info(m_root + QLatin1Char('/') + relative);
    return !hasDotDot(relative) && !info.isSymLink() && info.isDir();
}

std::expected<QByteArray, QString> ImportFiles::read(const QString &relative) const
{
    if (hasDotDot(relative))
        return std::unexpected(QStringLiteral("%1: a name with '..' is refused").arg(relative));
    const QString path = m_root + QLatin1Char('/') + relative;
    if (QFileInfo(path).isSymLink())
        return std::unexpected(QStringLiteral("%1: a link, not followed").arg(relative));
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return std::unexpected(QStringLiteral("%1: cannot be read: %2").arg(relative, file.errorString()));
    return file.readAll();
}

std::expected<QByteArray, QString> ImportFiles::readText(const QString &relative) const
{
    auto bytes = read(relative);
    if (bytes && bytes->contains('\0'))
        return std::unexpected(QStringLiteral("%1: holds a NUL byte, so it is not text").arg(relative));
    return bytes;
}

QString languageForFile(const QString &fileName)
{
    const QString suffix = QFileInfo(fileName).suffix().toLower();
    static const QList<QPair<QStringList, QString>> kLanguages = {
        {{QStringLiteral("py")}, QStringLiteral("python")},
        {{QStringLiteral("c")}, QStringLiteral("c")},
        {{QStringLiteral("cpp"), QStringLiteral("cc"), QStringLiteral("cxx")}, QStringLiteral("cpp")},
        {{QStringLiteral("js"), QStringLiteral("mjs")}, QStringLiteral("javascript")},
        {{QStringLiteral("sh")}, QStringLiteral("bash")},
        {{QStringLiteral("java")}, QStringLiteral("java")},
        {{QStringLiteral("rs")}, QStringLiteral("rust")},
    };
    for (const auto &[suffixes, id] : kLanguages)
        if (suffixes.contains(suffix))
            return id;
    return {};
}

} // namespace Sandpit::Core
