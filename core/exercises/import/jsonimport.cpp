#include "exercises/import/jsonimport.h"

#include "exercises/import/importfiles.h"

#include <QJsonDocument>
#include <QJsonParseError>

namespace Sandpit::Core {

std::expected<QJsonObject, QString> readJsonObject(const ImportFiles &files, const QString &relative)
{
    const auto bytes = files.readText(relative);
    if (!bytes)
        return std::unexpected(bytes.error());
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(*bytes, &error);
    if (error.error != QJsonParseError::NoError) {
        // Qt gives a byte offset; an author looks for a line and a column.
        const QByteArray before = bytes->left(error.offset);
        const int line = int(before.count('\n')) + 1;
        const int column = int(error.offset - (before.lastIndexOf('\n') + 1)) + 1;
        return std::unexpected(
            QStringLiteral("%1:%2:%3: %4").arg(relative).arg(line).arg(column).arg(error.errorString()));
    }
    if (!document.isObject())
        return std::unexpected(QStringLiteral("%1: not a JSON object").arg(relative));
    return document.object();
}

} // namespace Sandpit::Core
