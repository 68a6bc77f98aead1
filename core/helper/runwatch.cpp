#include "runwatch.h"

#include "processtree.h"
#include "seccompfilter.h"

#include <cerrno>
#include <cstdint>
#include <poll.h>
#include <seccomp.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <sys/wait.h>

namespace Sandpit::Helper {

RunWatch::RunWatch(const InitContext &ctx, const Options &run, const ProgramStart &start, InitRecord &record,
                   const struct stat *terminal)
    : m_ctx(ctx)
    , m_start(start)
    , m_record(record)
    , m_limits(ctx, run, record)
    // Time spent waiting for the user's input does not count against the wall limit; the
    // supervisor keeps that clock, init sees the waiting.
    , m_input(terminal ? InputWatch(ctx.isolation == Isolation::Full, *terminal)
                       : InputWatch(ctx.isolation == Isolation::Full))
{
    // Only for a program's output/ (not a compiler's build folder), and only for an engine
    // that listens.
    if (ctx.isolation == Isolation::Full && ctx.options->eventsFd > 0 && run.collectDir == "output")
        m_output.emplace(ctx, run);
}

Step RunWatch::untilProgramEnds(int sigFd, int watchFd)
{
    if (m_ctx.isolation != Isolation::None) {
        const itimerspec every{{0, kWatchIntervalMs * 1'000'000}, {0, kWatchIntervalMs * 1'000'000}};
        timerfd_settime(watchFd, 0, &every, nullptr);
    }
    bool stopping = false;
    // The listener hangs up once no process of the run can make a call through the filter,
    // which happens while the last one is still exiting: from then on it would wake poll at
    // once, every time, and init would spin on a core the exit needs.
    bool filterListening = m_start.notifyFd >= 0;
    while (!m_mainEnded) {
        pollfd fds[4] = {{sigFd, POLLIN, 0},
                         {stopping ? -1 : m_ctx.controlFd, POLLIN, 0},
                         {stopping ? -1 : watchFd, POLLIN, 0},
                         {stopping || !filterListening ? -1 : m_start.notifyFd, POLLIN, 0}};
        if (poll(fds, 4, -1) < 0) {
            if (errno == EINTR)
                continue;
            return Step::fail("poll");
        }
        if (fds[0].revents & POLLIN)
            reapEnded(sigFd);
        // 'K' or EOF: the supervisor wants everything gone (time limit, output limit, Stop).
        bool stopNow = (fds[1].revents & (POLLIN | POLLHUP | POLLERR)) != 0;
        if (fds[2].revents & POLLIN) {
            // The number of intervals since the last read: more than one when init woke late.
            std::uint64_t ticks = 1;
            if (read(watchFd, &ticks, sizeof ticks) != sizeof ticks || ticks == 0)
                ticks = 1;
            stopNow = stopNow || tick(ticks);
        }
        if (fds[3].revents & POLLIN) {
            takeBlockedCall();
            stopNow = stopNow || m_record.stop == InitRecord::BlockedSyscall;
        } else if (fds[3].revents & (POLLHUP | POLLERR))
            filterListening = false;
        if (stopNow && !stopping) {
            stopping = true;
            killAllButInit(ownsPidNamespace(m_ctx));
        }
    }
    return Step::ok();
}

void RunWatch::reapEnded(int sigFd)
{
    signalfd_siginfo info;
    [[maybe_unused]] const ssize_t n = read(sigFd, &info, sizeof info);
    // The program has ended but is not reaped yet: one last look at the run as it left it
    // (its children, and itself as a zombie), for the limits it reached.
    siginfo_t ended{};
    if (waitid(P_PID, m_start.pid, &ended, WEXITED | WNOHANG | WNOWAIT) == 0 && ended.si_pid == m_start.pid)
        m_limits.sample();
    int status = 0;
    pid_t pid;
    while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
        if (pid == m_start.pid) {
            m_record.waitStatus = status;
            m_mainEnded = true;
        }
    }
}

// True when a limit was passed and the run must stop.
bool RunWatch::tick(std::uint64_t ticks)
{
    if (m_limits.check(ticks))
        return true;
    if (m_output)
        m_output->tick();
    if (m_input.update()) {
        InitRecord change;
        change.kind = InitRecord::InputWait;
        change.inputWaiting = m_input.waiting() ? 1 : 0;
        sendRecord(m_ctx.statusFd, change);
    }
    return false;
}

// A forbidden call arrived: note its name and end the run. The call is refused only after
// everything in the run has been killed: answered first, the caller would go on running (and
// printing) for as long as init takes to get round to the kill.
void RunWatch::takeBlockedCall()
{
    seccomp_notif *request = nullptr;
    seccomp_notif_resp *response = nullptr;
    if (seccomp_notify_alloc(&request, &response) != 0)
        return;
    if (seccomp_notify_receive(m_start.notifyFd, request) == 0) {
        syscallName(request->data.arch, request->data.nr, m_record.detail, sizeof m_record.detail);
        m_record.stop = InitRecord::BlockedSyscall;
        killAllButInit(ownsPidNamespace(m_ctx));
        response->id = request->id;
        response->error = -EPERM;
        seccomp_notify_respond(m_start.notifyFd, response);
    }
    seccomp_notify_free(request, response);
}

} // namespace Sandpit::Helper
