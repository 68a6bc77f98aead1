#include "program.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <linux/close_range.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <unistd.h>
#include <vector>

namespace Sandpit::Helper {

namespace {

using ExecFailure = ProgramStart; // the child fills failedStep and error

[[noreturn]] void failInChild(int fd, const char *step)
{
    ExecFailure failure{};
    failure.error = errno;
    std::strncpy(failure.failedStep, step, sizeof failure.failedStep - 1);
    [[maybe_unused]] const ssize_t n = write(fd, &failure, sizeof failure);
    _exit(127);
}

bool setLimit(int resource, rlim_t soft, rlim_t hard)
{
    const rlimit limit{soft, hard};
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

} // namespace

ProgramStart startProgram(const Options &options, int stdoutFd, int stderrFd)
{
    int execPipe[2];
    ProgramStart result;
    if (pipe2(execPipe, O_CLOEXEC) != 0) {
        result.error = errno;
        std::strcpy(result.failedStep, "pipe");
        return result;
    }

    // Built before fork: the child only makes system calls.
    std::vector<char *> argv = cStrings(options.command);
    std::vector<char *> envp = cStrings(options.environment);

    const pid_t pid = fork();
    if (pid < 0) {
        result.error = errno;
        std::strcpy(result.failedStep, "fork");
        close(execPipe[0]);
        close(execPipe[1]);
        return result;
    }
    if (pid == 0) {
        close(execPipe[0]);
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, nullptr);
        signal(SIGPIPE, SIG_DFL);

        // A session of its own: no controlling terminal to inject keystrokes into.
        if (setsid() < 0)
            failInChild(execPipe[1], "setsid");
        if (dup2(stdoutFd, STDOUT_FILENO) < 0 || dup2(stderrFd, STDERR_FILENO) < 0)
            failInChild(execPipe[1], "dup2");
        // Nothing but stdin, stdout and stderr reaches the program.
        if (close_range(3, ~0U, CLOSE_RANGE_CLOEXEC) != 0)
            failInChild(execPipe[1], "close_range");

        const auto ceilSeconds = [](long long ms) { return static_cast<rlim_t>((ms + 999) / 1000); };
        if (options.cpuMs > 0) {
            // SIGXCPU at the soft limit tells us the reason; the hard limit one second later is
            // the kernel's SIGKILL for a program that ignores SIGXCPU.
            const rlim_t soft = ceilSeconds(options.cpuMs);
            if (!setLimit(RLIMIT_CPU, soft, soft + 1))
                failInChild(execPipe[1], "rlimit-cpu");
        }
        // RLIMIT_DATA, not RLIMIT_AS: runtimes such as V8 and the JVM reserve large stretches
        // of address space they never touch, which RLIMIT_AS would refuse at start-up.
        if (options.memoryBytes > 0 && !setLimit(RLIMIT_DATA, options.memoryBytes, options.memoryBytes))
            failInChild(execPipe[1], "rlimit-data");
        if (options.processes > 0 && !setLimit(RLIMIT_NPROC, options.processes, options.processes))
            failInChild(execPipe[1], "rlimit-nproc");
        if (options.fileSizeBytes > 0 && !setLimit(RLIMIT_FSIZE, options.fileSizeBytes, options.fileSizeBytes))
            failInChild(execPipe[1], "rlimit-fsize");
        if (options.openFiles > 0 && !setLimit(RLIMIT_NOFILE, options.openFiles, options.openFiles))
            failInChild(execPipe[1], "rlimit-nofile");
        if (!setLimit(RLIMIT_CORE, 0, 0))
            failInChild(execPipe[1], "rlimit-core");
        if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
            failInChild(execPipe[1], "no-new-privs");
        if (chdir(options.workspace.c_str()) != 0)
            failInChild(execPipe[1], "chdir-workspace");

        execve(argv[0], argv.data(), envp.data());
        failInChild(execPipe[1], "execve");
    }

    close(execPipe[1]);
    ExecFailure failure{};
    ssize_t n;
    do {
        n = read(execPipe[0], &failure, sizeof failure);
    } while (n < 0 && errno == EINTR);
    close(execPipe[0]);
    if (n == static_cast<ssize_t>(sizeof failure)) {
        // The child is already exiting; the init's reaping loop collects it.
        failure.pid = -1;
        return failure;
    }
    result.pid = pid;
    return result;
}

} // namespace Sandpit::Helper
