#include "processmonitor.h"

#include "openfiles.h"
#include "procfile.h"
#include "socketmemory.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <initializer_list>
#include <linux/magic.h>
#include <sys/statfs.h>
#include <unistd.h>
#include <vector>

namespace Sandpit::Helper {

namespace {
struct ProcessEntry {
    long pid = 0;
    long parent = 0;
    long threads = 1;
};

// Every process in this /proc with its parent and thread count, from /proc/PID/stat.
std::vector<ProcessEntry> listProcesses()
{
    std::vector<ProcessEntry> entries;
    DIR *dir = opendir("/proc");
    if (!dir)
        return entries;
    while (const dirent *entry = readdir(dir)) {
        char *end = nullptr;
        const long pid = std::strtol(entry->d_name, &end, 10);
        if (*end != '\0' || pid <= 0)
            continue;
        char path[64];
        char buf[512];
        std::snprintf(path, sizeof path, "/proc/%ld/stat", pid);
        if (!readSmall(path, buf, sizeof buf))
            continue;
        // After the command name's closing parenthesis: state (3), ppid (4), ... num_threads (20).
        ProcessEntry process{pid, 0, 1};
        const char *field = std::strrchr(buf, ')');
        for (int i = 2; field && i < 20; ++i) {
            field = std::strchr(field + 1, ' ');
            if (field && i == 3)
                process.parent = std::strtol(field + 1, nullptr, 10);
        }
        if (field)
            process.threads = std::max(1L, std::strtol(field + 1, nullptr, 10));
        entries.push_back(process);
    }
    closedir(dir);
    return entries;
}

// The processes below `root`, in a /proc that shows more than the run.
std::vector<ProcessEntry> descendantsOf(long root, const std::vector<ProcessEntry> &all)
{
    std::vector<ProcessEntry> found;
    std::vector<long> pending{root};
    while (!pending.empty()) {
        const long parent = pending.back();
        pending.pop_back();
        for (const ProcessEntry &process : all) {
            if (process.parent == parent && process.pid != root) {
                found.push_back(process);
                pending.push_back(process.pid);
            }
        }
    }
    return found;
}

// Init as this /proc knows it (a /proc of an enclosing PID namespace gives it another PID).
long selfPid()
{
    char self[32] = {};
    const ssize_t n = readlink("/proc/self", self, sizeof self - 1);
    return n > 0 ? std::strtol(self, nullptr, 10) : -1;
}

std::vector<ProcessEntry> runProcesses(bool privateProc)
{
    std::vector<ProcessEntry> processes = listProcesses();
    if (privateProc) {
        // Init is PID 1 of the run's namespace and not the program's.
        std::erase_if(processes, [](const ProcessEntry &p) { return p.pid <= 1; });
    } else {
        processes = descendantsOf(selfPid(), processes);
    }
    return processes;
}

// The PIDs whose memory is the command's own, sorted; every one of `processes` unless
// `sharedSandbox`.
std::vector<long> ownProcessIds(const std::vector<ProcessEntry> &processes, bool sharedSandbox)
{
    std::vector<long> own;
    for (const ProcessEntry &process : sharedSandbox ? descendantsOf(selfPid(), processes) : processes)
        own.push_back(process.pid);
    std::sort(own.begin(), own.end());
    return own;
}

} // namespace

std::vector<long> runProcessIds(bool privateProc)
{
    std::vector<long> pids;
    for (const ProcessEntry &process : runProcesses(privateProc))
        pids.push_back(process.pid);
    return pids;
}

Usage sampleUsage(bool privateProc, long long openFilesLimit, bool countCharged, bool sharedSandbox)
{
    static const long pageSize = sysconf(_SC_PAGESIZE);
    Usage usage;
    const std::vector<ProcessEntry> processes = runProcesses(privateProc);
    const std::vector<long> own = ownProcessIds(processes, sharedSandbox);
    for (const ProcessEntry &process : processes) {
        usage.tasks += process.threads;
        usage.mostOpenFiles = std::max(usage.mostOpenFiles, openFilesNear(process.pid, openFilesLimit));
        char path[64];
        char buf[512];
        std::snprintf(path, sizeof path, "/proc/%ld/statm", process.pid);
        long long size = 0, resident = 0;
        if (readSmall(path, buf, sizeof buf) && std::sscanf(buf, "%lld %lld", &size, &resident) == 2) {
            usage.residentBytes += resident * pageSize;
            if (std::binary_search(own.begin(), own.end(), process.pid))
                usage.ownResidentBytes += resident * pageSize;
        }
        if (!countCharged)
            continue;
        // Shared anonymous memory (mmap MAP_SHARED, memfd, SysV shm) escapes RLIMIT_DATA and
        // a count of private pages alone, so both kinds are read from smaps_rollup.
        std::snprintf(path, sizeof path, "/proc/%ld/smaps_rollup", process.pid);
        char rollup[2048];
        if (readSmall(path, rollup, sizeof rollup))
            usage.chargedBytes += (kilobytesOf(rollup, "Pss_Anon:") + kilobytesOf(rollup, "Pss_Shmem:")) * 1024;
    }
    if (!privateProc || !countCharged)
        return usage;
    // So do the run's socket buffers, which no rlimit bounds (its network namespace is its own).
    usage.chargedBytes += std::max(0LL, unixSocketQueuedBytes());
    // Files in the run's own tmpfs mounts live in memory too. Only a tmpfs: a named sandbox's
    // /work may be the user's folder (--workspace), whose disk's whole use is not the run's.
    for (const char *mount : {"/work", "/tmp", "/dev/shm"}) {
        struct statfs fs { };
        if (statfs(mount, &fs) == 0 && fs.f_type == TMPFS_MAGIC)
            usage.chargedBytes
                += static_cast<long long>(fs.f_blocks - fs.f_bfree) * static_cast<long long>(fs.f_frsize);
    }
    return usage;
}

} // namespace Sandpit::Helper
