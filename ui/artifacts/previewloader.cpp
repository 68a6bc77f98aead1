#include "artifacts/previewloader.h"

#include "model/units.h"

#include <QFile>
#include <QImageReader>
#include <QLocale>
#include <QMimeDatabase>
#include <QPainter>
#include <QStringDecoder>
#include <QSvgRenderer>

#include <optional>

namespace Sandpit::Ui {

namespace {

const QStringList kImageTypes{QStringLiteral("image/png"), QStringLiteral("image/jpeg"), QStringLiteral("image/gif"),
                              QStringLiteral("image/bmp"), QStringLiteral("image/svg+xml")};
const QStringList kTableTypes{QStringLiteral("text/csv"), QStringLiteral("text/tab-separated-values")};
// An SVG says how big it wants to be; a hostile or careless one may say 100000 px.
constexpr int kMaxSvgSide = 4096;

/// At most `max` bytes of `path`, and whether there was more.
std::optional<QByteArray> readHead(const QString &path, qint64 max, bool *cut, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("Cannot read %1: %2").arg(path, file.errorString());
        return std::nullopt;
    }
    QByteArray data = file.read(max);
    *cut = !file.atEnd() || file.size() > max;
    return data;
}

} // namespace

Preview::Kind PreviewLoader::kindFor(const QString &mimeType)
{
    const QMimeType mime = QMimeDatabase().mimeTypeForName(mimeType);
    const auto is = [&mime, &mimeType](const QStringList &names) {
        for (const QString &name : names) {
            if (mimeType == name || (mime.isValid() && mime.inherits(name)))
                return true;
        }
        return false;
    };
    if (is(kImageTypes))
        return Preview::Kind::Image;
    if (is(kTableTypes))
        return Preview::Kind::Table;
    if (is({QStringLiteral("text/plain")}))
        return Preview::Kind::Text;
    return Preview::Kind::Other;
}

Preview PreviewLoader::load(const QString &path, const QString &mimeType)
{
    switch (kindFor(mimeType)) {
    case Preview::Kind::Image:
        return loadImage(path, mimeType);
    case Preview::Kind::Table:
        return loadTable(path, mimeType);
    case Preview::Kind::Text:
        return loadText(path);
    case Preview::Kind::Other:
        break;
    }
    return {};
}

Preview PreviewLoader::loadImage(const QString &path, const QString &mimeType)
{
    Preview preview;
    preview.kind = Preview::Kind::Image;
    if (mimeType == QLatin1String("image/svg+xml")) {
        QSvgRenderer renderer(path);
        if (!renderer.isValid()) {
            preview.error = QStringLiteral("This SVG file cannot be read.");
            return preview;
        }
        QSize size = renderer.defaultSize();
        if (size.isEmpty())
            size = QSize(512, 512);
        if (size.width() > kMaxSvgSide || size.height() > kMaxSvgSide)
            size.scale(kMaxSvgSide, kMaxSvgSide, Qt::KeepAspectRatio);
        preview.image = QImage(size, QImage::Format_ARGB32_Premultiplied);
        preview.image.fill(Qt::transparent);
        QPainter painter(&preview.image);
        renderer.render(&painter);
        return preview;
    }
    // QImageReader refuses an image whose pixels would need more than its allocation limit
    // (256 MB by default), so a small file that decodes to gigabytes is an error, not a freeze.
    QImageReader reader(path);
    if (!reader.read(&preview.image))
        preview.error = QStringLiteral("This image cannot be shown: %1.").arg(reader.errorString());
    return preview;
}

Preview PreviewLoader::loadText(const QString &path)
{
    Preview preview;
    preview.kind = Preview::Kind::Text;
    bool cut = false;
    const auto data = readHead(path, kMaxTextBytes, &cut, &preview.error);
    if (!data)
        return preview;
    QStringDecoder decode(QStringDecoder::Utf8);
    preview.text = decode(*data);
    // A NUL would end the text in some widgets; show it as the output pane does.
    preview.text.replace(QChar(0), QChar(0x2400));
    if (cut)
        preview.note = QStringLiteral("Showing the first %1 of this file.").arg(Core::formatBytes(kMaxTextBytes));
    return preview;
}

Preview PreviewLoader::loadTable(const QString &path, const QString &mimeType)
{
    Preview preview;
    preview.kind = Preview::Kind::Table;
    bool cut = false;
    auto data = readHead(path, kMaxTableBytes, &cut, &preview.error);
    if (!data)
        return preview;
    if (cut) // the last line is likely cut in half
        data->truncate(data->lastIndexOf('\n') + 1);
    const char delimiter = mimeType == QLatin1String("text/tab-separated-values") ? '\t' : ',';
    preview.table = CsvModel::parse(*data, delimiter, kMaxTableRows);
    if (preview.table.truncated || cut) {
        preview.note = QStringLiteral("Showing the first %1 rows.")
                           .arg(QLocale().toString(qsizetype(preview.table.rows.size())));
    }
    return preview;
}

} // namespace Sandpit::Ui
