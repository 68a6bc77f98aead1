#pragma once

#include <QString>

#include <expected>

namespace Sandpit::Ui {

/// Reading and writing the editor's files. Both block on the disk, so they are meant for a
/// worker thread (QtConcurrent); errors are whole sentences ready to show.
class TextFile final
{
public:
    /// Larger files are refused: QScintilla keeps several copies of the text, and nobody writes
    /// a playground program this size.
    static constexpr qint64 kMaxBytes = 20LL * 1024 * 1024;

    struct Contents {
        QString text;
        QString warning; ///< set when the file opened, but not exactly as it is on disk
    };

    static std::expected<Contents, QString> read(const QString &path, qint64 maxBytes = kMaxBytes);
    /// Writes UTF-8 through QSaveFile, so a failed save leaves the old file intact.
    static std::expected<void, QString> write(const QString &path, const QString &text);
};

} // namespace Sandpit::Ui
