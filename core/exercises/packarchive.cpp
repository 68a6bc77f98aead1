#include "exercises/packarchive.h"

#include "exercises/packfiles.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

#include <archive.h>
#include <archive_entry.h>

#include <memory>

namespace Sandpit::Core {

namespace {

// Written last into an unpacked folder: a folder without it is a partial unpack, done again.
const QString kCompleteMarker = QStringLiteral(".sandpit-unpacked");

struct ArchiveFree {
    void operator()(archive *a) const { archive_read_free(a); }
};
using Archive = std::unique_ptr<archive, ArchiveFree>;

class Unzipper
{
public:
    Unzipper(QString zipPath, QString target)
        : m_zipPath(std::move(zipPath))
        , m_target(std::move(target))
    {
    }

    std::expected<void, PackProblem> run();

private:
    std::expected<void, PackProblem> extractEntry(archive *a, archive_entry *entry);
    std::expected<void, PackProblem> copyData(archive *a, const QString &name, QFile &out);
    std::unexpected<PackProblem> refuse(const QString &entryName, const QString &why) const
    {
        const QString where = entryName.isEmpty() ? m_zipPath : m_zipPath + QLatin1Char('/') + entryName;
        return std::unexpected(PackProblem{where, 0, 0, why, {}});
    }

    QString m_zipPath;
    QString m_target;
    qint64 m_bytes = 0;
    int m_entries = 0;
};

std::expected<void, PackProblem> Unzipper::run()
{
    Archive a(archive_read_new());
    archive_read_support_format_zip(a.get());
    if (archive_read_open_filename(a.get(), QFile::encodeName(m_zipPath).constData(), 64 * 1024) != ARCHIVE_OK)
        return refuse(
            {}, QStringLiteral("the zip cannot be opened: %1").arg(QString::fromUtf8(archive_error_string(a.get()))));
    archive_entry *entry = nullptr;
    for (;;) {
        const int status = archive_read_next_header(a.get(), &entry);
        if (status == ARCHIVE_EOF)
            return {};
        if (status != ARCHIVE_OK && status != ARCHIVE_WARN)
            return refuse(
                {}, QStringLiteral("the zip is damaged: %1").arg(QString::fromUtf8(archive_error_string(a.get()))));
        if (++m_entries > PackArchive::kMaxEntries)
            return refuse({},
                          QStringLiteral("the zip holds more than %1 entries; a pack has far fewer")
                              .arg(PackArchive::kMaxEntries));
        if (auto extracted = extractEntry(a.get(), entry); !extracted)
            return extracted;
    }
}

std::expected<void, PackProblem> Unzipper::extractEntry(archive *a, archive_entry *entry)
{
    const char *utf8 = archive_entry_pathname_utf8(entry);
    const char *raw = archive_entry_pathname(entry);
    QString name = utf8 ? QString::fromUtf8(utf8) : QFile::decodeName(raw ? raw : "");
    const mode_t type = archive_entry_filetype(entry);
    if (archive_entry_hardlink(entry) || archive_entry_symlink(entry) || type == AE_IFLNK)
        return refuse(name, QStringLiteral("the zip holds a link; a pack may hold only files and folders"));
    if (type != AE_IFREG && type != AE_IFDIR)
        return refuse(name,
                      QStringLiteral("the zip holds a device or other special file; a pack may hold only "
                                     "files and folders"));
    while (name.endsWith(QLatin1Char('/')))
        name.chop(1);
    if (!PackFiles::isPlainRelativePath(name))
        return refuse(name,
                      QStringLiteral("the zip holds an entry whose path is absolute or has \"..\"; nothing "
                                     "was unpacked from it"));
    const QString path = m_target + QLatin1Char('/') + name;
    if (type == AE_IFDIR) {
        if (!QDir().mkpath(path))
            return refuse(name, QStringLiteral("the folder cannot be made in %1").arg(m_target));
        return {};
    }
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly | QIODevice::NewOnly))
        return refuse(
            name, QStringLiteral("the entry cannot be written (is it in the zip twice?): %1").arg(out.errorString()));
    return copyData(a, name, out);
}

std::expected<void, PackProblem> Unzipper::copyData(archive *a, const QString &name, QFile &out)
{
    char buffer[64 * 1024];
    for (;;) {
        const la_ssize_t read = archive_read_data(a, buffer, sizeof buffer);
        if (read == 0)
            return {};
        if (read < 0)
            return refuse(
                name, QStringLiteral("the entry cannot be read: %1").arg(QString::fromUtf8(archive_error_string(a))));
        m_bytes += read;
        if (m_bytes > PackArchive::kMaxBytes)
            return refuse(name,
                          QStringLiteral("the zip unpacks to more than %1 MB; a pack is far smaller (is it a "
                                         "zip bomb?)")
                              .arg(PackArchive::kMaxBytes / (1024 * 1024)));
        if (out.write(buffer, read) != read)
            return refuse(name, QStringLiteral("the entry cannot be written: %1").arg(out.errorString()));
    }
}

QString zipHash(const QString &zipPath)
{
    QFile file(zipPath);
    QCryptographicHash hash(QCryptographicHash::Sha256);
    if (!file.open(QIODevice::ReadOnly) || !hash.addData(&file))
        return {};
    return QString::fromLatin1(hash.result().toHex().left(16));
}

/// Earlier unpacks of a zip of the same name, made before it changed.
void removeOlderCopies(const QDir &root, const QString &baseName, const QString &keep)
{
    const QStringList pattern{baseName + QStringLiteral("-????????????????")};
    for (const QString &old : root.entryList(pattern, QDir::Dirs | QDir::NoDotAndDotDot))
        if (old != keep)
            QDir(root.filePath(old)).removeRecursively();
}

} // namespace

QString PackArchive::completeMarker()
{
    return kCompleteMarker;
}

std::expected<QString, PackProblem> PackArchive::unpack(const QString &zipPath, const QString &unpackRoot)
{
    const QString hash = zipHash(zipPath);
    if (hash.isEmpty())
        return std::unexpected(PackProblem{zipPath, 0, 0, QStringLiteral("the zip cannot be read"), {}});
    // The zip's name and where it is: two week1.zip from different folders are two packs, and
    // only an older copy of this very zip is replaced (another one may be open elsewhere).
    const QString where = QString::fromLatin1(
        QCryptographicHash::hash(QFileInfo(zipPath).absoluteFilePath().toUtf8(), QCryptographicHash::Sha256)
            .toHex()
            .left(8));
    const QString baseName = QFileInfo(zipPath).completeBaseName() + QLatin1Char('-') + where;
    const QString key = baseName + QLatin1Char('-') + hash;
    const QDir root(unpackRoot);
    const QString target = root.filePath(key);
    if (QFileInfo::exists(target + QLatin1Char('/') + kCompleteMarker))
        return target;
    if (!QDir().mkpath(unpackRoot))
        return std::unexpected(PackProblem{zipPath, 0, 0, QStringLiteral("%1 cannot be made").arg(unpackRoot), {}});
    QTemporaryDir partial(root.filePath(QStringLiteral(".unpacking-XXXXXX")));
    if (!partial.isValid())
        return std::unexpected(
            PackProblem{zipPath, 0, 0, QStringLiteral("no folder can be made in %1").arg(unpackRoot), {}});
    if (auto done = Unzipper(zipPath, partial.path()).run(); !done)
        return std::unexpected(done.error());
    QFile marker(partial.filePath(kCompleteMarker));
    if (!marker.open(QIODevice::WriteOnly))
        return std::unexpected(PackProblem{zipPath, 0, 0, QStringLiteral("%1 cannot be written").arg(unpackRoot), {}});
    marker.close();
    // A folder without the marker is an unpack that was interrupted: replaced. One with it was
    // made meanwhile by another load of the same zip (the window and the CLI may both open
    // it): that one is kept, and this one dropped with `partial`.
    if (!QFileInfo::exists(target + QLatin1Char('/') + kCompleteMarker))
        QDir(target).removeRecursively();
    if (!QDir().rename(partial.path(), target)) {
        if (QFileInfo::exists(target + QLatin1Char('/') + kCompleteMarker))
            return target;
        return std::unexpected(
            PackProblem{zipPath, 0, 0, QStringLiteral("the zip cannot be unpacked into %1").arg(target), {}});
    }
    partial.setAutoRemove(false);
    removeOlderCopies(root, baseName, key);
    return target;
}

} // namespace Sandpit::Core
