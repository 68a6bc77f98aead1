#include "exercises/packzip.h"

#include <QFile>
#include <QSaveFile>

#include <archive.h>
#include <archive_entry.h>

#include <memory>

namespace Sandpit::Core {

namespace {
// 1980-01-01 00:00 UTC, the earliest time a zip's DOS date can say: a build made today and one
// made tomorrow from the same files are the same bytes.
constexpr time_t kFixedTime = 315532800;

struct ArchiveFree {
    void operator()(archive *a) const { archive_write_free(a); }
};
struct EntryFree {
    void operator()(archive_entry *e) const { archive_entry_free(e); }
};

QString archiveError(archive *a)
{
    const char *message = archive_error_string(a);
    return message ? QString::fromUtf8(message) : QStringLiteral("unknown error");
}
} // namespace

std::expected<qint64, QString> PackZip::write(const std::map<QString, Entry> &entries, const QString &path)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return std::unexpected(QStringLiteral("%1 cannot be written: %2").arg(path, file.errorString()));
    const std::unique_ptr<archive, ArchiveFree> zip(archive_write_new());
    archive_write_set_format_zip(zip.get());
    if (archive_write_open_fd(zip.get(), file.handle()) != ARCHIVE_OK)
        return std::unexpected(QStringLiteral("%1 cannot be written: %2").arg(path, archiveError(zip.get())));
    for (const auto &[name, content] : entries) {
        const std::unique_ptr<archive_entry, EntryFree> entry(archive_entry_new());
        const QByteArray utf8 = name.toUtf8();
        archive_entry_set_pathname_utf8(entry.get(), utf8.constData());
        archive_entry_set_filetype(entry.get(), AE_IFREG);
        archive_entry_set_perm(entry.get(), content.executable ? 0755 : 0644);
        archive_entry_set_size(entry.get(), content.data.size());
        archive_entry_set_mtime(entry.get(), kFixedTime, 0);
        if (archive_write_header(zip.get(), entry.get()) != ARCHIVE_OK
            || archive_write_data(zip.get(), content.data.constData(), size_t(content.data.size()))
                != content.data.size())
            return std::unexpected(QStringLiteral("%1 cannot be written: %2").arg(path, archiveError(zip.get())));
    }
    // Closed before the commit: the zip's central directory is written at its end.
    if (archive_write_close(zip.get()) != ARCHIVE_OK)
        return std::unexpected(QStringLiteral("%1 cannot be written: %2").arg(path, archiveError(zip.get())));
    const qint64 size = file.size();
    if (!file.commit())
        return std::unexpected(QStringLiteral("%1 cannot be written: %2").arg(path, file.errorString()));
    return size;
}

} // namespace Sandpit::Core
