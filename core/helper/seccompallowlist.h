#pragma once

#include <span>

namespace Sandpit::Helper {

/// The system calls a program may make at all, by name: Docker's default profile (without the
/// ones it grants only to capabilities a program never has here) and a few newer harmless
/// calls. Names this architecture does not have are skipped when the filter is built.
std::span<const char *const> allowedSystemCalls();

} // namespace Sandpit::Helper
