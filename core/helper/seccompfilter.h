#pragma once

#include "step.h"

#include <cstddef>
#include <linux/filter.h>
#include <vector>

namespace Sandpit::Helper {

/// What happens to a forbidden call (the calls refused with an errno are the same either way).
enum class ForbiddenCall {
    /// Not executed: it goes to a notification descriptor (SECCOMP_RET_USER_NOTIF), where init
    /// learns which call it was, refuses it and ends the run.
    Notify,
    /// The kernel kills the process with SIGSYS, for a filter that has no init behind it
    /// (sandpit-seccomp, in a Docker container).
    Kill,
};

/// The system-call filter, compiled to BPF by libseccomp. Built once, while the sandbox is
/// prepared.
Step buildSeccompProgram(std::vector<sock_filter> &program, ForbiddenCall forbidden = ForbiddenCall::Notify);

/// Installs a built filter on the calling process, the last step before execve, and returns
/// the notification descriptor in `notifyFd`. Only system calls: safe right after fork.
Step loadSeccompProgram(const std::vector<sock_filter> &program, int &notifyFd);

/// The name of a system call for the report, e.g. "ptrace".
void syscallName(unsigned int arch, int number, char *out, size_t size);

} // namespace Sandpit::Helper
