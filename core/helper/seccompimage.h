#pragma once

#include "seccompfilter.h"

#include <optional>
#include <string>

namespace Sandpit::Helper {

// Compiling the filter with libseccomp took 3-4 ms of CPU, half of what a helper costs, for
// the same program every time. So the engine has one helper compile it (--export-seccomp)
// and hands the result to the others in a sealed memfd (--seccomp-fd); see protocol.h.

/// The program as bytes: a header, then both filters' instructions.
std::string seccompImage(const SeccompProgram &program);

/// Reads an image from `fd`, which must be a memfd sealed against writes and size changes:
/// once sealed nobody, the engine included, can change what a later helper loads. The kernel
/// checks the instructions again as it installs them.
Step readSeccompImage(int fd, SeccompProgram &program);

/// --seccomp-fd: reads the image into `program` and closes `fd`, before init or the program
/// could inherit it. Nothing for fd 0 (no image: init compiles the filter). A failure fails
/// the setup: the helper never runs a program under a filter it was not given whole.
Step takeSeccompImage(long long fd, std::optional<SeccompProgram> &program);

} // namespace Sandpit::Helper
