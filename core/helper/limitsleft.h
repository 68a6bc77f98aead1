#pragma once

#include "options.h"

namespace Sandpit::Helper {

/// What a finished run left behind that shows a limit refused it a call (InitRecord's
/// LimitBit): a file that stands at the file-size limit (the write past it failed with
/// EFBIG), and, in the run's own file systems (`sandboxed`), no space or no inodes left.
/// Looked at after every process of the run is dead and before output/ is copied out.
int limitsLeft(const Options &run, bool sandboxed);

} // namespace Sandpit::Helper
