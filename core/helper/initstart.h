#pragma once

#include "engineevents.h"
#include "init.h"

#include <sys/types.h>

namespace Sandpit::Helper {

/// The supervisor's ends of the pipes to a started init (InitContext holds init's ends).
struct InitLink {
    pid_t pid = -1;
    int controlFd = -1;
    int statusFd = -1;
    int stdoutFd = -1;
    int stderrFd = -1;
    int terminalFd = -1; ///< where a run on a terminal's pty master arrives
};

/// Clones init into the namespaces of `ctx.isolation` and runs it there, with `ctx` completed
/// by init's ends of four new pipes and a socket pair. False, with errno set, when a pipe or the clone was
/// refused; nothing is left open then.
bool startInit(InitContext ctx, const EngineEvents &events, InitLink &link);

/// Writes the uid and gid maps of the user namespace of `init`, mapping `ctx.uid` and
/// `ctx.gid`. False, with `step` naming the file the kernel refused and errno set.
bool mapIdentity(pid_t init, const InitContext &ctx, const char *&step);

} // namespace Sandpit::Helper
