#pragma once

#include "model/runerror.h"

#include <QString>

namespace Sandpit::Core {

/// Whether `name` may name a sandbox: [A-Za-z0-9][A-Za-z0-9_.-]{0,62}, so that it is a safe
/// folder name and a valid container name. The error says what a good name looks like.
Expected<void> checkSandboxName(const QString &name);

} // namespace Sandpit::Core
