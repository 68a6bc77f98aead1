#pragma once

#include "options.h"
#include "sandboxentry.h"
#include "seccompfilter.h"

#include <sys/types.h>

namespace Sandpit::Helper {

/// How much of the sandbox init builds: the supervisor lowers it when the kernel refuses a
/// level, and says so in the report.
enum class Isolation {
    Full,      ///< user, PID, mount, network, IPC and UTS namespaces, new root, seccomp
    Processes, ///< user and PID namespaces only
    None,      ///< no namespaces: a subreaper and a /proc walk keep the process tree
};

/// The file descriptors and facts init needs; everything else it closes.
struct InitContext {
    const Options *options = nullptr; ///< what the sandbox is built from; the run's own come with 'G'

    Isolation isolation = Isolation::Full;
    int controlFd = -1; ///< from the supervisor: 'B' build, then 'G' + the run's options, 'K' (or EOF) stop
    int statusFd = -1;  ///< to the supervisor: one InitRecord
    int stdoutFd = -1;  ///< write ends of the output pipes, for the program
    int stderrFd = -1;
    /// A Unix socket to the supervisor: for a run on a terminal (--pty), init sends the pty's
    /// master on it (see openRunTerminal in init.cpp).
    int terminalFd = -1;
    uid_t uid = 0; ///< who the program runs as (mapped into the user namespace)
    gid_t gid = 0;
    bool switchUser = false;     ///< started as root: become uid/gid before building the sandbox
    bool memoryByCgroup = false; ///< the kernel enforces memory; init only watches processes
    /// The filter the engine compiled once (--seccomp-fd); nullptr: init compiles it.
    const SeccompProgram *seccomp = nullptr;
    /// Hold mode (--hold): once built, init only reaps, until the keeper says stop.
    bool hold = false;
    /// Enter mode (--enter): join this named sandbox instead of building one.
    const SandboxEntry *entry = nullptr;
};

/// True when init is PID 1 of a namespace of the run's own, so kill(-1) reaches the whole run
/// and nothing else; in a named sandbox, a namespace nested in the sandbox's, one per command.
inline bool ownsPidNamespace(const InitContext &ctx)
{
    return ctx.isolation != Isolation::None;
}

/// Hold mode, once the sandbox is built: reaps whatever ends, until the keeper writes 'T'
/// (SIGTERM to everything, SIGKILL after a grace period) or 'K' or hangs up (SIGKILL).
[[noreturn]] void holdSandbox(const InitContext &context);

/// The sandbox's init: builds the sandbox, starts the program, reaps every process, watches
/// the limits, and when the program ends (or the supervisor says stop) kills everything left,
/// copies output/ out, reports and exits.
[[noreturn]] void runInit(const InitContext &context);

} // namespace Sandpit::Helper
