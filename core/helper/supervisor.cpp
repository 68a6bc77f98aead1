#include "supervisor.h"

#include "cgroup.h"
#include "endreport.h"
#include "engineevents.h"
#include "init.h"
#include "initrecord.h"
#include "isolationreport.h"
#include "jobfile.h"
#include "protocol.h"
#include "refusal.h"
#include "report.h"
#include "wallclock.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <ftw.h>
#include <memory>
#include <poll.h>
#include <sched.h>
#include <string>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
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
constexpr long long kCgroupPollMs = 20;
// Started as root, the program runs as nobody/nogroup (see init's becomeSandboxUser).
constexpr uid_t kNobody = 65534;
constexpr gid_t kNoGroup = 65534;


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

int makeTimer(long long ms, bool repeat = false)
{
    const int fd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC);
    if (fd >= 0 && ms > 0) {
        itimerspec spec{};
        spec.it_value.tv_sec = ms / 1000;
        spec.it_value.tv_nsec = (ms % 1000) * 1'000'000;
        if (repeat)
            spec.it_interval = spec.it_value;
        timerfd_settime(fd, 0, &spec, nullptr);
    }
    return fd;
}

int chownEntry(const char *path, const struct stat *, int, FTW *)
{
    lchown(path, kNobody, kNoGroup);
    return 0;
}

// Without a mount namespace the program opens its files by their host paths, so nobody must
// be able to pass through Sandpit's own folders above the workspace (root made them 0700).
// Search permission only: nobody can still list nothing of them, nor reach other runs.
void letSandboxUserReach(const std::string &workspace)
{
    std::string path = workspace;
    for (size_t slash = path.rfind('/'); slash != std::string::npos && slash > 0; slash = path.rfind('/')) {
        path.resize(slash);
        const std::string name = path.substr(path.rfind('/') + 1);
        struct stat st {};
        if (name.rfind("sandpit", 0) != 0 || lstat(path.c_str(), &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != 0)
            continue;
        if (!(st.st_mode & S_IXOTH))
            chmod(path.c_str(), (st.st_mode & 07777) | S_IXOTH);
    }
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
        , m_run(options)
        , m_events(options.eventsFd)
    {
    }

    int run();

private:
    int setupFailed(const char *step, int err);
    int sandboxUnavailable();
    bool startInit(Isolation level);
    bool buildLevel(Isolation level);
    void abandonLevel();
    bool mapIdentity(const char *&step) const;
    void relay(Stream &stream, const char *name);
    void requestStop(StopReason reason);
    void closePipes();
    int supervise(int sigFd, InitRecord &record, bool &haveRecord, long long &wallUs);
    void takeInputWait(const InitRecord &record, WallClock &clock);
    void finishReport(const InitRecord &record, bool haveRecord, long long wallUs);

    const Options &m_options; // what the sandbox is built from
    Options m_run;             // that plus the job: what the run is held to
    Report m_report;
    Isolation m_level = Isolation::Full;
    std::vector<Refusal> m_refusals;
    uid_t m_uid = 0;
    gid_t m_gid = 0;
    bool m_switchUser = false;
    std::unique_ptr<Cgroup> m_cgroup;
    EngineEvents m_events;
    pid_t m_init = -1;
    int m_controlFd = -1;
    int m_statusFd = -1;
    Stream m_out;
    Stream m_err;
    StopReason m_stop = StopReason::None;
    int m_graceTimer = -1;
    const char *m_truncated = nullptr;
    long long m_inputWaitUs = 0;
};

int Supervisor::setupFailed(const char *step, int err)
{
    m_report.add(P::kSetupStep, step);
    m_report.add(P::kSetupErrno, err);
    m_report.writeTo(m_options.report);
    return P::kExitSetupFailed;
}

// Nothing ran: no level of isolation the user allows could be built. Fail closed, and say why.
int Supervisor::sandboxUnavailable()
{
    m_report.add(P::kSetupStep, P::kSandboxUnavailableStep);
    m_report.add(P::kSetupErrno, m_refusals.empty() ? 0 : m_refusals.back().error);
    for (const Refusal &refusal : m_refusals)
        m_report.add(P::kUnavailable, describeRefusal(refusal));
    m_report.add(P::kUnavailableFix, fixFor(m_refusals));
    m_report.writeTo(m_options.report);
    return P::kExitSetupFailed;
}

void Supervisor::abandonLevel()
{
    kill(m_init, SIGKILL);
    waitpid(m_init, nullptr, 0);
    closePipes();
}

// Starts init at `level` and waits until it has built the sandbox. False, with the refusal
// noted, when the kernel would not: the caller may try a weaker level the user allowed.
bool Supervisor::buildLevel(Isolation level)
{
    if (!startInit(level)) {
        m_refusals.push_back({level, "clone", errno});
        return false;
    }
    const char *step = "";
    if (level != Isolation::None && !mapIdentity(step)) {
        m_refusals.push_back({level, step, errno});
        abandonLevel();
        return false;
    }
    if (m_cgroup->hasMemory() || m_cgroup->hasPids())
        m_cgroup->addProcess(m_init);
    if (write(m_controlFd, "B", 1) != 1) {
        m_refusals.push_back({level, "build-signal", errno});
        abandonLevel();
        return false;
    }
    // Init answers once the sandbox stands, before any job is accepted: a prepared sandbox
    // whose level the kernel refused must fail now, not when the learner presses Run.
    InitRecord built;
    const bool answered = read(m_statusFd, &built, sizeof built) == static_cast<ssize_t>(sizeof built);
    if (answered && built.kind == InitRecord::Built)
        return true;
    if (answered && built.kind == InitRecord::SetupFailed) {
        built.setupStep[sizeof built.setupStep - 1] = '\0';
        m_refusals.push_back({level, built.setupStep, built.setupErrno, built.sandboxStage != 0});
    } else {
        m_refusals.push_back({level, "init-start", EIO});
    }
    abandonLevel();
    return false;
}

// An unprivileged process may map exactly its own uid and gid into a user namespace it made,
// and only after giving up setgroups(). Root maps nobody instead of itself.
bool Supervisor::mapIdentity(const char *&step) const
{
    const std::string base = "/proc/" + std::to_string(m_init);
    const std::string uid = std::to_string(m_uid);
    const std::string gid = std::to_string(m_gid);
    step = "uid_map";
    if (!writeFile(base + "/uid_map", uid + " " + uid + " 1\n"))
        return false;
    if (!m_switchUser) {
        step = "setgroups";
        if (!writeFile(base + "/setgroups", "deny\n"))
            return false;
    }
    step = "gid_map";
    return writeFile(base + "/gid_map", gid + " " + gid + " 1\n");
}

void Supervisor::closePipes()
{
    for (int *fd : {&m_controlFd, &m_statusFd, &m_out.fd, &m_err.fd}) {
        if (*fd >= 0)
            close(*fd);
        *fd = -1;
    }
}

bool Supervisor::startInit(Isolation level)
{
    int control[2], status[2], out[2], err[2];
    if (pipe2(control, O_CLOEXEC) || pipe2(status, O_CLOEXEC) || pipe2(out, O_CLOEXEC) || pipe2(err, O_CLOEXEC))
        return false;

    // A user namespace makes the others possible without privileges. A PID namespace with our
    // init as PID 1 is what guarantees that nothing outlives the run: when PID 1 exits, the
    // kernel kills every other process in it.
    unsigned long flags = 0;
    if (level != Isolation::None)
        flags = CLONE_NEWUSER | CLONE_NEWPID;
    if (level == Isolation::Full) {
        flags |= CLONE_NEWNS | CLONE_NEWIPC | CLONE_NEWUTS | CLONE_NEWCGROUP;
        if (!m_options.shareNetwork)
            flags |= CLONE_NEWNET;
    }
    const pid_t pid = static_cast<pid_t>(syscall(SYS_clone, flags | SIGCHLD, nullptr, nullptr, nullptr, nullptr));
    if (pid < 0) {
        const int saved = errno;
        for (int fd : {control[0], control[1], status[0], status[1], out[0], out[1], err[0], err[1]})
            close(fd);
        errno = saved;
        return false;
    }
    if (pid == 0) {
        m_events.closeInChild(); // the supervisor's to write, not the run's
        close(control[1]);
        close(status[0]);
        close(out[0]);
        close(err[0]);
        InitContext ctx;
        ctx.options = &m_options;
        ctx.isolation = level;
        ctx.controlFd = control[0];
        ctx.statusFd = status[1];
        ctx.stdoutFd = out[1];
        ctx.stderrFd = err[1];
        ctx.uid = m_uid;
        ctx.gid = m_gid;
        ctx.switchUser = m_switchUser;
        ctx.memoryByCgroup = m_cgroup && m_cgroup->hasMemory();
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
    if (m_run.outputBytes > 0)
        allowed = std::max(0LL, std::min<long long>(n, m_run.outputBytes - total));
    if (allowed > 0) {
        // A failed write means the engine went away; the run goes on until the death signal.
        writeAll(stream.target, buffer, static_cast<size_t>(allowed));
        stream.bytes += allowed;
    }
    if (allowed < n) {
        if (!m_truncated)
            m_truncated = name;
        requestStop(StopReason::OutputLimit);
    }
}

// Starts the run and relays its output until init has exited and both pipes are closed.
int Supervisor::supervise(int sigFd, InitRecord &record, bool &haveRecord, long long &wallUs)
{
    m_stop = StopReason::None;
    m_truncated = nullptr;
    const long long startUs = nowUs();
    WallClock clock(m_run.timeoutMs);
    const int cgroupTimer = m_cgroup->hasMemory() ? makeTimer(kCgroupPollMs, true) : -1;
    if (m_switchUser) {
        // nobody must be able to read the sources and write output/ in the host workspace.
        nftw(m_run.workspace.c_str(), chownEntry, 16, FTW_PHYS);
        if (m_level != Isolation::Full)
            letSandboxUserReach(m_run.workspace);
    }
    const std::string payload = joinArguments(toArguments(m_run));
    const auto size = static_cast<std::uint32_t>(payload.size());
    std::string message = "G";
    message.append(reinterpret_cast<const char *>(&size), sizeof size);
    message += payload;
    if (!writeAll(m_controlFd, message.data(), message.size()))
        return setupFailed("start-signal", errno);

    bool initExited = false;
    long long endUs = startUs;
    // Init sends its record only once the run has no process left (it reaped them all), so
    // the record, not init's own exit, ends the run: init's exit tears down the namespaces and
    // that takes a millisecond or two the learner need not wait for.
    const auto runIsOver = [&] {
        const bool programEnded = haveRecord && record.kind == InitRecord::ProgramEnded;
        return (initExited || programEnded) && m_out.fd < 0 && m_err.fd < 0;
    };
    while (!runIsOver()) {
        pollfd fds[7] = {
            {m_out.fd, POLLIN, 0},
            {m_err.fd, POLLIN, 0},
            {sigFd, POLLIN, 0},
            {m_stop == StopReason::None ? clock.fd() : -1, POLLIN, 0},
            {m_graceTimer, POLLIN, 0},
            {haveRecord ? -1 : m_statusFd, POLLIN, 0},
            {m_stop == StopReason::None ? cgroupTimer : -1, POLLIN, 0},
        };
        if (poll(fds, 7, -1) < 0) {
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
            if (haveRecord && record.kind == InitRecord::Listing) {
                m_events.sendListing(record);
                haveRecord = false;
            } else if (haveRecord && record.kind == InitRecord::InputWait) {
                takeInputWait(record, clock);
                haveRecord = false;
            } else if (haveRecord && !initExited) {
                endUs = nowUs();
            } else if (!haveRecord) {
                close(m_statusFd);
                m_statusFd = -1;
            }
        }
        if (fds[2].revents & POLLIN) {
            signalfd_siginfo info{};
            if (read(sigFd, &info, sizeof info) == static_cast<ssize_t>(sizeof info)) {
                if (info.ssi_signo == SIGCHLD) {
                    if (waitpid(m_init, nullptr, WNOHANG) == m_init) {
                        initExited = true;
                        endUs = nowUs();
                    }
                } else {
                    requestStop(StopReason::Cancelled);
                }
            }
        }
        if ((fds[3].revents & POLLIN) && clock.expired())
            requestStop(StopReason::Timeout);
        if (fds[4].revents & POLLIN) {
            kill(m_init, SIGKILL);
            close(m_graceTimer);
            m_graceTimer = -1;
        }
        if (fds[6].revents & POLLIN) {
            std::uint64_t ticks;
            [[maybe_unused]] const ssize_t n = read(cgroupTimer, &ticks, sizeof ticks);
            // The kernel's OOM killer struck inside the run: the run is over, whatever the
            // main program makes of it.
            if (m_cgroup->oomKills() > 0)
                requestStop(StopReason::Memory);
        }
    }
    // Init is gone: what is left in its pipe is the end of the run, after any lists.
    while (!haveRecord && m_statusFd >= 0 && read(m_statusFd, &record, sizeof record) == static_cast<ssize_t>(sizeof record))
        haveRecord = record.kind != InitRecord::Listing && record.kind != InitRecord::InputWait;
    m_inputWaitUs = clock.inputWaitUs();
    for (int fd : {cgroupTimer, m_graceTimer}) {
        if (fd >= 0)
            close(fd);
    }
    m_graceTimer = -1;
    wallUs = endUs - startUs;
    return 0;
}

void Supervisor::takeInputWait(const InitRecord &record, WallClock &clock)
{
    if (m_stop != StopReason::None)
        return;
    if (record.inputWaiting)
        clock.inputWaitBegan();
    else
        clock.inputWaitEnded();
    m_events.sendInputWait(record.inputWaiting != 0);
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

    m_switchUser = geteuid() == 0;
    m_uid = m_switchUser ? kNobody : getuid();
    m_gid = m_switchUser ? kNoGroup : getgid();

    m_cgroup = std::make_unique<Cgroup>();
    bool haveJob = m_options.job.empty();

    // Try the strongest isolation first, and step down only as far as the user allowed: by
    // default not at all, and nothing runs (fail closed).
    const Isolation weakest = weakestAllowed(m_options.allowWeaker);
    bool built = false;
    for (Isolation level : {Isolation::Full, Isolation::Processes, Isolation::None}) {
        if (level > weakest)
            break;
        m_level = level;
        if (buildLevel(level)) {
            built = true;
            break;
        }
        // Without namespaces nothing is refused by policy: the machine is out of processes, or
        // a step of init's own failed. Either way that step is the error.
        if (level == Isolation::None)
            return setupFailed(m_refusals.back().step.c_str(), m_refusals.back().error);
    }
    if (!built)
        return sandboxUnavailable();

    if (!haveJob) {
        std::string error;
        if (!waitForJob(m_run, error)) {
            // EOF: the engine no longer wants this prepared sandbox.
            abandonLevel();
            if (error.empty())
                return 0;
            std::fprintf(stderr, "sandpit-helper: %s\n", error.c_str());
            return P::kExitUsage;
        }
    }
    m_cgroup->setLimits(m_run.memoryBytes, m_run.processes);
    InitRecord record;
    bool haveRecord = false;
    long long wallUs = 0;
    if (const int rc = supervise(sigFd, record, haveRecord, wallUs); rc != 0)
        return rc;

    if (haveRecord && record.kind == InitRecord::SetupFailed) {
        record.setupStep[sizeof record.setupStep - 1] = '\0';
        return setupFailed(record.setupStep, record.setupErrno);
    }
    finishReport(record, haveRecord, wallUs);
    const bool written = m_report.writeTo(m_options.report);
    if (written && m_events.listening()) {
        // Every byte of output is in the engine's pipes; closing them, then saying so, lets
        // the engine take the result now. Init's namespace teardown and the cgroup's removal
        // are then nobody's wait.
        for (int fd : {STDOUT_FILENO, STDERR_FILENO}) {
            const int null = open("/dev/null", O_WRONLY | O_CLOEXEC);
            if (null >= 0) {
                dup2(null, fd);
                close(null);
            }
        }
        m_events.sendReportReady();
        waitpid(m_init, nullptr, 0);
        m_cgroup->removeOnceEmpty();
        return 0;
    }
    // Init may still be tearing its namespaces down, inside the run's group.
    m_cgroup->removeWhenEmpty();
    return written ? 0 : 1;
}

void Supervisor::finishReport(const InitRecord &record, bool haveRecord, long long wallUs)
{
    RunEnd end{record, haveRecord, wallUs, m_stop};
    end.stdoutBytes = m_out.bytes;
    end.stderrBytes = m_err.bytes;
    end.truncated = m_truncated;
    end.inputWaitUs = m_inputWaitUs;
    writeRunEnd(m_report, end, m_run, *m_cgroup);
    m_report.add(P::kIsolationLevel, isolationLevelName(m_level));
    std::vector<std::string> refused;
    for (const Refusal &refusal : m_refusals)
        refused.push_back(describeRefusal(refusal));
    for (const std::string &line : describeIsolation(m_run, m_level, *m_cgroup, m_uid, refused))
        m_report.add(P::kIsolation, line);
}

} // namespace

int runSupervisor(const Options &options)
{
    Supervisor supervisor(options);
    return supervisor.run();
}

} // namespace Sandpit::Helper
