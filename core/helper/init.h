#pragma once

#include "options.h"

namespace Sandpit::Helper {

/// The file descriptors and facts init needs; everything else it closes.
struct InitContext {
    const Options *options = nullptr;
    int controlFd = -1;  ///< from the supervisor: 'G' to start, 'K' (or EOF) to stop everything
    int statusFd = -1;   ///< to the supervisor: one InitRecord
    int stdoutFd = -1;   ///< write ends of the output pipes, for the program
    int stderrFd = -1;
    bool pidNamespace = false; ///< init is PID 1 of a fresh PID namespace
};

/// The sandbox's init: starts the program, reaps every process, and when the program ends (or
/// the supervisor says stop) kills everything that is left, reports and exits.
[[noreturn]] void runInit(const InitContext &context);

} // namespace Sandpit::Helper
