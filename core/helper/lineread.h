#pragma once

#include <string>

namespace Sandpit::Helper {

/// Reads one line from `fd`, a byte at a time so that nothing after the newline is taken (what
/// follows may be the program's). The newline is not kept; a line past `max` bytes is cut
/// there. False on end-of-file or an error before the newline.
bool readLine(int fd, std::string &line, size_t max);

} // namespace Sandpit::Helper
