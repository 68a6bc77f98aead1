#pragma once

#include <cstddef>

namespace Sandpit::Helper {

/// Reads a small /proc file whole into `buf` (NUL-terminated); false if it cannot.
bool readSmall(const char *path, char *buf, std::size_t size);
/// The number after `key` in a "Key: value" text such as /proc/PID/status (0 if absent).
long long kilobytesOf(const char *text, const char *key);

} // namespace Sandpit::Helper
