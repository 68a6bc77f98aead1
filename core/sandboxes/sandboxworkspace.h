#pragma once

#include "model/runerror.h"

namespace Sandpit::Core {

/// The user "nobody" a sandbox runs as when Sandpit runs as root (on both backends), so that
/// nothing the program makes in a folder of the user's belongs to root.
inline constexpr unsigned kSandboxNobody = 65534;

/// Whether `workspace` (a host folder given with `--workspace`; empty: none) can be a named
/// sandbox's /work: a folder, and, when Sandpit runs as root (the sandbox then runs as
/// nobody), one that nobody can use; it is never handed over behind the user's back. The
/// sentence says how to fix it.
Expected<void> checkSandboxWorkspace(const QString &workspace);

} // namespace Sandpit::Core
