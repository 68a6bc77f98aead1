#include "processmonitor.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <initializer_list>
#include <fcntl.h>
#include <sys/statvfs.h>
#include <unistd.h>

namespace Sandpit::Helper {

namespace {
bool readSmall(const char *path, char *buf, size_t size)
{
    const int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    const ssize_t n = read(fd, buf, size - 1);
    close(fd);
    if (n <= 0)
        return false;
    buf[n] = '\0';
    return true;
}
long long kilobytesOf(const char *text, const char *key)
{
    const char *at = std::strstr(text, key);
    return at ? std::strtoll(at + std::strlen(key), nullptr, 10) : 0;
}
} // namespace

Usage sampleUsage()
{
    static const long pageSize = sysconf(_SC_PAGESIZE);
    Usage usage;
    DIR *dir = opendir("/proc");
    if (!dir)
        return usage;
    while (const dirent *entry = readdir(dir)) {
        char *end = nullptr;
        const long pid = std::strtol(entry->d_name, &end, 10);
        if (*end != '\0' || pid <= 1)
            continue;
        char path[64];
        char buf[512];
        std::snprintf(path, sizeof path, "/proc/%ld/stat", pid);
        if (!readSmall(path, buf, sizeof buf))
            continue;
        // Field 20 is num_threads; count from after the command name's closing parenthesis.
        const char *field = std::strrchr(buf, ')');
        long threads = 1;
        for (int i = 2; field && i < 20; ++i)
            field = std::strchr(field + 1, ' ');
        if (field)
            threads = std::strtol(field + 1, nullptr, 10);
        usage.tasks += threads > 0 ? threads : 1;

        std::snprintf(path, sizeof path, "/proc/%ld/statm", pid);
        long long size = 0, resident = 0;
        if (readSmall(path, buf, sizeof buf) && std::sscanf(buf, "%lld %lld", &size, &resident) == 2)
            usage.residentBytes += resident * pageSize;
        // Shared anonymous memory (mmap MAP_SHARED, memfd, SysV shm) escapes RLIMIT_DATA and
        // a count of private pages alone, so both kinds are read from smaps_rollup.
        std::snprintf(path, sizeof path, "/proc/%ld/smaps_rollup", pid);
        char rollup[2048];
        if (readSmall(path, rollup, sizeof rollup))
            usage.chargedBytes += (kilobytesOf(rollup, "Pss_Anon:") + kilobytesOf(rollup, "Pss_Shmem:")) * 1024;
    }
    closedir(dir);
    // Files in the run's own tmpfs mounts live in memory too.
    for (const char *mount : {"/work", "/tmp", "/dev/shm"}) {
        struct statvfs vfs {};
        if (statvfs(mount, &vfs) == 0)
            usage.chargedBytes += static_cast<long long>(vfs.f_blocks - vfs.f_bfree) * static_cast<long long>(vfs.f_frsize);
    }
    return usage;
}

} // namespace Sandpit::Helper
