#include "program.h"

#include "seccompfilter.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <linux/capability.h>
#include <linux/close_range.h>
#include <sched.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <vector>

namespace Sandpit::Helper {

namespace {

// The child shares init's memory until it execs (see startProgram), so a failure is reported
// by writing straight into init's ProgramStart.
[[noreturn]] void failInChild(ProgramStart *result, const char *step, int error = errno)
{
    result->error = error;
    std::strncpy(result->failedStep, step, sizeof result->failedStep - 1);
    _exit(127);
}

bool setLimit(int resource, rlim_t value)
{
    const rlimit limit{value, value};
    return setrlimit(resource, &limit) == 0;
}

std::vector<char *> cStrings(const std::vector<std::string> &strings)
{
    std::vector<char *> out;
    out.reserve(strings.size() + 1);
    for (const std::string &s : strings)
        out.push_back(const_cast<char *>(s.c_str()));
    out.push_back(nullptr);
    return out;
}

// The program never keeps a capability, at any level of isolation. Exec as a non-root user
// clears those init had; emptying the bounding and ambient sets too means no file capability
// can bring one back. The bounding set needs CAP_SETPCAP to change: a process without it (an
// ordinary user's program with no user namespace) holds no capability to drop, and
// no_new_privs keeps file capabilities from granting one.
// The uid switch uses raw system calls: this child shares init's memory (CLONE_VM), and the C
// library's setresuid would try to bring init's threads along.
bool dropPrivileges(const ProgramSpec &spec)
{
    for (int cap = 0; cap <= CAP_LAST_CAP; ++cap) {
        if (prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0 && errno != EINVAL && errno != EPERM)
            return false;
    }
    if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) != 0)
        return false;
    if (spec.becomeUser) {
        if (syscall(SYS_setgroups, 0, nullptr) != 0 || syscall(SYS_setresgid, spec.gid, spec.gid, spec.gid) != 0
            || syscall(SYS_setresuid, spec.uid, spec.uid, spec.uid) != 0) {
            return false;
        }
    }
    __user_cap_header_struct header{_LINUX_CAPABILITY_VERSION_3, 0};
    __user_cap_data_struct data[2] = {};
    if (syscall(SYS_capset, &header, data) != 0)
        return false;
    // Checked, not assumed: a run must never start with a capability left.
    if (syscall(SYS_capget, &header, data) != 0)
        return false;
    return (data[0].permitted | data[1].permitted | data[0].effective | data[1].effective | data[0].inheritable
            | data[1].inheritable)
        == 0
        && syscall(SYS_geteuid) != 0;
}

struct ChildContext {
    const ProgramSpec *spec;
    char **argv;
    char **envp;
    ProgramStart *result;
};

int execProgram(void *data)
{
    const ChildContext &child = *static_cast<ChildContext *>(data);
    const ProgramSpec &spec = *child.spec;
    ProgramStart *const out = child.result;
    const Options &options = *spec.options;
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    signal(SIGPIPE, SIG_DFL);

    // A session of its own: no controlling terminal to inject keystrokes into, unless the run
    // is on the sandbox's own pty, which becomes it: its line discipline turns Ctrl+C into
    // SIGINT for the program's process group, and a resize into SIGWINCH.
    if (setsid() < 0)
        failInChild(out, "setsid");
    if (spec.terminalFd >= 0 && (dup2(spec.terminalFd, STDIN_FILENO) < 0 || ioctl(STDIN_FILENO, TIOCSCTTY, 0) != 0))
        failInChild(out, "terminal-controlling");
    if (dup2(spec.stdoutFd, STDOUT_FILENO) < 0 || dup2(spec.stderrFd, STDERR_FILENO) < 0)
        failInChild(out, "dup2");

    if (options.cpuMs > 0) {
        // SIGXCPU at the soft limit tells us the reason; the hard limit one second later is
        // the kernel's SIGKILL for a program that ignores SIGXCPU.
        const rlim_t soft = static_cast<rlim_t>((options.cpuMs + 999) / 1000);
        const rlimit cpu{soft, soft + 1};
        if (setrlimit(RLIMIT_CPU, &cpu) != 0)
            failInChild(out, "rlimit-cpu");
    }
    // RLIMIT_DATA, not RLIMIT_AS: runtimes such as V8 and the JVM reserve large stretches of
    // address space they never touch, which RLIMIT_AS would refuse at start-up.
    if (spec.dataLimitBytes > 0 && !setLimit(RLIMIT_DATA, spec.dataLimitBytes))
        failInChild(out, "rlimit-data");
    // Two above the limit: init and the task that trips the watch both count, so the watch in
    // init, not a silent EAGAIN, is what ends a fork bomb.
    if (options.processes > 0 && !setLimit(RLIMIT_NPROC, options.processes + 2))
        failInChild(out, "rlimit-nproc");
    if (options.fileSizeBytes > 0 && !setLimit(RLIMIT_FSIZE, options.fileSizeBytes))
        failInChild(out, "rlimit-fsize");
    if (options.openFiles > 0 && !setLimit(RLIMIT_NOFILE, options.openFiles))
        failInChild(out, "rlimit-nofile");
    if (!setLimit(RLIMIT_CORE, 0))
        failInChild(out, "rlimit-core");
    if (chdir(spec.workDir) != 0)
        failInChild(out, "chdir-workspace");
    if (!dropPrivileges(spec))
        failInChild(out, "drop-privileges");
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
        failInChild(out, "no-new-privs");
    if (spec.seccomp) {
        // Last of all, so nothing above has to get past the filter.
        // The descriptor lands in the table init shares with us until exec.
        if (const Step step = loadSeccompProgram(*spec.seccomp, out->notifyFd); !step)
            failInChild(out, step.failed, step.error);
    }
    // Nothing but stdin, stdout and stderr reaches the program.
    if (close_range(3, ~0U, CLOSE_RANGE_CLOEXEC) != 0)
        failInChild(out, "close_range");
    execve(child.argv[0], child.argv, child.envp);
    failInChild(out, "execve");
}

} // namespace

ProgramStart startProgram(const ProgramSpec &spec)
{
    ProgramStart result;
    // Built before the clone: the child only makes system calls.
    std::vector<char *> argv = cStrings(spec.options->command);
    std::vector<std::string> environment = spec.options->environment;
    // Home is the workspace, wherever this level of isolation put it.
    environment.push_back(std::string("HOME=") + spec.workDir);
    std::vector<char *> envp = cStrings(environment);
    ChildContext child{&spec, argv.data(), envp.data(), &result};

    // As posix_spawn does: the child borrows init's memory and descriptor table on a stack of
    // its own, and init sleeps until it has exec'd (or failed). The child runs at once on
    // this CPU, with no pipe to report exec and no socket to hand over the seccomp
    // descriptor. Exec gives the program its own copy of both.
    // Mapped, not allocated and zeroed: the child touches a few pages of it, and first
    // touches are what cost here (1.6 ms for 256 KB of vector, in a traced run).
    constexpr size_t kStackSize = 256 * 1024;
    void *const stack = mmap(nullptr, kStackSize, PROT_READ | PROT_WRITE,
                             MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK | MAP_NORESERVE, -1, 0);
    if (stack == MAP_FAILED) {
        result.error = errno;
        std::strcpy(result.failedStep, "map-program-stack");
        return result;
    }
    const pid_t pid = clone(execProgram, static_cast<char *>(stack) + kStackSize,
                            CLONE_VM | CLONE_VFORK | CLONE_FILES | SIGCHLD, &child);
    const int cloneError = errno;
    munmap(stack, kStackSize); // the child has exec'd or exited: CLONE_VFORK waited for it
    errno = cloneError;
    if (pid < 0) {
        result.error = errno;
        std::strcpy(result.failedStep, "clone-program");
        return result;
    }
    if (result.error != 0) {
        // The child has exited; init's reaping loop collects it.
        if (result.notifyFd >= 0)
            close(result.notifyFd);
        result.notifyFd = -1;
        return result;
    }
    result.pid = pid;
    return result;
}

} // namespace Sandpit::Helper
