#pragma once

#include <string>

namespace Sandpit::Helper {

/// The flags a read-only remount of a bind of `source` must keep inside a user namespace
/// (noexec and the atime ones): the kernel locked them on the source mount, and dropping one
/// is refused with EPERM. nosuid and nodev are left to the caller, which may always add them.
unsigned long lockedFlags(const std::string &source);

} // namespace Sandpit::Helper
