#include "workchanges.h"

#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Sandpit::Helper {

namespace {
// Far more than a tick (1-10 ms); a clock that does not move counts as no stamp.
constexpr long kMaxWaitNs = 200'000'000;
constexpr long kPollNs = 250'000;
// As the host's collector: deeper folders are not listed, but here they count as a change.
constexpr int kMaxDepth = 32;

bool later(const timespec &a, const timespec &b)
{
    return a.tv_sec != b.tv_sec ? a.tv_sec > b.tv_sec : a.tv_nsec > b.tv_nsec;
}

bool isTheProgramsName(const char *name)
{
    return name[0] != '.' && std::strcmp(name, "__pycache__") != 0;
}

// `all`: inside output/, where every name is the program's.
bool changedIn(int folder, const timespec &stamp, int depth, bool all)
{
    DIR *dir = fdopendir(folder);
    if (!dir) {
        close(folder);
        return true;
    }
    bool changed = false;
    while (const dirent *entry = readdir(dir)) {
        const char *name = entry->d_name;
        if (std::strcmp(name, ".") == 0 || std::strcmp(name, "..") == 0)
            continue;
        const bool output = depth == 0 && std::strcmp(name, "output") == 0;
        if (!all && !output && !isTheProgramsName(name))
            continue;
        struct stat st { };
        if (fstatat(dirfd(dir), name, &st, AT_SYMLINK_NOFOLLOW) != 0 || later(st.st_ctim, stamp)) {
            changed = true;
            break;
        }
        if (S_ISDIR(st.st_mode)) {
            if (depth + 1 >= kMaxDepth) {
                changed = true;
                break;
            }
            const int sub = openat(dirfd(dir), name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (sub < 0 || changedIn(sub, stamp, depth + 1, all || output)) {
                changed = true;
                break;
            }
        }
    }
    closedir(dir);
    return changed;
}
} // namespace

std::optional<timespec> takeWorkStamp()
{
    timespec stamp{};
    clock_gettime(CLOCK_REALTIME, &stamp);
    for (long waited = 0; waited < kMaxWaitNs; waited += kPollNs) {
        timespec coarse{};
        clock_gettime(CLOCK_REALTIME_COARSE, &coarse);
        if (later(coarse, stamp))
            return stamp;
        const timespec interval{0, kPollNs};
        nanosleep(&interval, nullptr);
    }
    return std::nullopt;
}

bool workChangedSince(const char *dir, const timespec &stamp)
{
    const int folder = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    return folder < 0 || changedIn(folder, stamp, 0, false);
}

} // namespace Sandpit::Helper
