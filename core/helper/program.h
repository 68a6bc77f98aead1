#pragma once

#include "options.h"

#include <sys/types.h>

namespace Sandpit::Helper {

struct ProgramStart {
    pid_t pid = -1;         ///< the program, or -1 when it could not be started
    char failedStep[32] {}; ///< the step that failed, e.g. "execve"
    int error = 0;          ///< errno at that step
};

/// Forks and execs the program with its limits, working directory and environment, its
/// stdout and stderr on the given pipes. Returns once exec has succeeded or failed.
ProgramStart startProgram(const Options &options, int stdoutFd, int stderrFd);

} // namespace Sandpit::Helper
