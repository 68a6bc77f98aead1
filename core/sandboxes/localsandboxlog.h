#pragma once

#include "sandboxes/sandboxstore.h"

#include <QString>

namespace Sandpit::Core {

/// What the commands of the local named sandbox in `stateDir` printed, from byte `from` of its
/// log counted from the first byte ever written (the part the cap dropped no longer counts
/// against it), as the helper's SandboxLog keeps it. Empty bytes when there is nothing newer.
SandboxLogRead readLocalSandboxLog(const QString &stateDir, qint64 from);

} // namespace Sandpit::Core
