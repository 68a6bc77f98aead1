#pragma once

#include <sys/types.h>

namespace Sandpit::Helper {

/// SIGKILLs every descendant of `root`, found by walking /proc. Used only where no PID
/// namespace could be made: `root` is then a child subreaper, so orphans stay its descendants.
void killDescendants(pid_t root);

} // namespace Sandpit::Helper
