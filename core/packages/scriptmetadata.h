#pragma once

#include "model/runerror.h"

#include <QByteArray>
#include <QStringList>

#include <optional>

namespace Sandpit::Core {

/// PEP 723 inline script metadata: the `# /// script` ... `# ///` block of a Python file, its
/// TOML read with toml++. Nothing when the file has no such block; the `dependencies` array
/// (empty when the block has none) when it has one; a BadRequest at the block's line when the
/// block is not valid TOML, `dependencies` is not an array of strings, or there are two.
/// `fileName` names the file in messages.
Expected<std::optional<QStringList>> scriptDependencies(const QByteArray &source, const QString &fileName);

} // namespace Sandpit::Core
