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

/// The system-call filter, compiled to BPF by libseccomp, as two programs that the kernel
/// runs one after the other, the strictest answer winning.
struct SeccompProgram {
    /// Default ENOSYS: only calls on the allow-list (seccompallowlist.h) pass.
    std::vector<sock_filter> allowList;
    /// Default allow: the forbidden calls end the run, privileged ones get EPERM, and socket
    /// families, clone flags, other processes' limits and terminal injection are refused.
    std::vector<sock_filter> rules;
};

/// Builds the filter. Built once, while the sandbox is prepared.
Step buildSeccompProgram(SeccompProgram &program, ForbiddenCall forbidden = ForbiddenCall::Notify);

/// Installs a built filter on the calling process, the last step before execve, and returns
/// the notification descriptor in `notifyFd` (-1 for a filter built with ForbiddenCall::Kill).
/// Only system calls: safe right after fork.
Step loadSeccompProgram(const SeccompProgram &program, int &notifyFd);

/// The name of a system call for the report, e.g. "ptrace".
void syscallName(unsigned int arch, int number, char *out, size_t size);

} // namespace Sandpit::Helper
