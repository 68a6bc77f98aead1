#include "session/textfile.h"

#include "model/units.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QStringDecoder>

namespace Sandpit::Ui {

namespace {
QString quoted(const QString &path)
{
    return QStringLiteral("“%1”").arg(path);
}
} // namespace

std::expected<TextFile::Contents, QString> TextFile::read(const QString &path, qint64 maxBytes)
{
    const QFileInfo info(path);
    if (!info.exists())
        return std::unexpected(QStringLiteral("Cannot open %1: the file does not exist.").arg(quoted(path)));
    if (info.isDir())
        return std::unexpected(QStringLiteral("Cannot open %1: it is a folder, not a file.").arg(quoted(path)));

    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return std::unexpected(QStringLiteral("Cannot open %1: %2.").arg(quoted(path), file.errorString()));
    const auto tooBig = [&](qint64 size) {
        return std::unexpected(QStringLiteral("%1 was not opened: it is %2, and Sandpit opens files of up to %3.")
                                   .arg(quoted(info.fileName()), Core::formatBytes(size), Core::formatBytes(maxBytes)));
    };
    if (file.size() > maxBytes)
        return tooBig(file.size());
    // Read one byte past the limit: a device or a growing file can report a size it does not keep to.
    const QByteArray data = file.read(maxBytes + 1);
    if (file.error() != QFileDevice::NoError)
        return std::unexpected(QStringLiteral("Cannot read %1: %2.").arg(quoted(path), file.errorString()));
    if (data.size() > maxBytes)
        return tooBig(data.size());
    if (data.contains('\0')) {
        return std::unexpected(
            QStringLiteral("%1 was not opened: it contains NUL bytes, so it is a binary file or text "
                           "in an encoding other than UTF-8 (such as UTF-16).")
                .arg(quoted(info.fileName())));
    }

    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    Contents contents;
    contents.text = decoder.decode(data);
    if (contents.text.startsWith(QChar(0xFEFF)))
        contents.text.remove(0, 1);
    if (decoder.hasError()) {
        contents.warning
            = QStringLiteral("%1 is not valid UTF-8 text. It was opened anyway: the bytes that could not be "
                             "read show as �, and saving the file will store them that way.")
                  .arg(quoted(info.fileName()));
    }
    return contents;
}

std::expected<void, QString> TextFile::write(const QString &path, const QString &text)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return std::unexpected(QStringLiteral("Cannot save %1: %2.").arg(quoted(path), file.errorString()));
    const QByteArray data = text.toUtf8();
    if (file.write(data) != data.size() || !file.commit())
        return std::unexpected(QStringLiteral("Cannot save %1: %2.").arg(quoted(path), file.errorString()));
    return {};
}

} // namespace Sandpit::Ui
