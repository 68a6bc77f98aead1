#include "docker/dockerarchive.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

#include <archive.h>
#include <archive_entry.h>

#include <memory>
#include <sys/stat.h>

namespace Sandpit::Core {

namespace {
struct ArchiveDeleter {
    void operator()(archive *a) const { archive_free(a); }
};
using ArchivePtr = std::unique_ptr<archive, ArchiveDeleter>;
struct EntryDeleter {
    void operator()(archive_entry *e) const { archive_entry_free(e); }
};
using EntryPtr = std::unique_ptr<archive_entry, EntryDeleter>;

RunError archiveError(archive *a, const QString &what)
{
    return {RunError::Code::SetupFailed,
            QStringLiteral("Could not %1: %2.").arg(what, QString::fromUtf8(archive_error_string(a)))};
}

la_ssize_t writeToBuffer(archive *, void *client, const void *data, size_t size)
{
    static_cast<QByteArray *>(client)->append(static_cast<const char *>(data), qsizetype(size));
    return la_ssize_t(size);
}

class Writer
{
public:
    explicit Writer(DockerArchive::Owner owner)
        : m_archive(archive_write_new())
        , m_owner(owner)
    {
        archive_write_set_format_pax_restricted(m_archive.get());
        // Docker reads the body as it comes; no padding to a 10 KiB record is needed.
        archive_write_set_bytes_in_last_block(m_archive.get(), 1);
    }
    bool open() { return archive_write_open(m_archive.get(), &m_tar, nullptr, writeToBuffer, nullptr) == ARCHIVE_OK; }

    bool add(const QString &path, unsigned type, int mode, const QByteArray &data = {})
    {
        EntryPtr entry(archive_entry_new());
        archive_entry_set_pathname_utf8(entry.get(), path.toUtf8().constData());
        archive_entry_set_filetype(entry.get(), type);
        archive_entry_set_perm(entry.get(), mode_t(mode));
        archive_entry_set_uid(entry.get(), m_owner.uid);
        archive_entry_set_gid(entry.get(), m_owner.gid);
        archive_entry_set_size(entry.get(), type == AE_IFREG ? data.size() : 0);
        if (archive_write_header(m_archive.get(), entry.get()) != ARCHIVE_OK)
            return false;
        return type != AE_IFREG || data.isEmpty()
            || archive_write_data(m_archive.get(), data.constData(), size_t(data.size())) == data.size();
    }
    bool close() { return archive_write_close(m_archive.get()) == ARCHIVE_OK; }
    archive *get() const { return m_archive.get(); }
    QByteArray take() { return std::exchange(m_tar, {}); }

private:
    ArchivePtr m_archive;
    DockerArchive::Owner m_owner;
    QByteArray m_tar;
};
} // namespace

namespace {
/// The regular files and folders of `folder`, each path under `prefix` (empty: at the top);
/// links and anything else left out.
Expected<void> addTree(Writer &writer, const QString &folder, const QString &prefix, int folderMode)
{
    const QDir root(folder);
    QDirIterator it(folder, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QFileInfo info(it.next());
        const QString path = prefix + root.relativeFilePath(info.filePath());
        if (info.isSymLink())
            continue;
        bool added = true;
        if (info.isDir()) {
            added = writer.add(path + QLatin1Char('/'), AE_IFDIR, folderMode);
        } else if (info.isFile()) {
            QFile file(info.filePath());
            if (!file.open(QIODevice::ReadOnly)) {
                return makeError(RunError::Code::SetupFailed,
                                 QStringLiteral("Could not read %1 to send it to Docker: %2.")
                                     .arg(file.fileName(), file.errorString()));
            }
            added = writer.add(path, AE_IFREG, info.isExecutable() ? 0755 : 0644, file.readAll());
        }
        if (!added)
            return std::unexpected(archiveError(writer.get(), QStringLiteral("pack %1").arg(path)));
    }
    return {};
}
} // namespace

Expected<QByteArray> DockerArchive::packReadOnly(const QString &folder, const QString &prefix)
{
    Writer writer(Owner{0, 0});
    if (!writer.open())
        return std::unexpected(archiveError(writer.get(), QStringLiteral("start an archive of %1").arg(folder)));
    if (!writer.add(prefix + QLatin1Char('/'), AE_IFDIR, 0755))
        return std::unexpected(archiveError(writer.get(), QStringLiteral("pack %1").arg(prefix)));
    if (auto added = addTree(writer, folder, prefix + QLatin1Char('/'), 0755); !added)
        return std::unexpected(added.error());
    if (!writer.close())
        return std::unexpected(archiveError(writer.get(), QStringLiteral("finish the archive of %1").arg(folder)));
    return writer.take();
}

Expected<QByteArray> DockerArchive::pack(const QString &folder, const QList<Extra> &extras, Owner owner)
{
    Writer writer(owner);
    if (!writer.open())
        return std::unexpected(archiveError(writer.get(), QStringLiteral("start the run's archive")));
    if (auto added = addTree(writer, folder, QString(), 0777); !added)
        return std::unexpected(added.error());
    for (const Extra &extra : extras) {
        const QString parent = QFileInfo(extra.path).path();
        if (parent != QLatin1String(".") && !writer.add(parent + QLatin1Char('/'), AE_IFDIR, 0755))
            return std::unexpected(archiveError(writer.get(), QStringLiteral("pack %1").arg(parent)));
        if (!writer.add(extra.path, AE_IFREG, extra.mode, extra.data))
            return std::unexpected(archiveError(writer.get(), QStringLiteral("pack %1").arg(extra.path)));
    }
    if (!writer.close())
        return std::unexpected(archiveError(writer.get(), QStringLiteral("finish the run's archive")));
    return writer.take();
}

Expected<DockerArchive::Unpacked> DockerArchive::unpack(const QByteArray &tar, const QString &destination, int maxFiles,
                                                        qint64 maxBytes, const Filter &wanted)
{
    ArchivePtr reader(archive_read_new());
    archive_read_support_format_tar(reader.get());
    if (archive_read_open_memory(reader.get(), tar.constData(), size_t(tar.size())) != ARCHIVE_OK)
        return std::unexpected(archiveError(reader.get(), QStringLiteral("read the program's output from Docker")));
    ArchivePtr disk(archive_write_disk_new());
    // No owner, no setuid bit, nothing through a link, no "..". Each path is made absolute
    // below `destination` (libarchive would otherwise resolve it against the process's working
    // folder), so an absolute path in the archive is refused here first.
    archive_write_disk_set_options(
        disk.get(), ARCHIVE_EXTRACT_PERM | ARCHIVE_EXTRACT_SECURE_SYMLINKS | ARCHIVE_EXTRACT_SECURE_NODOTDOT);
    const QByteArray base = QFile::encodeName(QDir(destination).absolutePath()) + '/';
    Unpacked unpacked;
    qint64 bytes = 0;
    archive_entry *entry = nullptr;
    int rc;
    while ((rc = archive_read_next_header(reader.get(), &entry)) == ARCHIVE_OK) {
        const mode_t type = archive_entry_filetype(entry);
        if ((type != AE_IFREG && type != AE_IFDIR) || archive_entry_hardlink(entry) || archive_entry_symlink(entry)) {
            ++unpacked.skipped;
            continue;
        }
        const la_int64_t size = archive_entry_size(entry);
        const QByteArray relative = archive_entry_pathname(entry);
        // Read first, so that the filter can judge a file by what it holds; never more than
        // the caps allow, which the header's size is checked against.
        QByteArray content;
        if (type == AE_IFREG && wanted && size >= 0 && bytes + size <= maxBytes) {
            content.resize(qsizetype(size));
            if (size > 0 && archive_read_data(reader.get(), content.data(), size_t(size)) != size)
                return std::unexpected(
                    archiveError(reader.get(), QStringLiteral("read the program's files from Docker")));
        }
        if (wanted && !wanted(relative, type == AE_IFREG ? &content : nullptr))
            continue;
        if (type == AE_IFREG && (unpacked.files >= maxFiles || bytes + size > maxBytes)) {
            unpacked.truncated = true;
            continue;
        }
        if (relative.startsWith('/') || relative.split('/').contains("..")) {
            ++unpacked.skipped;
            continue;
        }
        archive_entry_set_pathname(entry, (base + relative).constData());
        // What was executable stays so (a compiled program); nothing else survives.
        archive_entry_set_perm(entry, type == AE_IFDIR || (archive_entry_perm(entry) & 0111) ? 0755 : 0644);
        if (archive_write_header(disk.get(), entry) != ARCHIVE_OK) {
            ++unpacked.skipped; // refused by the secure options: a "..", an absolute path
            continue;
        }
        if (type == AE_IFREG) {
            if (wanted) {
                archive_write_data(disk.get(), content.constData(), size_t(content.size()));
            } else {
                const void *block;
                size_t length;
                la_int64_t offset;
                while (archive_read_data_block(reader.get(), &block, &length, &offset) == ARCHIVE_OK)
                    archive_write_data_block(disk.get(), block, length, offset);
            }
            ++unpacked.files;
            bytes += size;
        }
        archive_write_finish_entry(disk.get());
    }
    archive_write_close(disk.get());
    if (rc != ARCHIVE_EOF)
        return std::unexpected(archiveError(reader.get(), QStringLiteral("read the program's output from Docker")));
    return unpacked;
}

} // namespace Sandpit::Core
