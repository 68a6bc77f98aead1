#include "exercises/import/yamlimport.h"

#include "exercises/import/importfiles.h"

namespace Sandpit::Core {

std::expected<YAML::Node, QString> readYaml(const ImportFiles &files, const QString &relative)
{
    const auto bytes = files.readText(relative);
    if (!bytes)
        return std::unexpected(bytes.error());
    try {
        YAML::Node node = YAML::Load(bytes->toStdString());
        if (!node.IsNull() && !node.IsMap())
            return std::unexpected(QStringLiteral("%1: not a YAML mapping").arg(relative));
        return node;
    } catch (const YAML::Exception &error) {
        // yaml-cpp counts lines and columns from 0.
        return std::unexpected(QStringLiteral("%1:%2:%3: %4")
                                   .arg(relative)
                                   .arg(error.mark.line + 1)
                                   .arg(error.mark.column + 1)
                                   .arg(QString::fromStdString(error.msg)));
    }
}

} // namespace Sandpit::Core
