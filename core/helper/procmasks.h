#pragma once

#include "step.h"

#include <string>

namespace Sandpit::Helper {

/// Hides what a fresh /proc (mounted at `proc`) tells about the host, as container runtimes
/// do: runc's masked paths read as empty, and the kernel's switches (/proc/sys and the like)
/// become read-only. `sys` is where /sys would be shown; its firmware tables are masked if it is.
Step maskProc(const std::string &proc, const std::string &sys);

} // namespace Sandpit::Helper
