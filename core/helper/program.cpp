#include "program.h"

#include "seccompfilter.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <linux/capability.h>
#include <linux/close_range.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <vector>

namespace Sandpit::Helper {

namespace {

[[noreturn]] void failInChild(int fd, const char *step, int error = errno)
{
    ProgramStart failure{};
    failure.error = error;
    std::strncpy(failure.failedStep, step, sizeof failure.failedStep - 1);
    [[maybe_unused]] const ssize_t n = write(fd, &failure, sizeof failure);
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

// Exec as a non-root user already clears the capabilities init had in the user namespace;
// emptying the bounding and ambient sets too means no file capability can bring one back.
bool dropCapabilities()
{
    for (int cap = 0; cap <= CAP_LAST_CAP; ++cap) {
        if (prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0 && errno != EINVAL)
            return false;
    }
    if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) != 0)
        return false;
    __user_cap_header_struct header{_LINUX_CAPABILITY_VERSION_3, 0};
    __user_cap_data_struct data[2] = {};
    return syscall(SYS_capset, &header, data) == 0;
}

bool sendFd(int socket, int fd)
{
    char dummy = 'f';
    iovec iov{&dummy, 1};
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
    msghdr msg{};
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = control;
    msg.msg_controllen = sizeof control;
    cmsghdr *cmsg = CMSG_FIRSTHDR(&msg);
    cmsg->cmsg_level = SOL_SOCKET;
    cmsg->cmsg_type = SCM_RIGHTS;
    cmsg->cmsg_len = CMSG_LEN(sizeof(int));
    std::memcpy(CMSG_DATA(cmsg), &fd, sizeof fd);
    return sendmsg(socket, &msg, 0) == 1;
}

int receiveFd(int socket)
{
    char dummy = 0;
    iovec iov{&dummy, 1};
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
    msghdr msg{};
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = control;
    msg.msg_controllen = sizeof control;
    if (recvmsg(socket, &msg, MSG_CMSG_CLOEXEC) != 1)
        return -1;
    const cmsghdr *cmsg = CMSG_FIRSTHDR(&msg);
    if (!cmsg || cmsg->cmsg_type != SCM_RIGHTS)
        return -1;
    int fd = -1;
    std::memcpy(&fd, CMSG_DATA(cmsg), sizeof fd);
    return fd;
}

[[noreturn]] void execProgram(const ProgramSpec &spec, int reportFd, int fdSocket, char **argv, char **envp)
{
    const Options &options = *spec.options;
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    signal(SIGPIPE, SIG_DFL);

    // A session of its own: no controlling terminal to inject keystrokes into.
    if (setsid() < 0)
        failInChild(reportFd, "setsid");
    if (dup2(spec.stdoutFd, STDOUT_FILENO) < 0 || dup2(spec.stderrFd, STDERR_FILENO) < 0)
        failInChild(reportFd, "dup2");

    if (options.cpuMs > 0) {
        // SIGXCPU at the soft limit tells us the reason; the hard limit one second later is
        // the kernel's SIGKILL for a program that ignores SIGXCPU.
        const rlim_t soft = static_cast<rlim_t>((options.cpuMs + 999) / 1000);
        const rlimit cpu{soft, soft + 1};
        if (setrlimit(RLIMIT_CPU, &cpu) != 0)
            failInChild(reportFd, "rlimit-cpu");
    }
    // RLIMIT_DATA, not RLIMIT_AS: runtimes such as V8 and the JVM reserve large stretches of
    // address space they never touch, which RLIMIT_AS would refuse at start-up.
    if (spec.dataLimitBytes > 0 && !setLimit(RLIMIT_DATA, spec.dataLimitBytes))
        failInChild(reportFd, "rlimit-data");
    // Two above the limit: init and the task that trips the watch both count, so the watch in
    // init, not a silent EAGAIN, is what ends a fork bomb.
    if (options.processes > 0 && !setLimit(RLIMIT_NPROC, options.processes + 2))
        failInChild(reportFd, "rlimit-nproc");
    if (options.fileSizeBytes > 0 && !setLimit(RLIMIT_FSIZE, options.fileSizeBytes))
        failInChild(reportFd, "rlimit-fsize");
    if (options.openFiles > 0 && !setLimit(RLIMIT_NOFILE, options.openFiles))
        failInChild(reportFd, "rlimit-nofile");
    if (!setLimit(RLIMIT_CORE, 0))
        failInChild(reportFd, "rlimit-core");
    if (chdir(spec.workDir) != 0)
        failInChild(reportFd, "chdir-workspace");
    if (spec.seccomp && !dropCapabilities())
        failInChild(reportFd, "drop-capabilities");
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
        failInChild(reportFd, "no-new-privs");
    if (spec.seccomp) {
        // Last of all, so nothing above has to get past the filter.
        int notifyFd = -1;
        if (const Step step = loadSeccompProgram(*spec.seccomp, notifyFd); !step)
            failInChild(reportFd, step.failed, step.error);
        if (!sendFd(fdSocket, notifyFd))
            failInChild(reportFd, "send-notify-fd");
        close(notifyFd);
    }
    // Nothing but stdin, stdout and stderr reaches the program.
    if (close_range(3, ~0U, CLOSE_RANGE_CLOEXEC) != 0)
        failInChild(reportFd, "close_range");
    execve(argv[0], argv, envp);
    failInChild(reportFd, "execve");
}

} // namespace

ProgramStart startProgram(const ProgramSpec &spec)
{
    ProgramStart result;
    int execPipe[2] = {-1, -1};
    int fdSocket[2] = {-1, -1};
    if (pipe2(execPipe, O_CLOEXEC) != 0 || socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fdSocket) != 0) {
        result.error = errno;
        std::strcpy(result.failedStep, "pipe");
        return result;
    }

    // Built before fork: the child only makes system calls.
    std::vector<char *> argv = cStrings(spec.options->command);
    std::vector<std::string> environment = spec.options->environment;
    // Home is the workspace, wherever this level of isolation put it.
    environment.push_back(std::string("HOME=") + spec.workDir);
    std::vector<char *> envp = cStrings(environment);

    const pid_t pid = fork();
    if (pid == 0) {
        close(execPipe[0]);
        close(fdSocket[0]);
        execProgram(spec, execPipe[1], fdSocket[1], argv.data(), envp.data());
    }
    close(execPipe[1]);
    close(fdSocket[1]);
    if (pid < 0) {
        result.error = errno;
        std::strcpy(result.failedStep, "fork");
        close(execPipe[0]);
        close(fdSocket[0]);
        return result;
    }

    ProgramStart failure{};
    ssize_t n;
    do {
        n = read(execPipe[0], &failure, sizeof failure);
    } while (n < 0 && errno == EINTR);
    close(execPipe[0]);
    if (n == static_cast<ssize_t>(sizeof failure)) {
        // The child is already exiting; init's reaping loop collects it.
        close(fdSocket[0]);
        failure.pid = -1;
        return failure;
    }
    result.pid = pid;
    if (spec.seccomp)
        result.notifyFd = receiveFd(fdSocket[0]);
    close(fdSocket[0]);
    return result;
}

} // namespace Sandpit::Helper
