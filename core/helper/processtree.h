#pragma once

#include <sys/types.h>

namespace Sandpit::Helper {

/// SIGKILLs every descendant of `root`, found by walking /proc. Used only where no PID
/// namespace could be made: `root` is then a child subreaper, so orphans stay its descendants.
void killDescendants(pid_t root);

/// SIGKILLs every process of the run but the caller, init. `ownPidNamespace`: init is PID 1
/// of a namespace of the run's own; otherwise init is a subreaper and kills its descendants.
void killAllButInit(bool ownPidNamespace);

} // namespace Sandpit::Helper
