#include "openfiles.h"

#include "procfile.h"

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <dirent.h>
#include <unistd.h>

namespace Sandpit::Helper {

namespace {
// As often as the local sandbox's init looks: a program that logs EMFILE and carries on, or
// gives up, holds its descriptors for longer than that.
constexpr long kWatchIntervalNs = 20'000'000;

volatile sig_atomic_t g_stop = 0;

void stop(int)
{
    g_stop = 1;
}

bool anyProcessAtLimit(long long limit)
{
    DIR *proc = opendir("/proc");
    if (!proc)
        return false;
    const long self = getpid();
    bool found = false;
    while (const dirent *entry = readdir(proc)) {
        char *end = nullptr;
        const long pid = std::strtol(entry->d_name, &end, 10);
        if (*end != '\0' || pid <= 1 || pid == self)
            continue;
        if (openFilesNear(pid, limit) >= limit) {
            found = true;
            break;
        }
    }
    closedir(proc);
    return found;
}
} // namespace

// Reading /proc/PID/fd for every process at every tick would cost too much; FDSize (the
// table's size, which never shrinks) says when it is worth it.
long long openFilesNear(long pid, long long limit)
{
    char path[64];
    char status[4096];
    std::snprintf(path, sizeof path, "/proc/%ld/status", pid);
    if (limit <= 0 || !readSmall(path, status, sizeof status) || kilobytesOf(status, "FDSize:") < limit)
        return 0;
    std::snprintf(path, sizeof path, "/proc/%ld/fd", pid);
    DIR *dir = opendir(path);
    if (!dir)
        return 0;
    long long count = 0;
    while (const dirent *entry = readdir(dir))
        count += entry->d_name[0] != '.' ? 1 : 0;
    closedir(dir);
    return count;
}

int watchOpenFiles(long long limit)
{
    struct sigaction action { };
    action.sa_handler = stop;
    sigaction(SIGTERM, &action, nullptr);
    bool seen = false;
    // Once seen, there is nothing more to learn: it only waits to be asked.
    while (!g_stop) {
        seen = seen || anyProcessAtLimit(limit);
        const timespec interval{0, kWatchIntervalNs};
        nanosleep(&interval, nullptr);
    }
    return seen ? 1 : 0;
}

} // namespace Sandpit::Helper
