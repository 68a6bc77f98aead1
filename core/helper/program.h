#pragma once

#include "options.h"
#include "seccompfilter.h"

#include <sys/types.h>
#include <vector>

namespace Sandpit::Helper {

struct ProgramSpec {
    const Options *options = nullptr;
    const char *workDir = nullptr;
    int stdoutFd = -1;
    int stderrFd = -1;
    /// A pty's slave: the program's stdin and controlling terminal (stdout and stderr are
    /// whatever the two above say); -1: it keeps init's stdin and has no terminal.
    int terminalFd = -1;
    const SeccompProgram *seccomp = nullptr; ///< the filter to install, if any (its notification fd comes back)
    long long dataLimitBytes = 0;            ///< RLIMIT_DATA; 0: none (a cgroup enforces memory)
    bool becomeUser = false;                 ///< switch to uid/gid before exec (init itself stays root)
    uid_t uid = 0;
    gid_t gid = 0;
};

struct ProgramStart {
    pid_t pid = -1;        ///< the program, or -1 when it could not be started
    int notifyFd = -1;     ///< the seccomp notification descriptor, when a filter was installed
    char failedStep[32]{}; ///< the step that failed, e.g. "execve"
    int error = 0;         ///< errno at that step
};

/// Forks and execs the program with its limits, working directory and environment, its
/// stdout and stderr on the given pipes. Returns once exec has succeeded or failed.
ProgramStart startProgram(const ProgramSpec &spec);

} // namespace Sandpit::Helper
