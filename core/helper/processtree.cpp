#include "processtree.h"

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <unistd.h>
#include <unordered_map>
#include <vector>

namespace Sandpit::Helper {

namespace {
pid_t parentOf(pid_t pid)
{
    char path[64];
    std::snprintf(path, sizeof path, "/proc/%d/stat", pid);
    FILE *f = std::fopen(path, "re");
    if (!f)
        return -1;
    char buf[512];
    const size_t n = std::fread(buf, 1, sizeof buf - 1, f);
    std::fclose(f);
    buf[n] = '\0';
    // The command name in parentheses may itself contain ") ", so parse after the last ')'.
    const char *close = std::strrchr(buf, ')');
    if (!close)
        return -1;
    char state = 0;
    int ppid = -1;
    if (std::sscanf(close + 1, " %c %d", &state, &ppid) != 2)
        return -1;
    return ppid;
}
} // namespace

void killDescendants(pid_t root)
{
    std::unordered_multimap<pid_t, pid_t> children;
    DIR *dir = opendir("/proc");
    if (!dir)
        return;
    while (const dirent *entry = readdir(dir)) {
        char *end = nullptr;
        const long pid = std::strtol(entry->d_name, &end, 10);
        if (*end != '\0' || pid <= 0)
            continue;
        const pid_t ppid = parentOf(static_cast<pid_t>(pid));
        if (ppid > 0)
            children.emplace(ppid, static_cast<pid_t>(pid));
    }
    closedir(dir);

    std::vector<pid_t> pending{root};
    while (!pending.empty()) {
        const pid_t parent = pending.back();
        pending.pop_back();
        auto [first, last] = children.equal_range(parent);
        for (auto it = first; it != last; ++it) {
            kill(it->second, SIGKILL);
            pending.push_back(it->second);
        }
    }
}

void killAllButInit(bool ownPidNamespace)
{
    if (ownPidNamespace) {
        // kill(-1) from PID 1 reaches every other process of the namespace, however it was
        // started (setsid, double fork) and whatever it did to its process group.
        kill(-1, SIGKILL);
    } else {
        killDescendants(getpid());
    }
}

} // namespace Sandpit::Helper
