#include "dockerinit.h"

#include "dockerdeadline.h"
#include "lineread.h"
#include "openfiles.h"
#include "proxyforward.h"
#include "workchanges.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <optional>
#include <poll.h>
#include <string>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace Sandpit::Helper {

namespace {
// What the host sent for the run: the token, the wall-clock deadline, and whether the input
// is typed (then time spent waiting for it does not count against the deadline).
struct Order {
    std::string token;
    long long deadlineSeconds = 0;
    bool typedInput = false;
};

// After the marker, the host copies what it keeps and lets this process end; a Sandpit that
// died meanwhile leaves a container that ends by itself.
constexpr int kHoldSeconds = 60;
// Remote: the files arrive through the archive API after the container started.
constexpr int kReadyPolls = 6000;
constexpr long kReadyPollNs = 10'000'000;
constexpr size_t kMaxScript = 1 << 20;
constexpr size_t kMaxEvidence = 400; // the marker line has 512 bytes in all

bool readAll(int fd, std::string &out, size_t max)
{
    char buffer[4096];
    for (;;) {
        const ssize_t n = read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return false;
        if (n == 0)
            return true;
        if (out.size() + size_t(n) > max)
            return false;
        out.append(buffer, size_t(n));
    }
}

bool readFile(const std::string &path, std::string &out)
{
    const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0)
        return false;
    const bool ok = readAll(fd, out, kMaxScript);
    close(fd);
    return ok;
}

Order parseOrder(const std::string &line)
{
    Order order;
    const size_t space = line.find(' ');
    order.token = line.substr(0, std::min(space, line.find('\n')));
    if (space != std::string::npos) {
        char *end = nullptr;
        order.deadlineSeconds = std::strtoll(line.c_str() + space + 1, &end, 10);
        order.typedInput = std::strtol(end, nullptr, 10) == 1;
    }
    return order;
}

// The go pipe: one line, written by the host once the run is known; end-of-file: Sandpit is gone.
// The pipe stays open: when the host's end closes (Sandpit was killed), the run is stopped.
bool takeOrderFromPipe(const std::string &control, Order &order, int &go)
{
    go = open((control + "/go").c_str(), O_RDONLY | O_CLOEXEC);
    if (go < 0)
        return false;
    std::string line;
    if (!readLine(go, line, 256))
        return false;
    order = parseOrder(line);
    return !order.token.empty();
}

// Through the archive API: "ready" lands last, after the token; both go before the program runs.
bool takeOrderFromFiles(const std::string &control, Order &order)
{
    for (int i = 0; access((control + "/ready").c_str(), F_OK) != 0; ++i) {
        if (i > kReadyPolls)
            return false;
        const timespec interval{0, kReadyPollNs};
        nanosleep(&interval, nullptr);
    }
    std::string line;
    const bool ok = readFile(control + "/token", line);
    unlink((control + "/token").c_str());
    unlink((control + "/ready").c_str());
    order = parseOrder(line);
    return ok && !order.token.empty();
}

// `phase`: run.sh's first argument ("copy": copy the run's files in and return).
pid_t spawnShell(const std::string &script, int stdoutFd, const char *phase = nullptr)
{
    const pid_t pid = fork();
    if (pid == 0) {
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, nullptr);
        if (stdoutFd >= 0)
            dup2(stdoutFd, STDOUT_FILENO);
        execl("/bin/sh", "sh", "-c", script.c_str(), "sh", phase, static_cast<char *>(nullptr));
        _exit(127);
    }
    return pid;
}

pid_t spawnWatch(long long openFiles)
{
    if (openFiles <= 0)
        return -1;
    const pid_t pid = fork();
    if (pid == 0) {
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, nullptr);
        _exit(watchOpenFiles(openFiles));
    }
    return pid;
}

int shellStatus(int status)
{
    return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : WEXITSTATUS(status);
}

void killAllButMe()
{
    // From a pid namespace's init, -1 is every other process of the namespace. Again after
    // each reaped child: a fork under way during one kill(-1) can leave a child it missed,
    // and nothing of the program may live on while the host trusts the marker and copies
    // /work back.
    for (;;) {
        kill(-1, SIGKILL);
        if (waitpid(-1, nullptr, 0) < 0 && errno == ECHILD)
            return;
    }
}

// What is left of `totalMs` since `start` (CLOCK_MONOTONIC).
long long msLeft(const timespec &start, long long totalMs)
{
    timespec now{};
    clock_gettime(CLOCK_MONOTONIC, &now);
    return totalMs - ((now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1'000'000);
}

// The open-files watch, and its status should it be reaped while the program runs (the
// program may kill it: it has the same uid). Once reaped, its pid is no longer its own: a
// process of the program's, orphaned to init, may get it.
struct Watch {
    pid_t pid = 0;
    bool reaped = false;
    int status = 0;
};

// Waits for `program`, reaping whatever else ends meanwhile. Returns false when the run was
// stopped from in here: its deadline passed, or the host's end of the go pipe closed.
bool waitForProgram(pid_t program, int signals, int go, DockerDeadline &deadline, Watch &watch, int &status)
{
    for (;;) {
        int reaped = 0;
        for (pid_t pid; (pid = waitpid(-1, &reaped, WNOHANG)) > 0;) {
            if (pid == watch.pid && !watch.reaped) {
                watch.reaped = true;
                watch.status = reaped;
                deadline.helperEnded();
            }
            if (pid == program) {
                status = reaped;
                return true;
            }
        }
        pollfd fds[4]
            = {{signals, POLLIN, 0}, {go, POLLIN, 0}, {deadline.clockFd(), POLLIN, 0}, {deadline.watchFd(), POLLIN, 0}};
        if (poll(fds, 4, -1) <= 0)
            continue;
        if (fds[0].revents & POLLIN) {
            signalfd_siginfo info;
            while (read(signals, &info, sizeof info) == sizeof info) { }
        }
        if (go >= 0 && (fds[1].revents & (POLLHUP | POLLERR | POLLIN)))
            return false;
        if ((fds[2].revents & POLLIN) && deadline.expired())
            return false;
        if (fds[3].revents & POLLIN)
            deadline.tick();
    }
}

// The evidence shell's one line of key=value fields, kept to what a marker may hold.
std::string evidence(const std::string &script)
{
    int out[2];
    if (pipe2(out, O_CLOEXEC) != 0)
        return {};
    const pid_t pid = spawnShell(script, out[1]);
    close(out[1]);
    std::string fields;
    readAll(out[0], fields, 4096);
    close(out[0]);
    while (waitpid(pid, nullptr, 0) < 0 && errno == EINTR) { }
    std::string clean;
    for (char c : fields.substr(0, fields.find('\n'))) {
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '=' || c == ' ')
            clean += c;
    }
    return clean.substr(0, kMaxEvidence);
}

void writeAll(int fd, const std::string &text)
{
    for (size_t done = 0; done < text.size();) {
        const ssize_t n = write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return;
        done += size_t(n);
    }
}

// A signal the container's engine sent (docker kill): the kernel shows a sender from outside
// the pid namespace as pid 0. A process in here has its own pid put in by kill(), and may not
// claim SI_USER through sigqueue(), so one the program queued before it ended is not taken
// for the host's word.
bool fromTheEngine(const signalfd_siginfo &info)
{
    return info.ssi_signo == SIGUSR1 && info.ssi_code == SI_USER && info.ssi_pid == 0;
}

void holdUntilReleased(int signals, int go)
{
    // /work is a tmpfs that goes with the container: the host copies what it keeps while this
    // process, and nothing else, lives. It then says so: a line on the go pipe (or its end
    // closes: Sandpit is gone), or SIGUSR1 through the Engine API from an engine no pipe of
    // ours reaches. A Sandpit that died meanwhile leaves a container that ends by itself.
    timespec start{};
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (;;) {
        const long long leftMs = msLeft(start, kHoldSeconds * 1000LL);
        if (leftMs <= 0)
            return;
        pollfd fds[2] = {{signals, POLLIN, 0}, {go, POLLIN, 0}};
        const int n = poll(fds, go >= 0 ? 2 : 1, int(leftMs));
        if (n > 0 && fds[0].revents & POLLIN) {
            signalfd_siginfo info;
            while (read(signals, &info, sizeof info) == sizeof info) {
                if (fromTheEngine(info))
                    return;
            }
        }
        if (go >= 0 && n > 0 && (fds[1].revents & (POLLHUP | POLLERR | POLLIN)))
            return;
    }
}
} // namespace

int runDockerInit(int argc, char **argv)
{
    const std::string control = argv[2];
    const long long openFiles = argc > 3 ? std::atoll(argv[3]) : 0;
    // SIGCHLD, and SIGUSR1 (the host's word that the run's files are copied), through a
    // descriptor polled with the go pipe and the deadline. Blocked, so queued: PID 1 of a
    // namespace otherwise drops a signal it has no handler for.
    sigset_t watched;
    sigemptyset(&watched);
    sigaddset(&watched, SIGCHLD);
    sigaddset(&watched, SIGUSR1);
    sigprocmask(SIG_BLOCK, &watched, nullptr);
    const int signals = signalfd(-1, &watched, SFD_CLOEXEC | SFD_NONBLOCK);
    Order order;
    int go = -1;
    struct stat goStat { };
    const bool byPipe = stat((control + "/go").c_str(), &goStat) == 0 && S_ISFIFO(goStat.st_mode);
    if (signals < 0 || !(byPipe ? takeOrderFromPipe(control, order, go) : takeOrderFromFiles(control, order)))
        return 0; // Sandpit is gone before the run: nothing to do
    std::string run, end;
    if (!readFile(control + "/run.sh", run) || !readFile(control + "/end.sh", end)) {
        std::fprintf(stderr, "sandpit-seccomp: cannot read the launcher in %s\n", control.c_str());
        return 127;
    }

    // A run with an allow-list has the proxy's socket bound in (DockerContainerKey::proxySocket):
    // the program reaches it through the forwarder on the container's own loopback.
    if (startProxyForwarderIfBound() < 0) {
        std::fprintf(stderr, "sandpit-seccomp: cannot start the proxy's forwarder: %s\n", std::strerror(errno));
        return 127;
    }
    Watch watch{spawnWatch(openFiles)};
    DockerDeadline deadline(order.deadlineSeconds, order.typedInput, order.token, control + "/stdin", watch.pid);
    // The files first, then the stamp, then the program: whatever in the working folder
    // changed after the stamp is the program's doing (see workchanges.h).
    const pid_t copier = spawnShell(run, -1, "copy");
    int status = 0;
    bool ended = copier > 0 && waitForProgram(copier, signals, go, deadline, watch, status);
    std::optional<timespec> stamp;
    if (ended && status == 0) { // a copy that failed is the run's error, as the program's would be
        stamp = takeWorkStamp();
        const pid_t program = spawnShell(run, -1);
        ended = program > 0 && waitForProgram(program, signals, go, deadline, watch, status);
    }
    // A program that ends soon after its answer ends before the watch sees the wait end.
    const long long inputWaitMs = deadline.inputWaitMs();
    if (!ended) {
        killAllButMe();
        return 137;
    }
    std::string openFilesAnswer;
    if (watch.pid > 0) {
        // Asked to stop, and woken should the program have stopped it; killed instead, it
        // answers nothing. One already reaped is never signalled nor waited for again.
        int answer = watch.status;
        if (!watch.reaped) {
            kill(watch.pid, SIGTERM);
            kill(watch.pid, SIGCONT);
            while (waitpid(watch.pid, &answer, 0) < 0 && errno == EINTR) { }
        }
        if (WIFEXITED(answer) && WEXITSTATUS(answer) <= 1)
            openFilesAnswer = std::to_string(WEXITSTATUS(answer));
    }
    killAllButMe();
    const int code = shellStatus(status);
    // Init's cwd is the container's WorkingDir, /work. Only a hint to the host: without the
    // field it copies /work back as it always did.
    const std::string workChanged
        = stamp ? std::string(" work_changed=") + (workChangedSince(".", *stamp) ? "1" : "0") : std::string();
    // The fields from end.sh first: a key given twice counts its last value, and status and
    // open_files are this process's own.
    const std::string marker = "\036sandpit-end " + order.token;
    writeAll(STDOUT_FILENO,
             marker + " " + evidence(end) + " open_files=" + openFilesAnswer + " input_wait_ms="
                 + std::to_string(inputWaitMs) + workChanged + " status=" + std::to_string(code) + "\n");
    writeAll(STDERR_FILENO, marker + "\n");
    holdUntilReleased(signals, go);
    // The container's exit status, which the host takes from the Engine API: the program
    // cannot reach it, as it could reach the marker's stream.
    return code;
}

} // namespace Sandpit::Helper
