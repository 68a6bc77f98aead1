#pragma once

#include <cstddef>

namespace Sandpit::Helper {

/// Reads exactly `size` bytes from `fd`, through EINTR and short reads (a pipe hands a large
/// message over in pieces). False on end-of-file or an error before the last byte.
bool readAll(int fd, void *data, size_t size);
/// Writes all of `data` to `fd`, through EINTR and short writes. False on an error.
bool writeAll(int fd, const char *data, size_t size);
/// Makes `fd` a descriptor of /dev/null for writing (closing what it was), or leaves it be.
void pointAtDevNull(int fd);

} // namespace Sandpit::Helper
