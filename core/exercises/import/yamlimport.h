#pragma once

#include <QString>

#include <yaml-cpp/yaml.h>

#include <expected>

namespace Sandpit::Core {

class ImportFiles;

/// A YAML file's top node; an error names the file, its line and column. yaml-cpp throws, so
/// this is where its exceptions stop.
std::expected<YAML::Node, QString> readYaml(const ImportFiles &files, const QString &relative);

} // namespace Sandpit::Core
