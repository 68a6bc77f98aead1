#include "holder.h"

#include "cgroup.h"
#include "engineevents.h"
#include "fdio.h"
#include "initrecord.h"
#include "initstart.h"
#include "protocol.h"
#include "sandboxprotocol.h"
#include "sandboxstate.h"
#include "sandboxuser.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <string>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace Sandpit::Helper {

namespace S = SandboxProtocol;

namespace {

// What the first process learns from the keeper: "" when the sandbox stands, else why not.
void tellCreator(int fd, const std::string &error)
{
    // One line: init, cloned before this, holds the pipe too, so no end-of-file would come.
    const std::string message = (error.empty() ? "ok" : error) + "\n";
    writeAll(fd, message.data(), message.size());
    close(fd);
}

std::string failure(const char *step, int err)
{
    return std::string(step) + ": " + std::strerror(err);
}

std::string commOf(pid_t pid)
{
    char buf[64] = {};
    const int fd = open(("/proc/" + std::to_string(pid) + "/comm").c_str(), O_RDONLY | O_CLOEXEC);
    const ssize_t n = fd >= 0 ? read(fd, buf, sizeof buf - 1) : 0;
    if (fd >= 0)
        close(fd);
    std::string name(buf, n > 0 ? static_cast<size_t>(n) : 0);
    while (!name.empty() && name.back() == '\n')
        name.pop_back();
    return name;
}

struct Owner {
    pid_t pid = 0;
    long long start = 0;
    std::string name;
};

class Keeper
{
public:
    Keeper(const Options &options, const Owner &owner)
        : m_options(options)
        , m_owner(owner)
    {
        m_options.workspace = options.hold + "/" + S::kWorkDir;
    }

    std::string build();
    [[noreturn]] void keep();
    [[noreturn]] void abandon();

private:
    bool writeState() const;
    void writeEnd(int status) const;

    Options m_options;
    Owner m_owner;
    Cgroup m_cgroup;
    InitContext m_ctx;
    InitLink m_link;
    int m_sigFd = -1;
    pid_t m_forwarder = 0;
    char m_order = 0; // 'T' (stop) or 'K' (kill) once asked
};

// The sandbox as a run's, at full isolation only: a named sandbox lives on unwatched, so one
// that could not keep its programs from the user's files is refused, never weakened.
std::string Keeper::build()
{
    sigset_t mask;
    sigemptyset(&mask);
    for (int sig : {SIGCHLD, SIGTERM, SIGINT, SIGHUP})
        sigaddset(&mask, sig);
    sigprocmask(SIG_BLOCK, &mask, nullptr);
    m_sigFd = signalfd(-1, &mask, SFD_CLOEXEC);
    if (m_sigFd < 0 || (mkdir(m_options.workspace.c_str(), 0700) != 0 && errno != EEXIST))
        return failure("hold-setup", errno);
    m_ctx.options = &m_options;
    m_ctx.isolation = Isolation::Full;
    m_ctx.switchUser = geteuid() == 0;
    m_ctx.uid = m_ctx.switchUser ? kNobody : getuid();
    m_ctx.gid = m_ctx.switchUser ? kNoGroup : getgid();
    m_ctx.memoryByCgroup = m_cgroup.hasMemory();
    m_ctx.hold = true;
    m_cgroup.setLimits(m_options.memoryBytes, m_options.processes);
    m_cgroup.setCpuShare(m_options.cpuMillis);
    const EngineEvents none(0);
    if (!startInit(m_ctx, none, m_link))
        return failure("clone", errno);
    // Only ours, not init's: a stop just after init died must end in a record, not in SIGPIPE.
    signal(SIGPIPE, SIG_IGN);
    const char *step = "";
    if (!mapIdentity(m_link.pid, m_ctx, step))
        return failure(step, errno);
    if (m_cgroup.hasMemory() || m_cgroup.hasPids())
        m_cgroup.addProcess(m_link.pid);
    InitRecord built;
    if (write(m_link.controlFd, "B", 1) != 1
        || read(m_link.statusFd, &built, sizeof built) != static_cast<ssize_t>(sizeof built))
        return failure("init-start", EIO);
    if (built.kind != InitRecord::Built) {
        built.setupStep[sizeof built.setupStep - 1] = '\0';
        return failure(built.setupStep, built.setupErrno);
    }
    for (int fd : {m_link.stdoutFd, m_link.stderrFd, m_link.statusFd})
        close(fd);
    // Init started the forwarder before it reported the sandbox built, and nothing has entered
    // yet: its one child is the forwarder. Named in the state, so that `list` counts every
    // other process as a command, orphans that init reaps included.
    if (!m_options.proxySocket.empty())
        m_forwarder = firstChildOf(m_link.pid);
    return writeState() ? std::string() : failure("hold-write-state", errno);
}

bool Keeper::writeState() const
{
    const auto number = [](long long n) { return std::to_string(n); };
    KeyValues values = {
        {S::kKeeperPid, number(getpid())},
        {S::kKeeperStart, number(processStartTime(getpid()))},
        {S::kInitPid, number(m_link.pid)},
        {S::kInitStart, number(processStartTime(m_link.pid))},
        {S::kOwnerUid, number(getuid())},
        {S::kOwnerPid, number(m_owner.pid)},
        {S::kOwnerStart, number(m_owner.start)},
        {S::kOwnerName, m_owner.name},
        {S::kCreated, number(static_cast<long long>(std::time(nullptr)))},
        {S::kMemoryBytes, number(m_options.memoryBytes)},
        {S::kProcesses, number(m_options.processes)},
        {S::kCpuMillis, number(m_options.cpuMillis)},
    };
    if (!m_options.workBind.empty())
        values.emplace_back(S::kWorkspace, m_options.workBind);
    if (m_forwarder > 0) {
        values.emplace_back(S::kForwarderPid, number(m_forwarder));
        values.emplace_back(S::kForwarderStart, number(processStartTime(m_forwarder)));
    }
    values.emplace_back(S::kCgroupMemory, m_cgroup.memoryDir());
    values.emplace_back(S::kCgroupPids, m_cgroup.pidsDir());
    values.emplace_back(S::kCgroupCpu, m_cgroup.cpuDir());
    return writeKeyValues(m_options.hold + "/" + S::kStateFile, values);
}

// Why the sandbox ended, for `list`: asked to, or by itself (and then how).
void Keeper::writeEnd(int status) const
{
    std::string reason = "exited";
    KeyValues values;
    if (m_order != 0) {
        reason = m_order == 'T' ? "stopped" : "killed";
    } else if (m_cgroup.oomKills() > 0) {
        reason = "memory";
    } else if (WIFSIGNALED(status)) {
        reason = "signal";
        values.emplace_back(S::kEndSignal, std::to_string(WTERMSIG(status)));
    }
    values.emplace_back(S::kEndReason, reason);
    values.emplace_back(S::kEnded, std::to_string(static_cast<long long>(std::time(nullptr))));
    writeKeyValues(m_options.hold + "/" + S::kEndFile, values);
}

// A sandbox that could not be built: _exit skips the destructors, so init and the cgroup go here.
void Keeper::abandon()
{
    if (m_link.pid > 0) {
        kill(m_link.pid, SIGKILL);
        waitpid(m_link.pid, nullptr, 0);
    }
    m_cgroup.removeOnceEmpty();
    _exit(1);
}

// Waits for init's end, passing on stop and kill; then records why and lets the cgroup go.
void Keeper::keep()
{
    int status = 0;
    for (;;) {
        signalfd_siginfo info{};
        if (read(m_sigFd, &info, sizeof info) != static_cast<ssize_t>(sizeof info))
            continue;
        if (info.ssi_signo == SIGCHLD) {
            if (waitpid(m_link.pid, &status, WNOHANG) == m_link.pid)
                break;
        } else if (info.ssi_signo == SIGTERM || info.ssi_signo == SIGINT) {
            m_order = m_order ? m_order : (info.ssi_signo == SIGTERM ? 'T' : 'K');
            const char order = info.ssi_signo == SIGTERM ? 'T' : 'K';
            [[maybe_unused]] const ssize_t n = write(m_link.controlFd, &order, 1);
        }
    }
    writeEnd(status);
    m_cgroup.removeOnceEmpty();
    _exit(0);
}

[[noreturn]] void becomeKeeper(const Options &options, const Owner &owner, int readyFd)
{
    const int null = open("/dev/null", O_RDWR | O_CLOEXEC);
    for (int fd : {STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO})
        dup2(null, fd);
    if (chdir("/") != 0)
        _exit(1);
    Keeper keeper(options, owner);
    const std::string error = keeper.build();
    tellCreator(readyFd, error);
    if (!error.empty())
        keeper.abandon();
    keeper.keep();
}

} // namespace

int runHolder(const Options &options)
{
    struct stat st { };
    if (stat(options.hold.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
        std::fprintf(stderr, "sandpit-helper: --hold needs an existing folder, got %s\n", options.hold.c_str());
        return Protocol::kExitUsage;
    }
    const Owner owner{getppid(), processStartTime(getppid()), commOf(getppid())};
    int ready[2];
    if (pipe2(ready, O_CLOEXEC) != 0)
        return Protocol::kExitSetupFailed;
    // Twice forked, in a session of its own: the keeper is nobody's child the creator waits
    // for, and no terminal's hangup reaches it.
    const pid_t child = fork();
    if (child == 0) {
        close(ready[0]);
        if (setsid() < 0 || fork() != 0)
            _exit(0);
        becomeKeeper(options, owner, ready[1]);
    }
    close(ready[1]);
    std::string answer;
    char buf[512];
    ssize_t n;
    while (answer.find('\n') == std::string::npos && (n = read(ready[0], buf, sizeof buf)) > 0)
        answer.append(buf, static_cast<size_t>(n));
    answer = answer.substr(0, answer.find('\n'));
    close(ready[0]);
    if (child > 0)
        waitpid(child, nullptr, 0);
    if (answer == "ok")
        return 0;
    std::fprintf(stderr, "sandpit-helper: %s\n",
                 answer.empty() ? "the keeper ended before the sandbox stood" : answer.c_str());
    return Protocol::kExitSetupFailed;
}

} // namespace Sandpit::Helper
