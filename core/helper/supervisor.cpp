#include "supervisor.h"

#include "init.h"
#include "initrecord.h"
#include "protocol.h"
#include "report.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <string>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <sys/wait.h>
#include <unistd.h>

namespace Sandpit::Helper {

namespace P = Protocol;

namespace {

// How long init gets to kill and reap everything after 'K' before we SIGKILL it, which
// makes the kernel kill the whole namespace (but loses init's CPU accounting).
constexpr long long kStopGraceMs = 1000;

enum class StopReason { None, Timeout, OutputLimit, Cancelled };

long long nowUs()
{
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return static_cast<long long>(ts.tv_sec) * 1'000'000 + ts.tv_nsec / 1000;
}

bool writeAll(int fd, const char *data, size_t size)
{
    while (size > 0) {
        const ssize_t n = write(fd, data, size);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        data += n;
        size -= static_cast<size_t>(n);
    }
    return true;
}

bool writeFile(const std::string &path, const std::string &text)
{
    const int fd = open(path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    const bool ok = writeAll(fd, text.data(), text.size());
    close(fd);
    return ok;
}

// An unprivileged process may map exactly its own uid and gid into a user namespace it
// created, and only after giving up setgroups(); root may do the same. The mapping keeps the
// program's files owned by the user outside.
bool mapIdentity(pid_t child, const char *&step)
{
    const std::string base = "/proc/" + std::to_string(child);
    const std::string uid = std::to_string(getuid());
    const std::string gid = std::to_string(getgid());
    step = "uid_map";
    if (!writeFile(base + "/uid_map", uid + " " + uid + " 1\n"))
        return false;
    step = "setgroups";
    if (!writeFile(base + "/setgroups", "deny\n"))
        return false;
    step = "gid_map";
    return writeFile(base + "/gid_map", gid + " " + gid + " 1\n");
}

int makeTimer(long long ms)
{
    const int fd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC);
    if (fd >= 0 && ms > 0) {
        itimerspec spec{};
        spec.it_value.tv_sec = ms / 1000;
        spec.it_value.tv_nsec = (ms % 1000) * 1'000'000;
        timerfd_settime(fd, 0, &spec, nullptr);
    }
    return fd;
}

struct Stream {
    int fd = -1;
    int target = -1;
    long long bytes = 0;
};

class Supervisor
{
public:
    explicit Supervisor(const Options &options)
        : m_options(options)
    {
    }

    int run();

private:
    int setupFailed(const char *step, int err);
    bool startInit();
    void relay(Stream &stream, const char *name);
    void requestStop(StopReason reason);
    void finishReport(const InitRecord &record, bool haveRecord, long long wallUs);

    const Options &m_options;
    Report m_report;
    pid_t m_init = -1;
    bool m_pidNamespace = false;
    std::string m_namespaceError;
    int m_controlFd = -1;
    int m_statusFd = -1;
    Stream m_out;
    Stream m_err;
    StopReason m_stop = StopReason::None;
    int m_graceTimer = -1;
    const char *m_truncated = nullptr;
};

int Supervisor::setupFailed(const char *step, int err)
{
    m_report.add(P::kSetupStep, step);
    m_report.add(P::kSetupErrno, err);
    m_report.writeTo(m_options.report);
    return P::kExitSetupFailed;
}

bool Supervisor::startInit()
{
    int control[2], status[2], out[2], err[2];
    if (pipe2(control, O_CLOEXEC) || pipe2(status, O_CLOEXEC) || pipe2(out, O_CLOEXEC) || pipe2(err, O_CLOEXEC))
        return false;

    // A user namespace makes the PID namespace possible without privileges; a PID namespace
    // with our init as PID 1 is what guarantees that nothing outlives the run: when PID 1
    // exits, the kernel kills every other process in it.
    const unsigned long flags = CLONE_NEWUSER | CLONE_NEWPID;
    pid_t pid = static_cast<pid_t>(syscall(SYS_clone, flags | SIGCHLD, nullptr, nullptr, nullptr, nullptr));
    if (pid < 0) {
        m_namespaceError = std::string("clone(CLONE_NEWUSER|CLONE_NEWPID) failed: ") + std::strerror(errno);
        pid = fork();
    } else {
        m_pidNamespace = true;
    }
    if (pid < 0)
        return false;

    if (pid == 0) {
        close(control[1]);
        close(status[0]);
        close(out[0]);
        close(err[0]);
        InitContext ctx;
        ctx.options = &m_options;
        ctx.controlFd = control[0];
        ctx.statusFd = status[1];
        ctx.stdoutFd = out[1];
        ctx.stderrFd = err[1];
        ctx.pidNamespace = m_pidNamespace;
        runInit(ctx);
    }

    close(control[0]);
    close(status[1]);
    close(out[1]);
    close(err[1]);
    m_init = pid;
    m_controlFd = control[1];
    m_statusFd = status[0];
    m_out = {out[0], STDOUT_FILENO, 0};
    m_err = {err[0], STDERR_FILENO, 0};
    return true;
}

void Supervisor::requestStop(StopReason reason)
{
    if (m_stop != StopReason::None)
        return;
    m_stop = reason;
    [[maybe_unused]] const ssize_t n = write(m_controlFd, "K", 1);
    m_graceTimer = makeTimer(kStopGraceMs);
}

void Supervisor::relay(Stream &stream, const char *name)
{
    char buffer[65536];
    const ssize_t n = read(stream.fd, buffer, sizeof buffer);
    if (n <= 0) {
        if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
            close(stream.fd);
            stream.fd = -1;
        }
        return;
    }
    const long long total = m_out.bytes + m_err.bytes;
    long long allowed = n;
    if (m_options.outputBytes > 0)
        allowed = std::max(0LL, std::min<long long>(n, m_options.outputBytes - total));
    if (allowed > 0) {
        // A failed write means the engine went away; the run goes on until the death signal.
        writeAll(stream.target, buffer, static_cast<size_t>(allowed));
        stream.bytes += allowed;
    }
    if (allowed < n && m_stop != StopReason::OutputLimit) {
        if (!m_truncated)
            m_truncated = name;
        requestStop(StopReason::OutputLimit);
    }
}

int Supervisor::run()
{
    // The helper dies with the engine's thread that started it; init dies with the helper.
    const pid_t parent = getppid();
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent)
        return setupFailed("prctl-pdeathsig", errno);

    sigset_t mask;
    sigemptyset(&mask);
    for (int sig : {SIGCHLD, SIGTERM, SIGINT, SIGHUP})
        sigaddset(&mask, sig);
    sigprocmask(SIG_BLOCK, &mask, nullptr);
    signal(SIGPIPE, SIG_IGN);
    const int sigFd = signalfd(-1, &mask, SFD_CLOEXEC);
    if (sigFd < 0)
        return setupFailed("signalfd", errno);

    if (!startInit())
        return setupFailed("start-init", errno);
    if (m_pidNamespace) {
        const char *step = "";
        if (!mapIdentity(m_init, step)) {
            const int err = errno;
            kill(m_init, SIGKILL);
            waitpid(m_init, nullptr, 0);
            return setupFailed(step, err);
        }
    }

    const long long startUs = nowUs();
    const int wallTimer = makeTimer(m_options.timeoutMs);
    if (write(m_controlFd, "G", 1) != 1)
        return setupFailed("start-signal", errno);

    InitRecord record;
    bool haveRecord = false;
    bool initExited = false;
    long long endUs = 0;
    int initStatus = 0;
    while (!initExited || m_out.fd >= 0 || m_err.fd >= 0) {
        pollfd fds[6] = {
            {m_out.fd, POLLIN, 0},
            {m_err.fd, POLLIN, 0},
            {sigFd, POLLIN, 0},
            {m_stop == StopReason::None ? wallTimer : -1, POLLIN, 0},
            {m_graceTimer, POLLIN, 0},
            {haveRecord ? -1 : m_statusFd, POLLIN, 0},
        };
        if (poll(fds, 6, -1) < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        if (fds[0].revents)
            relay(m_out, "stdout");
        if (fds[1].revents)
            relay(m_err, "stderr");
        if (fds[5].revents) {
            haveRecord = read(m_statusFd, &record, sizeof record) == static_cast<ssize_t>(sizeof record);
            if (!haveRecord) {
                close(m_statusFd);
                m_statusFd = -1;
            }
        }
        if (fds[2].revents & POLLIN) {
            signalfd_siginfo info{};
            if (read(sigFd, &info, sizeof info) == static_cast<ssize_t>(sizeof info)) {
                if (info.ssi_signo == SIGCHLD) {
                    if (waitpid(m_init, &initStatus, WNOHANG) == m_init) {
                        initExited = true;
                        endUs = nowUs();
                    }
                } else {
                    requestStop(StopReason::Cancelled);
                }
            }
        }
        if (fds[3].revents & POLLIN)
            requestStop(StopReason::Timeout);
        if (fds[4].revents & POLLIN) {
            kill(m_init, SIGKILL);
            close(m_graceTimer);
            m_graceTimer = -1;
        }
    }
    if (!haveRecord && m_statusFd >= 0)
        haveRecord = read(m_statusFd, &record, sizeof record) == static_cast<ssize_t>(sizeof record);

    if (haveRecord && record.kind == InitRecord::SetupFailed) {
        record.setupStep[sizeof record.setupStep - 1] = '\0';
        return setupFailed(record.setupStep, record.setupErrno);
    }
    (void)initStatus;
    finishReport(record, haveRecord, endUs - startUs);
    return m_report.writeTo(m_options.report) ? 0 : 1;
}

void Supervisor::finishReport(const InitRecord &record, bool haveRecord, long long wallUs)
{
    // If init had to be killed its accounting is lost; our own children's usage is the best
    // evidence left.
    long long cpuUs = record.cpuUs;
    long long peakRss = record.peakRssBytes;
    int status = record.waitStatus;
    if (!haveRecord) {
        rusage usage{};
        getrusage(RUSAGE_CHILDREN, &usage);
        cpuUs = (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1'000'000LL + usage.ru_utime.tv_usec + usage.ru_stime.tv_usec;
        peakRss = usage.ru_maxrss * 1024LL;
        status = SIGKILL; // as if from WIFSIGNALED
    }

    const char *reason = "none";
    std::string detail;
    switch (m_stop) {
    case StopReason::Timeout:
        reason = "timeout";
        break;
    case StopReason::OutputLimit:
        reason = "output-limit";
        break;
    case StopReason::Cancelled:
        reason = "cancelled";
        break;
    case StopReason::None:
        if (WIFSIGNALED(status)) {
            const int sig = WTERMSIG(status);
            if (sig == SIGXCPU || (sig == SIGKILL && m_options.cpuMs > 0 && cpuUs >= m_options.cpuMs * 1000))
                reason = "cpu-time";
            else if (sig == SIGXFSZ)
                reason = "file-size";
            else
                reason = "signal";
        }
        break;
    }

    if (WIFEXITED(status) && m_stop == StopReason::None) {
        m_report.add(P::kOutcome, "exited");
        m_report.add(P::kExitCode, WEXITSTATUS(status));
    } else {
        m_report.add(P::kOutcome, "signaled");
        m_report.add(P::kSignal, WIFSIGNALED(status) ? WTERMSIG(status) : SIGKILL);
    }
    m_report.add(P::kKillReason, reason);
    if (!detail.empty())
        m_report.add(P::kKillDetail, detail);
    m_report.add(P::kWallUs, wallUs);
    m_report.add(P::kCpuUs, cpuUs);
    m_report.add(P::kPeakRss, peakRss);
    m_report.add(P::kStdoutBytes, m_out.bytes);
    m_report.add(P::kStderrBytes, m_err.bytes);
    if (m_truncated)
        m_report.add(P::kOutputTruncated, m_truncated);

    m_report.add(P::kIsolationLevel, m_pidNamespace ? "partial" : "none");
    if (m_pidNamespace) {
        m_report.add(P::kIsolation, "Processes: the program runs in its own PID namespace under Sandpit's init, "
                                    "so Stop and the limits end every process it started.");
    } else {
        m_report.add(P::kIsolation, "Processes: no PID namespace (" + m_namespaceError
                                        + "); Sandpit kills the program's processes by walking /proc, "
                                          "which a fast-forking program can race.");
    }
    m_report.add(P::kIsolation, "Limits: CPU time, data memory, file size and open files are enforced with rlimits; "
                                "core dumps are off.");
    m_report.add(P::kIsolation, "Files: not isolated; the program can read and write what your user can.");
    m_report.add(P::kIsolation, "Network: not isolated; the program can open network connections.");
}

} // namespace

int runSupervisor(const Options &options)
{
    Supervisor supervisor(options);
    return supervisor.run();
}

} // namespace Sandpit::Helper
