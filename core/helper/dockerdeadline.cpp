#include "dockerdeadline.h"

#include <cstdint>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/timerfd.h>
#include <unistd.h>

namespace Sandpit::Helper {

namespace {
// Five times less often than the local sandbox's init looks: in a container init's own CPU
// time is the run's (the cgroup's count, and a CPU limit's rlimit, which init inherits, so a
// long wait must not wear it out), and a look costs 0.15 ms. A wait is seen within two looks,
// 200 ms, and its end within one.
constexpr long kWatchIntervalNs = 100'000'000;
// Init inherits the container's CPU rlimit, whose hard limit kills even a namespace's init.
// With a limit of one second (hard: two), looking would reach it after some 12 minutes of
// run; half a second before, init stops looking, and waits count again.
constexpr long long kOwnCpuMarginUs = 500'000;

bool ownCpuNearItsLimit()
{
    rlimit cpu{};
    if (getrlimit(RLIMIT_CPU, &cpu) != 0 || cpu.rlim_max == RLIM_INFINITY)
        return false;
    rusage self{};
    getrusage(RUSAGE_SELF, &self);
    const long long usedUs
        = (self.ru_utime.tv_sec + self.ru_stime.tv_sec) * 1'000'000LL + self.ru_utime.tv_usec + self.ru_stime.tv_usec;
    return usedUs + kOwnCpuMarginUs >= static_cast<long long>(cpu.rlim_max) * 1'000'000LL;
}
} // namespace

DockerDeadline::DockerDeadline(long long limitSeconds, bool typedInput, const std::string &token,
                               const std::string &stdinPath, long helper)
    : m_clock(std::chrono::seconds(limitSeconds))
    , m_linePrefix("\036sandpit-input-wait " + token + " ")
{
    if (!typedInput)
        return;
    struct stat stdinPipe { };
    if (stat(stdinPath.c_str(), &stdinPipe) != 0 || !S_ISFIFO(stdinPipe.st_mode)) {
        if (fstat(STDIN_FILENO, &stdinPipe) != 0)
            return;
    }
    // The container's stderr is a pipe the program writes too. A description of its own, so
    // that O_NONBLOCK is init's alone: a program that keeps the pipe full must not stall init,
    // which holds the deadline. A line that does not fit now goes at a later tick.
    // A pipe only: reopened, a file would get an offset of its own and be written over.
    struct stat stderrPipe { };
    if (fstat(STDERR_FILENO, &stderrPipe) == 0 && S_ISFIFO(stderrPipe.st_mode))
        m_hostFd = open("/proc/self/fd/2", O_WRONLY | O_NONBLOCK | O_CLOEXEC);
    m_watchFd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK);
    // Without a way to tell the host, a wait is no wait: the host's limit would not pause,
    // and this one must not either.
    if (m_hostFd < 0 || m_watchFd < 0)
        return;
    m_input = std::make_unique<InputWatch>(true, stdinPipe);
    if (helper > 0)
        m_input->ignore(helper);
    const itimerspec every{{0, kWatchIntervalNs}, {0, kWatchIntervalNs}};
    timerfd_settime(m_watchFd, 0, &every, nullptr);
}

DockerDeadline::~DockerDeadline()
{
    for (const int fd : {m_watchFd, m_hostFd}) {
        if (fd >= 0)
            close(fd);
    }
}

void DockerDeadline::tick()
{
    std::uint64_t ticks = 0;
    [[maybe_unused]] const ssize_t n = read(m_watchFd, &ticks, sizeof ticks);
    if (m_input && ownCpuNearItsLimit()) {
        m_input.reset();
        m_clock.inputWaitEnded();
        m_untold = 0;
    }
    if (m_input && m_input->update()) {
        if (m_input->waiting())
            m_clock.inputWaitBegan();
        else
            m_clock.inputWaitEnded();
        m_untold = m_input->waiting() ? 1 : 0;
    }
    tellHost();
}

void DockerDeadline::tellHost()
{
    if (m_untold < 0)
        return;
    const std::string line = m_linePrefix + (m_untold ? "1" : "0") + "\n";
    // Shorter than PIPE_BUF, so written whole or not at all, never between a program's bytes.
    const ssize_t n = write(m_hostFd, line.data(), line.size());
    if (n == static_cast<ssize_t>(line.size()))
        m_untold = -1;
}

} // namespace Sandpit::Helper
