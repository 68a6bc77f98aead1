#pragma once

#include "options.h"

namespace Sandpit::Helper {

/// Starts the sandbox's init, relays output, enforces the wall-time and output limits, and
/// writes the report. Returns the helper's exit code.
int runSupervisor(const Options &options);

} // namespace Sandpit::Helper
