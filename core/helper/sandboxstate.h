#pragma once

#include <string>
#include <sys/types.h>
#include <utility>
#include <vector>

namespace Sandpit::Helper {

using KeyValues = std::vector<std::pair<std::string, std::string>>;

/// When `pid` started, in clock ticks after boot (/proc/PID/stat field 22); -1 when there is
/// no such process. A pid and its start time name one process for good.
long long processStartTime(pid_t pid);

/// The first child of `pid` (/proc/PID/task/PID/children), as the host numbers it; 0 when it
/// has none.
pid_t firstChildOf(pid_t pid);

/// Writes `values` to `path` as key=value lines, whole or not at all (a temporary file
/// renamed into place), so a reader never sees half a state.
bool writeKeyValues(const std::string &path, const KeyValues &values);

/// The value of `key` in the key=value file `path`; empty when either is missing.
std::string readKeyValue(const std::string &path, const std::string &key);

} // namespace Sandpit::Helper
