#pragma once

#include "options.h"

namespace Sandpit::Helper {

/// Hold mode (--hold STATE_DIR, see sandboxprotocol.h): builds a named sandbox, detaches a
/// keeper that outlives us, and returns the helper's exit code once the sandbox stands.
int runHolder(const Options &options);

} // namespace Sandpit::Helper
