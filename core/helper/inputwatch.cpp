#include "inputwatch.h"

#include "processmonitor.h"
#include "procfile.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace Sandpit::Helper {

namespace {

// Hidden: the thread's call cannot be read. A process may make itself non-dumpable, and then
// only a looker with CAP_SYS_PTRACE (the local init, root of the run's user namespace; never
// Docker's init, which has no capability) may read it. What init cannot see may be a sleep on
// a timer, so the run is not waiting.
enum class Sleep { Other, ReadingStdin, OnTimer, Hidden };

// CPU time of the run's threads, in nanoseconds (the first field of
// /proc/PID/task/TID/schedstat: exact, and current even while the thread runs, where stat's
// utime and stime lag and are scaled), and of the children they reaped, in clock ticks
// (cutime and cstime, fields 16 and 17 of /proc/PID/stat). Only a change matters.
long long threadCpuOf(long pid, long tid)
{
    char path[96];
    char buf[128];
    std::snprintf(path, sizeof path, "/proc/%ld/task/%ld/schedstat", pid, tid);
    return readSmall(path, buf, sizeof buf) ? std::strtoll(buf, nullptr, 10) : 0;
}

long long reapedCpuOf(long pid)
{
    char path[64];
    char buf[1024];
    std::snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    if (!readSmall(path, buf, sizeof buf))
        return 0;
    const char *field = std::strrchr(buf, ')');
    long long total = 0;
    // After the command name's closing parenthesis, the space before field i + 1 at step i.
    for (int i = 2; field && i <= 16; ++i) {
        field = std::strchr(field + 1, ' ');
        if (field && i >= 15)
            total += std::strtoll(field + 1, nullptr, 10);
    }
    return total;
}

bool isFile(const char *path, dev_t dev, ino_t ino)
{
    struct stat st { };
    return stat(path, &st) == 0 && st.st_dev == dev && st.st_ino == ino;
}

// A wait with no timeout on several descriptors at once. Readline (Python's REPL, Bash) and
// libuv (Node) wait so for the terminal before they read it. Which descriptors are waited on
// lies in the program's memory, out of sight, so the process's stdin being the terminal
// stands for them; any timeout makes it a timer, as a sleep is.
enum class Multiplex { No, Untimed, Timed };
Multiplex multiplexOf(long nr, const unsigned long long args[6])
{
    // The timeout: a pointer (null: none) or milliseconds (negative: none).
    switch (nr) {
#ifdef SYS_select
    case SYS_select:
#endif
    case SYS_pselect6:
        return args[4] == 0 ? Multiplex::Untimed : Multiplex::Timed;
#ifdef SYS_poll
    case SYS_poll:
        return static_cast<int>(args[2]) < 0 ? Multiplex::Untimed : Multiplex::Timed;
#endif
    case SYS_ppoll:
        return args[2] == 0 ? Multiplex::Untimed : Multiplex::Timed;
#ifdef SYS_epoll_wait
    case SYS_epoll_wait:
#endif
    case SYS_epoll_pwait:
        return static_cast<int>(args[3]) < 0 ? Multiplex::Untimed : Multiplex::Timed;
    default:
        return Multiplex::No;
    }
}

// What one thread sleeps in, from /proc/PID/task/TID/syscall: "NR ARG0 ARG1 ... SP PC" while
// it is in a call, "running" or "-1 SP PC" otherwise.
Sleep sleepOf(long pid, long tid, dev_t inputDev, ino_t inputIno, bool terminal)
{
    char path[96];
    char buf[256];
    std::snprintf(path, sizeof path, "/proc/%ld/task/%ld/syscall", pid, tid);
    if (!readSmall(path, buf, sizeof buf))
        return Sleep::Hidden;
    char *end = nullptr;
    const long nr = std::strtol(buf, &end, 10);
    if (end == buf)
        return Sleep::Other;
    if (nr == SYS_nanosleep || nr == SYS_clock_nanosleep)
        return Sleep::OnTimer;
    unsigned long long args[6] = {};
    for (unsigned long long &arg : args)
        arg = std::strtoull(end, &end, 16);
    if (const Multiplex wait = terminal ? multiplexOf(nr, args) : Multiplex::No; wait != Multiplex::No) {
        std::snprintf(path, sizeof path, "/proc/%ld/fd/0", pid);
        if (wait == Multiplex::Timed)
            return Sleep::OnTimer;
        return isFile(path, inputDev, inputIno) ? Sleep::ReadingStdin : Sleep::Other;
    }
    if (nr != SYS_read && nr != SYS_readv)
        return Sleep::Other;
    // The descriptor may be any copy of stdin (dup2, a child's inherited one): the pipe
    // (or terminal) itself is what counts.
    std::snprintf(path, sizeof path, "/proc/%ld/fd/%llu", pid, args[0]);
    return isFile(path, inputDev, inputIno) ? Sleep::ReadingStdin : Sleep::Other;
}

} // namespace

namespace {
struct stat stdinOfThisProcess()
{
    struct stat st { };
    if (fstat(STDIN_FILENO, &st) != 0)
        st.st_mode = 0;
    return st;
}
} // namespace

InputWatch::InputWatch(bool privateProc)
    : InputWatch(privateProc, stdinOfThisProcess())
{
}

InputWatch::InputWatch(bool privateProc, const struct stat &stdinPipe)
    : m_privateProc(privateProc)
{
    // A pty's slave is a character device; so is /dev/null, which the engine never hands a
    // program as its terminal.
    m_terminal = S_ISCHR(stdinPipe.st_mode);
    if (S_ISFIFO(stdinPipe.st_mode) || m_terminal) {
        m_pipeDev = stdinPipe.st_dev;
        m_pipeIno = stdinPipe.st_ino;
    }
}

bool InputWatch::update()
{
    if (m_pipeIno == 0)
        return false;
    // Processes reaped by init take their CPU time into init's children's account.
    rusage reaped{};
    getrusage(RUSAGE_CHILDREN, &reaped);
    long long cpu = (reaped.ru_utime.tv_sec + reaped.ru_stime.tv_sec) * 1'000'000LL + reaped.ru_utime.tv_usec
        + reaped.ru_stime.tv_usec;
    bool reading = false;
    bool onTimer = false;
    for (const long pid : runProcessIds(m_privateProc)) {
        if (pid == m_ignored)
            continue;
        cpu += reapedCpuOf(pid) * 1'000'000'000LL; // any change counts; the scale does not matter
        char path[64];
        std::snprintf(path, sizeof path, "/proc/%ld/task", pid);
        DIR *tasks = opendir(path);
        if (!tasks)
            continue;
        while (const dirent *task = readdir(tasks)) {
            const long tid = std::strtol(task->d_name, nullptr, 10);
            if (tid <= 0)
                continue;
            cpu += threadCpuOf(pid, tid);
            const Sleep sleep = sleepOf(pid, tid, m_pipeDev, m_pipeIno, m_terminal);
            reading = reading || sleep == Sleep::ReadingStdin;
            onTimer = onTimer || sleep == Sleep::OnTimer || sleep == Sleep::Hidden;
        }
        closedir(tasks);
    }
    const bool idle = cpu == m_lastCpu;
    m_lastCpu = cpu;
    const bool waiting = reading && idle && !onTimer;
    if (waiting == m_waiting)
        return false;
    m_waiting = waiting;
    return true;
}

} // namespace Sandpit::Helper
