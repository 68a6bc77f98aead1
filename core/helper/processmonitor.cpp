#include "processmonitor.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
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
        long long size = 0, resident = 0, shared = 0;
        if (readSmall(path, buf, sizeof buf) && std::sscanf(buf, "%lld %lld %lld", &size, &resident, &shared) == 3) {
            usage.residentBytes += resident * pageSize;
            usage.anonBytes += (resident - shared) * pageSize;
        }
    }
    closedir(dir);
    return usage;
}

} // namespace Sandpit::Helper
