#pragma once

#include <QStringList>

namespace Sandpit::Core {

/// The host paths a sandboxed program may read (never write): the system folders where
/// interpreters, compilers and their libraries live, and the few files under /etc they read.
/// Everything else on the host, /home and /run included, is absent inside the sandbox.
/// The helper only applies this list; the policy is the engine's.
QStringList sandboxReadOnlyPaths();

} // namespace Sandpit::Core
