#pragma once

#include <QByteArray>
#include <QString>

#include <expected>
#include <map>

namespace Sandpit::Core {

/// Writes a pack's files as a zip (libarchive), as PackArchive reads them back.
class PackZip final
{
public:
    struct Entry {
        QByteArray data;
        bool executable = false;
    };

    /// Writes `entries` (path in the zip → its file) to `path`, completely or not at all (a
    /// QSaveFile: the old file stays until the new one is whole), in the map's order, with one
    /// fixed time and owner, so the same entries always give the same bytes. The zip's size.
    static std::expected<qint64, QString> write(const std::map<QString, Entry> &entries, const QString &path);
};

} // namespace Sandpit::Core
