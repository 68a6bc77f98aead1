#pragma once

#include "options.h"

#include <string>
#include <vector>

namespace Sandpit::Helper {

/// NUL-separated arguments, as in a job file or init's 'G' message.
std::vector<std::string> splitArguments(const std::string &text);
std::string joinArguments(const std::vector<std::string> &arguments);

/// Prepared mode: blocks until a newline arrives on stdin (reading one byte at a time, so
/// nothing meant for the program is taken), then adds the job file's arguments to `options`.
/// False on EOF (no run wanted) or a bad job, with `error` set for the latter.
bool waitForJob(Options &options, std::string &error);

} // namespace Sandpit::Helper
