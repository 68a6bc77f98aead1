#pragma once

#include <QJsonObject>
#include <QString>

#include <expected>

namespace Sandpit::Core {

class ImportFiles;

/// A JSON file's top object; an error names the file, its line and column.
std::expected<QJsonObject, QString> readJsonObject(const ImportFiles &files, const QString &relative);

} // namespace Sandpit::Core
