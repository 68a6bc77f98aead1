// sandpit-seccomp: Sandpit's own system-call filter in a Docker container, and the
// container's init.
//
// Docker's default seccomp profile lets a container open AF_VSOCK sockets (which no network
// namespace covers, so they reach the host's vsock services) and allows ptrace,
// process_vm_readv and io_uring. The engine puts this program into every container it makes
// (copied into the read-only control folder, or sent through the archive API to a remote
// engine) and makes it the container's PID 1 (see dockerinit.h): it installs the filter on
// itself before it reads the run's token, and the launcher it runs, run.sh, and the
// program that script execs inherit it, so a Docker run refuses what the local sandbox
// refuses, on top of Docker's profile. It is linked statically: it must run in any image,
// glibc or musl. A forbidden call kills the process with SIGSYS: init runs under the same
// filter, so nothing outside it is there to hear a notification and name the call.
//
// Init also forks the watch for open files beside the program (see openfiles.h), the
// evidence for limits_reached "open-files" that no kernel counter keeps. It looks at the
// container's own /proc, as the same user as the program, so it works wherever the daemon is.
//
// Usage: sandpit-seccomp --init CONTROL-FOLDER [OPEN-FILES]
//        sandpit-seccomp PROGRAM [ARGUMENT...]   (the filter alone, then PROGRAM)

#include "dockerinit.h"
#include "proxyforward.h"
#include "seccompfilter.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <linux/seccomp.h>

namespace {
using namespace Sandpit::Helper;

Step installFilter()
{
    SeccompProgram program;
    SANDPIT_TRY_STEP(buildSeccompProgram(program, ForbiddenCall::Kill));
    // Required to install a filter without privileges; Docker's no-new-privileges has set it
    // already, and setting it again is harmless.
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
        return Step::fail("no-new-privs");
    for (const std::vector<sock_filter> *layer : {&program.allowList, &program.rules}) {
        const sock_fprog fprog{static_cast<unsigned short>(layer->size()), const_cast<sock_filter *>(layer->data())};
        if (syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &fprog) != 0)
            return Step::fail("seccomp");
    }
    return Step::ok();
}
} // namespace

int main(int argc, char **argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: sandpit-seccomp PROGRAM [ARGUMENT...]\n");
        return 127;
    }
    const bool init = argc >= 3 && std::strcmp(argv[1], "--init") == 0;
    // As init, non-dumpable before anything else (see dockerinit.h); the filter before the
    // token is read, so that nothing holding it ever runs unfiltered.
    if (init && prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0) {
        std::fprintf(stderr, "sandpit-seccomp: dumpable: %s\n", std::strerror(errno));
        return 127;
    }
    if (const Step step = installFilter(); !step) {
        std::fprintf(stderr, "sandpit-seccomp: %s: %s\n", step.failed, std::strerror(step.error));
        return 127;
    }
    if (init)
        return runDockerInit(argc, argv);
    // A named sandbox's first process (DockerSandboxBody::held): with its proxy's socket bound
    // in, the forwarder serves every command exec'd into the container for the container's
    // whole life. It ends with this process (PR_SET_PDEATHSIG), which exec keeps.
    if (getpid() == 1 && startProxyForwarderIfBound() < 0) {
        std::fprintf(stderr, "sandpit-seccomp: cannot start the proxy's forwarder: %s\n", std::strerror(errno));
        return 127;
    }
    execvp(argv[1], argv + 1);
    std::fprintf(stderr, "sandpit-seccomp: %s: %s\n", argv[1], std::strerror(errno));
    return errno == ENOENT ? 127 : 126;
}
