#include "init.h"

#include "fdio.h"
#include "initrecord.h"
#include "jobfile.h"
#include "limitsleft.h"
#include "mounts.h"
#include "processtree.h"
#include "program.h"
#include "protocol.h"
#include "proxyforward.h"
#include "runwatch.h"
#include "sandboxentry.h"
#include "seccompfilter.h"
#include "terminal.h"
#include "workspacecopy.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <grp.h>
#include <linux/capability.h>
#include <net/if.h>
#include <poll.h>
#include <string>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace Sandpit::Helper {

namespace {

[[noreturn]] void failSetup(const InitContext &ctx, const Step &step, bool sandboxStage = false)
{
    InitRecord record;
    record.kind = InitRecord::SetupFailed;
    record.sandboxStage = sandboxStage ? 1 : 0;
    record.setupErrno = step.error;
    std::strncpy(record.setupStep, step.failed, sizeof record.setupStep - 1);
    sendRecord(ctx.statusFd, record);
    _exit(1);
}

// Started as root, the sandbox runs as nobody: with root's own uid mapped, the program would
// own every root-owned file on the host. Init keeps its capabilities in the namespace for the
// mounts still to come.
Step becomeSandboxUser(const InitContext &ctx)
{
    if (prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0) != 0)
        return Step::fail("keepcaps");
    if (setgroups(0, nullptr) != 0)
        return Step::fail("setgroups");
    if (setresgid(ctx.gid, ctx.gid, ctx.gid) != 0)
        return Step::fail("setresgid");
    if (setresuid(ctx.uid, ctx.uid, ctx.uid) != 0)
        return Step::fail("setresuid");
    __user_cap_header_struct header{_LINUX_CAPABILITY_VERSION_3, 0};
    __user_cap_data_struct data[2] = {};
    if (syscall(SYS_capget, &header, data) != 0)
        return Step::fail("capget");
    data[0].effective = data[0].permitted;
    data[1].effective = data[1].permitted;
    if (syscall(SYS_capset, &header, data) != 0)
        return Step::fail("capset");
    return Step::ok();
}

// A new network namespace has only a loopback device, and it is down.
Step bringUpLoopback()
{
    const int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return Step::fail("loopback-socket");
    ifreq request{};
    std::strncpy(request.ifr_name, "lo", IFNAMSIZ - 1);
    request.ifr_flags = IFF_UP | IFF_LOOPBACK | IFF_RUNNING;
    const bool ok = ioctl(fd, SIOCSIFFLAGS, &request) == 0;
    const Step step = ok ? Step::ok() : Step::fail("loopback-up");
    close(fd);
    return step;
}

Step buildSandbox(const InitContext &ctx)
{
    // Opened while init is still who started Sandpit: as the sandbox user (nobody, when that
    // was root) it could not pass the proxy's private folder, and the stage's tmpfs covers
    // the temporary folder the socket is in. Bound from /proc/self/fd by buildRoot().
    const std::string &proxySocket = ctx.options->proxySocket;
    const int proxyFd = proxySocket.empty() ? -1 : open(proxySocket.c_str(), O_PATH | O_CLOEXEC);
    if (!proxySocket.empty() && proxyFd < 0)
        return Step::fail("open-proxy-socket");
    if (ctx.switchUser)
        SANDPIT_TRY_STEP(becomeSandboxUser(ctx));
    if (sethostname("sandpit", 7) != 0)
        return Step::fail("sethostname");
    if (!ctx.options->shareNetwork)
        SANDPIT_TRY_STEP(bringUpLoopback());
    return buildRoot(*ctx.options, ctx.uid, ctx.gid, proxyFd);
}

// The sources and input files, copied in at the last moment: a prepared sandbox is built
// before the learner presses Run.
Step copyInput(const Options &options, int hostWorkFd)
{
    const int work = open("/work", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (work < 0)
        return Step::fail("open-work");
    CopyBudget budget;
    budget.maxFiles = options.workInodes;
    budget.maxBytes = options.workSizeBytes;
    const Step copied = copyTree(hostWorkFd, work, budget);
    close(work);
    return copied;
}

// Waits for 'G' and the run's options, NUL-separated arguments. Anything else (EOF, 'K')
// means the run will not happen.
bool receiveRun(int controlFd, Options &run)
{
    char go = 0;
    std::uint32_t size = 0;
    if (!readAll(controlFd, &go, 1) || go != 'G' || !readAll(controlFd, &size, sizeof size) || size > (1u << 24))
        return false;
    std::string payload(size, '\0');
    if (!readAll(controlFd, payload.data(), size))
        return false;
    std::string error;
    const std::vector<std::string> arguments = splitArguments(payload);
    return parseArguments(arguments, run, error) && isComplete(run, error);
}

// A workspace kept between runs gets all of /work, into a folder made only now (so the
// program never saw it), within the same budget as /work itself and never through a link.
void copyWholeWork(int hostWorkFd, const Options &run)
{
    constexpr const char *kKept = ".sandpit-kept"; // KeptWorkspace::kHelperCopyName
    if (mkdirat(hostWorkFd, kKept, 0700) != 0)
        return;
    const int work = open("/work", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    const int target = openat(hostWorkFd, kKept, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (work >= 0 && target >= 0) {
        CopyBudget budget;
        budget.maxFiles = run.workInodes;
        budget.maxBytes = run.workSizeBytes;
        copyTree(work, target, budget);
        // Half a copy would make what it left out look deleted: the engine keeps none of it.
        if (budget.truncated)
            renameat(hostWorkFd, kKept, hostWorkFd, ".sandpit-kept-partial");
    }
    if (work >= 0)
        close(work);
    if (target >= 0)
        close(target);
}

// Copies what the program changed in /work (or only the folder the run names: a compiler's
// build folder) back to the host workspace while the sandbox's file system still exists.
void copyOutput(int hostWorkFd, const Options &run, InitRecord &record)
{
    const int work = open("/work", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    int source = -1;
    int target = -1;
    if (run.collectChanges) {
        source = work >= 0 ? dup(work) : -1;
        target = dup(hostWorkFd);
    } else {
        source = work >= 0 ? openat(work, run.collectDir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) : -1;
        target = openat(hostWorkFd, run.collectDir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    }
    if (work >= 0)
        close(work);
    if (source >= 0 && target >= 0) {
        // Apparent sizes count: sparse files must not turn a 64 MB workspace into gigabytes
        // on the host's disk.
        CopyBudget budget;
        budget.maxBytes = run.workSizeBytes;
        if (run.collectChanges)
            copyChanges(source, target, budget);
        else
            copyTree(source, target, budget);
        record.artifactsSkipped = budget.skipped;
        record.artifactsTruncated = budget.truncated ? 1 : 0;
    }
    if (source >= 0)
        close(source);
    if (target >= 0)
        close(target);
    if (run.keepWork)
        copyWholeWork(hostWorkFd, run);
}

// A command's init in a named sandbox must be PID 1 of a namespace of its own, nested in the
// sandbox's: as an ordinary process there, the command could kill it and live on unwatched.
// The kernel refuses CLONE_NEWPID to the helper (after setns() its children's PID namespace is
// no longer its own), so its child makes it. That child stays outside, invisible to the
// command, as the parent the supervisor knows: its death takes init, and the command, along.
void nestPidNamespace(const InitContext &ctx)
{
    const int parentFd = static_cast<int>(syscall(SYS_pidfd_open, getpid(), 0));
    const pid_t init
        = static_cast<pid_t>(syscall(SYS_clone, CLONE_NEWPID | SIGCHLD, nullptr, nullptr, nullptr, nullptr));
    if (init < 0)
        failSetup(ctx, Step::fail("enter-nest-pid-namespace"));
    if (init == 0) {
        // A parent killed before the death signal was armed shows as its pidfd turning readable.
        pollfd parent{parentFd, POLLIN, 0};
        if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || parentFd < 0 || poll(&parent, 1, 0) != 0)
            _exit(1);
        close(parentFd);
        return;
    }
    close_range(0, ~0U, 0);
    int status = 0;
    while (waitpid(init, &status, 0) < 0 && errno == EINTR) { }
    _exit(WIFEXITED(status) ? WEXITSTATUS(status) : 1);
}

// Until 'B', the supervisor is still writing our uid and gid maps: files we created before
// would belong to no one the namespace knows.
void awaitIdentityMaps(const InitContext &ctx)
{
    // If the supervisor dies (the app was killed), init dies, and with PID 1 gone the kernel
    // kills the whole namespace. The death signal is armed before the first read of the
    // control pipe, so a supervisor that died earlier shows up as EOF right below.
    // A command's init in a named sandbox is PID 1 of a namespace of its own, so the same
    // holds there: only the command's processes die with it, never the sandbox's others.
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0)
        failSetup(ctx, Step::fail("prctl-pdeathsig"));
    char build = 0;
    if (read(ctx.controlFd, &build, 1) != 1 || build != 'B')
        _exit(1);
    // Only now: the supervisor has moved us into the sandbox's cgroup, which init inherits.
    if (ctx.entry)
        nestPidNamespace(ctx);
    // Nobody in the run may ptrace init or read its memory or descriptors through /proc. A
    // held init stays readable to its owner: commands enter the sandbox through its
    // /proc/PID/ns, and it holds nothing but its pipes to the keeper.
    if (!ctx.hold)
        prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
}

// Builds what the isolation level asks for; returns the host workspace, open (full isolation
// only: the sandbox's /work is copied in from it and out to it), or -1.
int isolate(const InitContext &ctx)
{
    int hostWorkFd = -1;
    if (ctx.isolation == Isolation::Full) {
        hostWorkFd = open(ctx.options->workspace.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (hostWorkFd < 0)
            failSetup(ctx, Step::fail("open-workspace"));
        if (const Step step = buildSandbox(ctx); !step)
            failSetup(ctx, step, true);
    } else if (ctx.isolation == Isolation::Processes && ctx.switchUser) {
        // Root's own uid is not mapped, but the kernel still sees host root: a program left
        // so would own every root-owned file on the host.
        if (const Step step = becomeSandboxUser(ctx); !step)
            failSetup(ctx, step, true);
    } else if (ctx.isolation == Isolation::None && prctl(PR_SET_CHILD_SUBREAPER, 1) != 0) {
        failSetup(ctx, Step::fail("prctl-subreaper"));
    }
    return hostWorkFd;
}

// A command of a named sandbox: the host workspace is opened while the host's file system is
// still ours to see; then into the sandbox, and its /work.
int enter(const InitContext &ctx)
{
    const int hostWorkFd = open(ctx.options->workspace.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (hostWorkFd < 0)
        failSetup(ctx, Step::fail("open-workspace"));
    if (const Step step = joinSandbox(*ctx.entry); !step)
        failSetup(ctx, step);
    if (ctx.switchUser) {
        if (const Step step = becomeSandboxUser(ctx); !step)
            failSetup(ctx, step);
    }
    return hostWorkFd;
}

// The filter is compiled now, while the sandbox is prepared, so a run starts without the wait;
// then the supervisor hears that the sandbox stands.
void compileFilterAndReport(const InitContext &ctx, SeccompProgram &filter)
{
    if (ctx.isolation == Isolation::Full && ctx.seccomp) {
        filter = *ctx.seccomp;
    } else if (ctx.isolation == Isolation::Full) {
        if (const Step step = buildSeccompProgram(filter); !step)
            failSetup(ctx, step, true);
    }
    InitRecord built;
    built.kind = InitRecord::Built;
    sendRecord(ctx.statusFd, built);
}

// SIGCHLD comes through a signalfd, blocked before the program starts so that no end is
// missed; the watch timer is armed later, by RunWatch.
void openEventFds(const InitContext &ctx, int &sigFd, int &watchFd)
{
    sigset_t mask;
    sigemptyset(&mask);
    sigaddset(&mask, SIGCHLD);
    sigprocmask(SIG_BLOCK, &mask, nullptr);
    sigFd = signalfd(-1, &mask, SFD_CLOEXEC);
    watchFd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC);
    if (sigFd < 0 || watchFd < 0)
        failSetup(ctx, Step::fail("signalfd"));
}

// A run on a terminal gets a pty of its own. Init opens it, because only init sees the
// sandbox's devpts instance (its mount namespace), and sends the master to the supervisor,
// because the supervisor already relays, caps and times the output and holds the engine's
// stdin: over SCM_RIGHTS the pty is then just one more output for OutputRelay, and init's
// loop stays about processes and limits. Returns the slave, for the program; `slaveStat`
// lets InputWatch see a read on it.
int openRunTerminal(const InitContext &ctx, const Options &run, struct stat &slaveStat)
{
    WindowSize size;
    if (!parseWindowSize(run.pty, size))
        failSetup(ctx, Step{"pty-size", EINVAL});
    int master = -1;
    int slave = -1;
    if (const Step step = openTerminal(size, master, slave); !step)
        failSetup(ctx, step);
    if (!sendDescriptor(ctx.terminalFd, master))
        failSetup(ctx, Step::fail("pty-send-master"));
    close(master);
    if (fstat(slave, &slaveStat) != 0)
        failSetup(ctx, Step::fail("pty-stat"));
    return slave;
}

// A run with an allow-list reaches the host's proxy only through the forwarder on its own
// loopback. Without the sandbox's network namespace there would be nothing to forward from,
// and the host's network would be open: such a run fails closed instead.
void startForwarder(const InitContext &ctx)
{
    if (ctx.isolation != Isolation::Full)
        failSetup(ctx, Step{Protocol::kProxyNeedsNetworkNamespaceStep, EPERM});
    if (startProxyForwarder(kProxySocketInSandbox) < 0)
        failSetup(ctx, Step::fail("proxy-forwarder"));
}

ProgramStart launchProgram(const InitContext &ctx, const Options &run, const SeccompProgram &filter, int terminal)
{
    const bool sandboxed = ctx.isolation == Isolation::Full;
    ProgramSpec spec;
    spec.options = &run;
    spec.workDir = sandboxed ? "/work" : run.workspace.c_str();
    spec.stdoutFd = terminal >= 0 ? terminal : ctx.stdoutFd;
    spec.stderrFd = terminal >= 0 ? terminal : ctx.stderrFd;
    spec.terminalFd = terminal;
    spec.seccomp = sandboxed ? &filter : nullptr;
    // Without a user namespace init stays host root (it must kill and reap the run's
    // processes); the program alone becomes the unprivileged user.
    if (ctx.isolation == Isolation::None && ctx.switchUser) {
        spec.becomeUser = true;
        spec.uid = ctx.uid;
        spec.gid = ctx.gid;
    }
    if (!ctx.memoryByCgroup && run.memoryBytes > 0) {
        // A backstop above the limit: init's watch should see the growth and stop the run
        // with the true reason before an allocation fails inside the program.
        spec.dataLimitBytes = run.memoryBytes + run.memoryBytes / 2 + (32LL << 20);
    }
    const ProgramStart start = startProgram(spec);
    // The program's child shared our descriptor table until exec, so our stdout and stderr are
    // now its pipes too: closing them lets the supervisor see EOF when the program is gone.
    close(ctx.stdoutFd);
    close(ctx.stderrFd);
    close(STDOUT_FILENO);
    close(STDERR_FILENO);
    if (terminal >= 0) {
        // The same for the slave, now also our stdin: while init held it, the master would
        // never see the program's end.
        close(terminal);
        close(STDIN_FILENO);
    }
    if (start.pid < 0)
        failSetup(ctx, Step{start.failedStep, start.error});
    if (sandboxed && start.notifyFd < 0)
        failSetup(ctx, Step{"receive-notify-fd", EIO});
    return start;
}

// The run ends with its main program: whatever it left behind (a daemon, a background
// child) is killed and reaped, so its CPU time is counted and nothing outlives the run.
// Killing before every wait also catches a process forked while the previous kill ran.
void killAndReapTheRest(const InitContext &ctx)
{
    for (;;) {
        killAllButInit(ownsPidNamespace(ctx));
        if (waitpid(-1, nullptr, 0) < 0 && errno == ECHILD)
            break;
    }
}

// Completes init's last record: the limits the run left evidence of, what it wrote to /work,
// and the CPU time and memory of every process it had, all reaped by now.
void completeRecord(const InitContext &ctx, const Options &run, int hostWorkFd, InitRecord &record)
{
    record.limitsReached |= limitsLeft(run, ctx.isolation == Isolation::Full);
    if (ctx.isolation == Isolation::Full)
        copyOutput(hostWorkFd, run, record);
    rusage usage{};
    getrusage(RUSAGE_CHILDREN, &usage);
    record.cpuUs = (static_cast<std::int64_t>(usage.ru_utime.tv_sec) + usage.ru_stime.tv_sec) * 1'000'000
        + usage.ru_utime.tv_usec + usage.ru_stime.tv_usec;
    record.peakRssBytes = static_cast<std::int64_t>(usage.ru_maxrss) * 1024;
}

} // namespace

void runInit(const InitContext &ctx)
{
    awaitIdentityMaps(ctx);
    const int hostWorkFd = ctx.entry ? enter(ctx) : isolate(ctx);
    // A held sandbox's forwarder serves every command that enters it, for the sandbox's whole
    // life; a failure to start it fails the create, before the sandbox is reported built.
    if (ctx.hold && !ctx.options->proxySocket.empty())
        startForwarder(ctx);
    SeccompProgram filter;
    compileFilterAndReport(ctx, filter);
    if (ctx.hold)
        holdSandbox(ctx);

    Options run;
    if (!receiveRun(ctx.controlFd, run))
        _exit(0);
    if (ctx.isolation == Isolation::Full) {
        if (const Step step = copyInput(run, hostWorkFd); !step)
            failSetup(ctx, step);
    }
    if (!ctx.options->proxySocket.empty())
        startForwarder(ctx);
    int sigFd = -1;
    int watchFd = -1;
    openEventFds(ctx, sigFd, watchFd);
    struct stat terminalStat { };
    const int terminal = run.pty.empty() ? -1 : openRunTerminal(ctx, run, terminalStat);
    close(ctx.terminalFd);
    const ProgramStart start = launchProgram(ctx, run, filter, terminal);

    InitRecord record;
    record.kind = InitRecord::ProgramEnded;
    RunWatch watch(ctx, run, start, record, terminal >= 0 ? &terminalStat : nullptr);
    if (const Step step = watch.untilProgramEnds(sigFd, watchFd); !step)
        failSetup(ctx, step);
    killAndReapTheRest(ctx);
    completeRecord(ctx, run, hostWorkFd, record);
    sendRecord(ctx.statusFd, record);
    _exit(0);
}

} // namespace Sandpit::Helper
