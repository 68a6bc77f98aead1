// The init of a named sandbox (--hold): PID 1 of its namespaces for as long as the sandbox
// lives. It runs nothing itself; commands enter beside it (--enter).

#include "init.h"

#include <cerrno>
#include <csignal>
#include <cstdint>
#include <poll.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <sys/wait.h>
#include <unistd.h>

namespace Sandpit::Helper {

namespace {

// What `stop` gives the sandbox's programs to save their work after SIGTERM.
constexpr long long kStopGraceMs = 3000;
constexpr long long kNothingLeftPollMs = 50;

void reapAll()
{
    while (waitpid(-1, nullptr, WNOHANG) > 0) { }
}

// Everything but init is gone: kill(-1, 0) from PID 1 reaches every other process of the
// namespace, our children or not (commands enter from outside, so they are not ours).
bool nothingLeft()
{
    return kill(-1, 0) != 0 && errno == ESRCH;
}

int armTimer(long long ms, bool repeat)
{
    const int fd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC);
    const timespec every{ms / 1000, (ms % 1000) * 1'000'000};
    const itimerspec spec{repeat ? every : timespec{}, every};
    if (fd >= 0)
        timerfd_settime(fd, 0, &spec, nullptr);
    return fd;
}

[[noreturn]] void endNow()
{
    // PID 1's exit takes every other process of the namespace with it.
    kill(-1, SIGKILL);
    _exit(0);
}

} // namespace

void holdSandbox(const InitContext &ctx)
{
    // Whatever the keeper had open (the line to the creator among it) is no business of a
    // sandbox that lives for days: only the keeper's orders are kept.
    close_range(0, static_cast<unsigned>(ctx.controlFd) - 1, 0);
    close_range(static_cast<unsigned>(ctx.controlFd) + 1, ~0U, 0);
    sigset_t mask;
    sigemptyset(&mask);
    sigaddset(&mask, SIGCHLD);
    sigprocmask(SIG_BLOCK, &mask, nullptr);
    const int sigFd = signalfd(-1, &mask, SFD_CLOEXEC);
    int graceFd = -1;
    int pollFd = -1;
    for (;;) {
        pollfd fds[4] = {{graceFd < 0 ? ctx.controlFd : -1, POLLIN, 0},
                         {sigFd, POLLIN, 0},
                         {graceFd, POLLIN, 0},
                         {pollFd, POLLIN, 0}};
        if (poll(fds, 4, -1) < 0 && errno != EINTR)
            endNow();
        if (fds[1].revents & POLLIN) {
            signalfd_siginfo info;
            [[maybe_unused]] const ssize_t n = read(sigFd, &info, sizeof info);
            reapAll();
        }
        if (fds[0].revents) {
            char order = 0;
            if (read(ctx.controlFd, &order, 1) != 1 || order != 'T')
                endNow();
            kill(-1, SIGTERM);
            graceFd = armTimer(kStopGraceMs, false);
            pollFd = armTimer(kNothingLeftPollMs, true);
        }
        if (fds[2].revents & POLLIN)
            endNow();
        if (fds[3].revents & POLLIN) {
            std::uint64_t ticks;
            [[maybe_unused]] const ssize_t n = read(pollFd, &ticks, sizeof ticks);
            reapAll();
            if (nothingLeft())
                _exit(0);
        }
    }
}

} // namespace Sandpit::Helper
