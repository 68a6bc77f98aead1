#pragma once

#include "step.h"

#include <cstddef>

namespace Sandpit::Helper {

/// Installs the system-call filter on the calling process, the last step before execve.
/// Forbidden calls are not executed; they are handed to the returned notification descriptor
/// (SECCOMP_RET_USER_NOTIF), where init learns which call it was, refuses it and ends the run.
/// `notifyFd` receives that descriptor.
Step installSeccompFilter(int &notifyFd);

/// The name of a system call for the report, e.g. "ptrace".
void syscallName(unsigned int arch, int number, char *out, size_t size);

} // namespace Sandpit::Helper
