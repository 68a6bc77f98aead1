#include "init.h"

#include "initrecord.h"
#include "processtree.h"
#include "program.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <unistd.h>

namespace Sandpit::Helper {

namespace {

void sendRecord(int fd, const InitRecord &record)
{
    // A single write of a small struct on a pipe is atomic; if the supervisor is gone there
    // is nobody to tell, so the result is ignored.
    [[maybe_unused]] const ssize_t n = write(fd, &record, sizeof record);
}

[[noreturn]] void failSetup(const InitContext &ctx, const char *step, int err)
{
    InitRecord record;
    record.kind = InitRecord::SetupFailed;
    record.setupErrno = err;
    std::strncpy(record.setupStep, step, sizeof record.setupStep - 1);
    sendRecord(ctx.statusFd, record);
    _exit(1);
}

void killEverything(const InitContext &ctx)
{
    if (ctx.pidNamespace) {
        // kill(-1) from PID 1 reaches every other process of the namespace, however it was
        // started (setsid, double fork) and whatever it did to its process group.
        kill(-1, SIGKILL);
    } else {
        killDescendants(getpid());
    }
}

} // namespace

void runInit(const InitContext &ctx)
{
    // If the supervisor dies (the app was killed), init dies, and with PID 1 gone the kernel
    // kills the whole namespace. The death signal is armed before the first read of the
    // control pipe, so a supervisor that died earlier shows up as EOF right below.
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0)
        failSetup(ctx, "prctl-pdeathsig", errno);

    char go = 0;
    if (read(ctx.controlFd, &go, 1) != 1 || go != 'G')
        _exit(1);

    if (!ctx.pidNamespace && prctl(PR_SET_CHILD_SUBREAPER, 1) != 0)
        failSetup(ctx, "prctl-subreaper", errno);

    sigset_t mask;
    sigemptyset(&mask);
    sigaddset(&mask, SIGCHLD);
    sigprocmask(SIG_BLOCK, &mask, nullptr);
    const int sigFd = signalfd(-1, &mask, SFD_CLOEXEC);
    if (sigFd < 0)
        failSetup(ctx, "signalfd", errno);

    ProgramStart start = startProgram(*ctx.options, ctx.stdoutFd, ctx.stderrFd);
    close(ctx.stdoutFd);
    close(ctx.stderrFd);
    if (start.pid < 0)
        failSetup(ctx, start.failedStep, start.error);

    InitRecord record;
    record.kind = InitRecord::ProgramEnded;
    bool mainEnded = false;
    bool stopping = false;
    while (!mainEnded) {
        pollfd fds[2] = {{sigFd, POLLIN, 0}, {ctx.controlFd, POLLIN, 0}};
        if (poll(fds, stopping ? 1 : 2, -1) < 0) {
            if (errno == EINTR)
                continue;
            failSetup(ctx, "poll", errno);
        }
        if (fds[0].revents & POLLIN) {
            signalfd_siginfo info;
            [[maybe_unused]] const ssize_t n = read(sigFd, &info, sizeof info);
            int status = 0;
            pid_t pid;
            while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
                if (pid == start.pid) {
                    record.waitStatus = status;
                    mainEnded = true;
                }
            }
        }
        if (!stopping && (fds[1].revents & (POLLIN | POLLHUP | POLLERR))) {
            // 'K' or EOF: the supervisor wants everything gone (time limit, output limit, Stop).
            stopping = true;
            killEverything(ctx);
        }
    }

    // The run ends with its main program: whatever it left behind (a daemon, a background
    // child) is killed and reaped, so its CPU time is counted and nothing outlives the run.
    // Killing before every wait also catches a process forked while the previous kill ran.
    for (;;) {
        killEverything(ctx);
        if (waitpid(-1, nullptr, 0) < 0 && errno == ECHILD)
            break;
    }

    rusage usage{};
    getrusage(RUSAGE_CHILDREN, &usage);
    record.cpuUs = (static_cast<std::int64_t>(usage.ru_utime.tv_sec) + usage.ru_stime.tv_sec) * 1'000'000
        + usage.ru_utime.tv_usec + usage.ru_stime.tv_usec;
    record.peakRssBytes = static_cast<std::int64_t>(usage.ru_maxrss) * 1024;
    sendRecord(ctx.statusFd, record);
    _exit(0);
}

} // namespace Sandpit::Helper
