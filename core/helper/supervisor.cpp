#include "supervisor.h"

#include "cgroup.h"
#include "endreport.h"
#include "engineevents.h"
#include "fdio.h"
#include "init.h"
#include "initrecord.h"
#include "initstart.h"
#include "isolationreport.h"
#include "jobfile.h"
#include "monotonictime.h"
#include "outputrelay.h"
#include "protocol.h"
#include "refusal.h"
#include "report.h"
#include "sandboxuser.h"
#include "seccompimage.h"
#include "step.h"
#include "supervisorsignals.h"
#include "terminalrelay.h"
#include "wallclock.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <fcntl.h>
#include <iterator>
#include <memory>
#include <optional>
#include <poll.h>
#include <string>
#include <sys/resource.h>
#include <sys/signalfd.h>
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

// What the supervisor learns while the run goes on, and when.
struct RunProgress {
    InitRecord record; // init's last record, once haveRecord
    bool haveRecord = false;
    bool initExited = false;
    long long startUs = 0;
    long long endUs = 0;
};

class Supervisor
{
public:
    explicit Supervisor(const Options &options)
        : m_options(options)
        , m_run(options)
        , m_events(options.eventsFd)
        , m_output(m_run)
        , m_terminal(options.controlFd > 0 ? static_cast<int>(options.controlFd) : -1)
    {
    }

    int run();

private:
    int setupFailed(const char *step, int err);
    int sandboxUnavailable();
    std::optional<int> buildStrongestAllowed();
    InitContext initContext(Isolation level) const;
    bool startInit(Isolation level);
    bool buildLevel(Isolation level);
    bool awaitBuilt(Isolation level);
    void abandonLevel();
    std::optional<int> awaitJob();
    void relay(OutputRelay::Stream stream);
    void requestStop(StopReason reason);
    void closePipes();
    int supervise(int sigFd, RunProgress &progress);
    bool sendRun();
    void takeTerminal();
    bool runIsOver(const RunProgress &progress) const;
    void readStatus(RunProgress &progress, WallClock &clock);
    void takeSignal(int sigFd, RunProgress &progress);
    void takeCgroupTick(int cgroupTimer);
    void takeInputWait(const InitRecord &record, WallClock &clock);
    int endRun(const RunProgress &progress);
    void finishReport(const InitRecord &record, bool haveRecord, long long wallUs);

    const Options &m_options; // what the sandbox is built from
    Options m_run;            // that plus the job: what the run is held to
    Report m_report;
    Isolation m_level = Isolation::Full;
    std::vector<Refusal> m_refusals;
    uid_t m_uid = 0;
    gid_t m_gid = 0;
    bool m_switchUser = false;
    std::unique_ptr<Cgroup> m_cgroup;
    std::unique_ptr<SandboxEntry> m_entry;   // --enter: the named sandbox joined, at full isolation only
    std::optional<SeccompProgram> m_seccomp; // from --seccomp-fd
    EngineEvents m_events;
    pid_t m_init = -1;
    int m_controlFd = -1;
    int m_statusFd = -1;
    int m_terminalFd = -1;
    OutputRelay m_output;
    TerminalRelay m_terminal;
    StopReason m_stop = StopReason::None;
    int m_graceTimer = -1;
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

// Tries the strongest isolation first, and steps down only as far as the user allowed: by
// default not at all, and nothing runs (fail closed). An exit code when nothing was built.
std::optional<int> Supervisor::buildStrongestAllowed()
{
    const Isolation weakest = m_entry ? Isolation::Full : weakestAllowed(m_options.allowWeaker);
    for (Isolation level : {Isolation::Full, Isolation::Processes, Isolation::None}) {
        if (level > weakest)
            break;
        m_level = level;
        if (buildLevel(level))
            return std::nullopt;
        // Without namespaces nothing is refused by policy: the machine is out of processes, or
        // a step of init's own failed. Either way that step is the error.
        if (level == Isolation::None || m_refusals.back().step == "enter-cgroup")
            return setupFailed(m_refusals.back().step.c_str(), m_refusals.back().error);
    }
    return sandboxUnavailable();
}

void Supervisor::abandonLevel()
{
    kill(m_init, SIGKILL);
    waitpid(m_init, nullptr, 0);
    closePipes();
}

// Starts init at `level`, waits for the sandbox; false, the refusal noted, if the kernel refused.
bool Supervisor::buildLevel(Isolation level)
{
    if (!startInit(level)) {
        m_refusals.push_back({level, "clone", errno});
        return false;
    }
    const char *step = "";
    if (level != Isolation::None && !m_entry && !mapIdentity(m_init, initContext(level), step)) {
        m_refusals.push_back({level, step, errno});
        abandonLevel();
        return false;
    }
    // From another login session cgroup v2 may refuse the move: then the limits would not hold.
    const bool grouped = !(m_cgroup->hasMemory() || m_cgroup->hasPids()) || m_cgroup->addProcess(m_init);
    const char *failed = !grouped && m_entry ? "enter-cgroup" : write(m_controlFd, "B", 1) != 1 ? "build-signal" : "";
    if (*failed) {
        m_refusals.push_back({level, failed, errno});
        abandonLevel();
        return false;
    }
    return awaitBuilt(level);
}

// Init answers once the sandbox stands, before any job is accepted: a prepared sandbox
// whose level the kernel refused must fail now, not when the learner presses Run.
bool Supervisor::awaitBuilt(Isolation level)
{
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

void Supervisor::closePipes()
{
    for (int *fd : {&m_controlFd, &m_statusFd, &m_terminalFd}) {
        if (*fd >= 0)
            close(*fd);
        *fd = -1;
    }
    m_output.closeAll();
}

// What init at `level` is told; its pipes are added as it starts.
InitContext Supervisor::initContext(Isolation level) const
{
    InitContext ctx;
    ctx.options = &m_options;
    ctx.isolation = level;
    ctx.uid = m_uid;
    ctx.gid = m_gid;
    ctx.switchUser = m_switchUser;
    ctx.memoryByCgroup = m_cgroup && m_cgroup->hasMemory();
    ctx.seccomp = m_seccomp ? &*m_seccomp : nullptr;
    ctx.entry = m_entry.get();
    return ctx;
}

bool Supervisor::startInit(Isolation level)
{
    InitLink link;
    if (!Helper::startInit(initContext(level), m_events, link))
        return false;
    m_init = link.pid;
    m_controlFd = link.controlFd;
    m_statusFd = link.statusFd;
    m_terminalFd = link.terminalFd;
    m_output.attach(link.stdoutFd, link.stderrFd);
    return true;
}

// In prepared mode, waits for the job. An exit code when no run will happen.
std::optional<int> Supervisor::awaitJob()
{
    if (m_options.job.empty())
        return std::nullopt;
    std::string error;
    if (waitForJob(m_run, error))
        return std::nullopt;
    // EOF: the engine no longer wants this prepared sandbox.
    abandonLevel();
    if (error.empty())
        return 0;
    std::fprintf(stderr, "sandpit-helper: %s\n", error.c_str());
    return P::kExitUsage;
}

void Supervisor::requestStop(StopReason reason)
{
    if (m_stop != StopReason::None)
        return;
    m_stop = reason;
    [[maybe_unused]] const ssize_t n = write(m_controlFd, "K", 1);
    m_graceTimer = makeTimer(kStopGraceMs);
}

void Supervisor::relay(OutputRelay::Stream stream)
{
    if (!m_output.relay(stream))
        requestStop(StopReason::OutputLimit);
}

// Hands init the run: 'G' and the run's options, NUL-separated. Before that, started as root,
// nobody must be able to read the sources and write output/ in the host workspace.
bool Supervisor::sendRun()
{
    if (m_switchUser)
        giveWorkspaceToSandboxUser(m_run.workspace, m_level != Isolation::Full);
    const std::string payload = joinArguments(toArguments(m_run));
    const auto size = static_cast<std::uint32_t>(payload.size());
    std::string message = "G";
    message.append(reinterpret_cast<const char *>(&size), sizeof size);
    message += payload;
    return writeAll(m_controlFd, message.data(), message.size());
}

// A run on a terminal: init sends the pty's master before it starts the program (see
// openRunTerminal), so this waits only for init's copy of the sources. Nothing comes when init
// failed first; its record then says why.
void Supervisor::takeTerminal()
{
    if (!m_run.pty.empty())
        m_terminal.takeMaster(m_terminalFd, m_output);
    close(m_terminalFd);
    m_terminalFd = -1;
}

// Init's record, sent once it has reaped every process of the run, ends the run, not init's
// exit: that tears down the namespaces, a millisecond or two the learner need not wait for.
bool Supervisor::runIsOver(const RunProgress &progress) const
{
    const bool programEnded = progress.haveRecord && progress.record.kind == InitRecord::ProgramEnded;
    return (progress.initExited || programEnded) && !m_output.anyOpen();
}

// Starts the run and relays its output until init has exited and both pipes are closed.
int Supervisor::supervise(int sigFd, RunProgress &progress)
{
    m_stop = StopReason::None;
    progress.startUs = progress.endUs = monotonicUs();
    WallClock clock(std::chrono::milliseconds(m_run.timeoutMs));
    const int cgroupTimer = m_cgroup->hasMemory() ? makeTimer(kCgroupPollMs, true) : -1;
    if (!sendRun())
        return setupFailed("start-signal", errno);
    takeTerminal();
    while (!runIsOver(progress)) {
        pollfd fds[7 + TerminalRelay::kPollCount] = {
            {m_output.fd(OutputRelay::Stdout), POLLIN, 0},
            {m_output.fd(OutputRelay::Stderr), POLLIN, 0},
            {sigFd, POLLIN, 0},
            {m_stop == StopReason::None ? clock.fd() : -1, POLLIN, 0},
            {progress.initExited ? -1 : m_graceTimer, POLLIN, 0}, // reaped, its pid may be reused
            {progress.haveRecord ? -1 : m_statusFd, POLLIN, 0},
            {m_stop == StopReason::None ? cgroupTimer : -1, POLLIN, 0},
        };
        m_terminal.prepare(&fds[7]);
        if (poll(fds, std::size(fds), -1) < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        if (fds[0].revents)
            relay(OutputRelay::Stdout);
        if (fds[1].revents)
            relay(OutputRelay::Stderr);
        if (fds[5].revents)
            readStatus(progress, clock);
        if (fds[2].revents & POLLIN)
            takeSignal(sigFd, progress);
        if ((fds[3].revents & POLLIN) && clock.expired())
            requestStop(StopReason::Timeout);
        if (fds[4].revents & POLLIN) {
            kill(m_init, SIGKILL);
            close(m_graceTimer);
            m_graceTimer = -1;
        }
        if (fds[6].revents & POLLIN)
            takeCgroupTick(cgroupTimer);
        m_terminal.handle(&fds[7]);
    }
    // Init is gone: what is left in its pipe is the end of the run, after any lists.
    InitRecord &record = progress.record;
    while (!progress.haveRecord && m_statusFd >= 0
           && read(m_statusFd, &record, sizeof record) == static_cast<ssize_t>(sizeof record))
        progress.haveRecord = record.kind != InitRecord::Listing && record.kind != InitRecord::InputWait;
    m_inputWaitUs = clock.inputWaitUs();
    for (int fd : {cgroupTimer, m_graceTimer})
        if (fd >= 0)
            close(fd);
    m_graceTimer = -1;
    return 0;
}

// A record from init: a list or a wait for input to pass on, or its last word.
void Supervisor::readStatus(RunProgress &progress, WallClock &clock)
{
    InitRecord &record = progress.record;
    progress.haveRecord = read(m_statusFd, &record, sizeof record) == static_cast<ssize_t>(sizeof record);
    if (progress.haveRecord && record.kind == InitRecord::Listing) {
        m_events.sendListing(record);
        progress.haveRecord = false;
    } else if (progress.haveRecord && record.kind == InitRecord::InputWait) {
        takeInputWait(record, clock);
        progress.haveRecord = false;
    } else if (progress.haveRecord && !progress.initExited) {
        progress.endUs = monotonicUs();
    } else if (!progress.haveRecord) {
        close(m_statusFd);
        m_statusFd = -1;
    }
}

// SIGCHLD: init may have exited. SIGTERM, SIGINT, SIGHUP: the engine cancels the run.
void Supervisor::takeSignal(int sigFd, RunProgress &progress)
{
    signalfd_siginfo info{};
    if (read(sigFd, &info, sizeof info) != static_cast<ssize_t>(sizeof info))
        return;
    if (info.ssi_signo != SIGCHLD) {
        requestStop(StopReason::Cancelled);
    } else if (waitpid(m_init, nullptr, WNOHANG) == m_init) {
        progress.initExited = true;
        progress.endUs = monotonicUs();
    }
}

void Supervisor::takeCgroupTick(int cgroupTimer)
{
    std::uint64_t ticks;
    [[maybe_unused]] const ssize_t n = read(cgroupTimer, &ticks, sizeof ticks);
    // The kernel's OOM killer struck inside the run: the run is over, whatever the program says.
    if (m_cgroup->oomKills() > 0)
        requestStop(StopReason::Memory);
}

void Supervisor::takeInputWait(const InitRecord &record, WallClock &clock)
{
    if (m_stop != StopReason::None)
        return;
    // Once the engine closed the input, a program still reading the terminal waits for what
    // will never be typed: the wall clock runs on.
    if (record.inputWaiting && !m_terminal.inputEnded())
        clock.inputWaitBegan();
    else
        clock.inputWaitEnded();
    m_events.sendInputWait(record.inputWaiting != 0);
}

int Supervisor::run()
{
    int sigFd = -1;
    if (const Step step = listenForSignals(sigFd); !step)
        return setupFailed(step.failed, step.error);
    if (const Step step = takeSeccompImage(m_options.seccompFd, m_seccomp); !step)
        return setupFailed(step.failed, step.error);
    // The engine's control channel is the supervisor's alone, never init's or the program's.
    if (m_options.controlFd > 0)
        fcntl(static_cast<int>(m_options.controlFd), F_SETFD, FD_CLOEXEC);
    m_switchUser = geteuid() == 0;
    m_uid = m_switchUser ? kNobody : getuid();
    m_gid = m_switchUser ? kNoGroup : getgid();
    if (const Step step = openRunGroup(m_options, m_switchUser, m_entry, m_cgroup, m_output); !step)
        return setupFailed(step.failed, step.error);
    if (const std::optional<int> rc = buildStrongestAllowed())
        return *rc;
    if (const std::optional<int> rc = awaitJob())
        return *rc;
    applyRunLimits(m_entry.get(), *m_cgroup, m_run);
    RunProgress progress;
    if (const int rc = supervise(sigFd, progress); rc != 0)
        return rc;
    if (progress.haveRecord && progress.record.kind == InitRecord::SetupFailed) {
        progress.record.setupStep[sizeof progress.record.setupStep - 1] = '\0';
        return setupFailed(progress.record.setupStep, progress.record.setupErrno);
    }
    return endRun(progress);
}

// Writes the report and lets the run's cgroup go.
int Supervisor::endRun(const RunProgress &progress)
{
    finishReport(progress.record, progress.haveRecord, progress.endUs - progress.startUs);
    const bool written = m_report.writeTo(m_options.report);
    if (written && m_events.listening()) {
        // Every byte of output is in the engine's pipes; closing them, then saying so, lets
        // the engine take the result now. Init's namespace teardown and the cgroup's removal
        // are then nobody's wait.
        for (int fd : {STDOUT_FILENO, STDERR_FILENO})
            pointAtDevNull(fd);
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
    end.stdoutBytes = m_output.bytes(OutputRelay::Stdout);
    end.stderrBytes = m_output.bytes(OutputRelay::Stderr);
    end.truncated = m_output.truncated();
    end.inputWaitUs = m_inputWaitUs;
    writeRunEnd(m_report, end, m_run, *m_cgroup);
    m_report.add(P::kIsolationLevel, isolationLevelName(m_level));
    addCgroupFacts(m_report, *m_cgroup);
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
