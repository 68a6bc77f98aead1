#include "supervisorsignals.h"

#include <csignal>
#include <initializer_list>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <unistd.h>

namespace Sandpit::Helper {

Step listenForSignals(int &sigFd)
{
    const pid_t parent = getppid();
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent)
        return Step::fail("prctl-pdeathsig");
    sigset_t mask;
    sigemptyset(&mask);
    for (int sig : {SIGCHLD, SIGTERM, SIGINT, SIGHUP})
        sigaddset(&mask, sig);
    sigprocmask(SIG_BLOCK, &mask, nullptr);
    signal(SIGPIPE, SIG_IGN);
    sigFd = signalfd(-1, &mask, SFD_CLOEXEC);
    return sigFd < 0 ? Step::fail("signalfd") : Step::ok();
}

} // namespace Sandpit::Helper
