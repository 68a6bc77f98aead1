#pragma once

#include <cstddef>
#include <string>

namespace Sandpit::Helper {

/// The regular files under the folder `dirFd` (depth first, names sorted by the file system's
/// order), as "SIZE\tPATH\n" lines that fit in `maxBytes`, and a last line "+\n" when more
/// were there. What the collector at the end would skip is skipped here too: symlinks (never
/// followed), files with other hard links, and names with a tab or newline, which the format
/// cannot carry.
std::string listOutput(int dirFd, std::size_t maxBytes);

} // namespace Sandpit::Helper
