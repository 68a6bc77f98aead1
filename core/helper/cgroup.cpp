#include "cgroup.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <iterator>
#include <sys/stat.h>
#include <unistd.h>

namespace Sandpit::Helper {

namespace {

bool writeText(const std::string &path, const std::string &text)
{
    const int fd = open(path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    const bool ok = write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
    close(fd);
    return ok;
}

std::string readText(const std::string &path)
{
    const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return {};
    char buf[4096];
    const ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    return n > 0 ? std::string(buf, static_cast<size_t>(n)) : std::string();
}

// "key N" lines, as in memory.events, pids.events and memory.oom_control.
long long keyedValue(const std::string &text, const char *key)
{
    const std::string needle = std::string(key) + " ";
    size_t pos = 0;
    while ((pos = text.find(needle, pos)) != std::string::npos) {
        if (pos == 0 || text[pos - 1] == '\n')
            return std::atoll(text.c_str() + pos + needle.size());
        pos += needle.size();
    }
    return 0;
}

bool makeDir(const std::string &path)
{
    return mkdir(path.c_str(), 0755) == 0 || errno == EEXIST;
}

// memory and pids always; cpu as well where the group has it to give, for the one-CPU cap.
bool enableControllers(const std::string &dir)
{
    const std::string control = dir + "/cgroup.subtree_control";
    if (readText(dir + "/cgroup.controllers").find("cpu") != std::string::npos
        && writeText(control, "+memory +pids +cpu"))
        return true;
    return writeText(control, "+memory +pids");
}

bool hasFile(const std::string &path)
{
    return access(path.c_str(), F_OK) == 0;
}

std::string runName()
{
    return "run-" + std::to_string(getpid());
}

// Our own group in a hierarchy, from /proc/self/cgroup: "0::/path" for v2, "4:memory:/path"
// (or "1:cpu,cpuacct:/path") for a v1 controller. Empty when the hierarchy is not there.
std::string ownGroup(const std::string &controller)
{
    const std::string text = readText("/proc/self/cgroup");
    size_t start = 0;
    while (start < text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string::npos)
            end = text.size();
        const std::string line = text.substr(start, end - start);
        start = end + 1;
        const size_t first = line.find(':');
        const size_t second = first == std::string::npos ? first : line.find(':', first + 1);
        if (second == std::string::npos)
            continue;
        const std::string controllers = "," + line.substr(first + 1, second - first - 1) + ",";
        if (controller.empty() ? controllers == ",," : controllers.find("," + controller + ",") != std::string::npos)
            return line.substr(second + 1);
    }
    return {};
}

// A group that an ordinary user may make children in: it belongs to them and they may write it.
// This is what delegation is: systemd hands user@UID.service (and all below it) to the user
// with Delegate=yes on cgroup v2, and an administrator can chown a v1 group the same way.
bool isDelegatedToUs(const std::string &dir)
{
    struct stat st { };
    return stat(dir.c_str(), &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == geteuid()
        && access(dir.c_str(), W_OK) == 0;
}

std::string parentOf(const std::string &path)
{
    const size_t slash = path.rfind('/');
    return slash == std::string::npos || slash == 0 ? std::string() : path.substr(0, slash);
}

// Groups of helpers that were killed (their Sandpit was, or a warm sandbox was thrown away by
// an older Sandpit) stay behind, empty. The pid in the name tells whether the owner is gone;
// rmdir only ever removes an empty group.
void removeAbandoned(const std::string &parent, const std::string &prefix)
{
    DIR *dir = opendir(parent.c_str());
    if (!dir)
        return;
    while (const dirent *entry = readdir(dir)) {
        const std::string name = entry->d_name;
        if (name.rfind(prefix, 0) != 0)
            continue;
        const long pid = std::atol(name.c_str() + prefix.size());
        if (pid > 0 && pid != getpid() && kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH)
            rmdir((parent + "/" + name).c_str());
    }
    closedir(dir);
}

} // namespace

Cgroup::Cgroup()
{
    if (geteuid() == 0) {
        tryV2();
        if (!hasMemory())
            tryV1();
        return;
    }
    tryDelegatedV2();
    if (!hasMemory())
        tryDelegatedV1();
    if (!hasMemory() && m_why.empty()) {
        m_why = "cgroups need root or a cgroup subtree delegated to this user (systemd gives one with Delegate=yes), "
                "and this user has neither";
    }
}

void Cgroup::tryDelegatedV2()
{
    const std::string root = "/sys/fs/cgroup";
    if (readText(root + "/cgroup.controllers").find("memory") == std::string::npos)
        return;
    const std::string own = ownGroup("");
    if (own.empty() || own == "/")
        return;
    // Cgroup v2 lets no group both hold processes and share controllers out to children, and
    // our own group holds us: the run's group goes beside ours, under the nearest ancestor that
    // is ours and has memory and pids to give.
    for (std::string group = parentOf(own); !group.empty(); group = parentOf(group)) {
        const std::string dir = root + group;
        if (!isDelegatedToUs(dir))
            break; // above the delegated subtree nothing is ours
        const std::string available = readText(dir + "/cgroup.controllers");
        if (available.find("memory") == std::string::npos || available.find("pids") == std::string::npos)
            continue;
        removeAbandoned(dir, "sandpit-run-");
        const std::string run = dir + "/sandpit-" + runName();
        if (!enableControllers(dir) || !makeDir(run))
            continue;
        adoptV2Group(run, "v2, delegated");
        return;
    }
}

void Cgroup::tryDelegatedV1()
{
    // v1 groups may hold processes and children at once, so the nearest group of ours will do,
    // our own included.
    const auto delegated = [](const std::string &controller) -> std::string {
        const std::string mount = "/sys/fs/cgroup/" + controller;
        const std::string own = ownGroup(controller);
        for (std::string group = own; !group.empty() && group != "/"; group = parentOf(group)) {
            if (isDelegatedToUs(mount + group)) {
                removeAbandoned(mount + group, "sandpit-run-");
                const std::string run = mount + group + "/sandpit-" + runName();
                return makeDir(run) ? run : std::string();
            }
        }
        return {};
    };
    const std::string memory = delegated("memory");
    if (memory.empty())
        return;
    m_created.push_back(memory);
    m_kind = "v1, delegated";
    m_memoryDir = memory;
    if (const std::string pids = delegated("pids"); !pids.empty()) {
        m_created.push_back(pids);
        m_pidsDir = pids;
    }
    if (const std::string cpu = delegated("cpu"); !cpu.empty()) {
        m_created.push_back(cpu);
        if (hasFile(cpu + "/cpu.cfs_quota_us"))
            m_cpuDir = cpu;
    }
}

bool Cgroup::setLimits(long long memoryBytes, long long processes)
{
    bool ok = true;
    const std::string memory = memoryBytes > 0 ? std::to_string(memoryBytes) : std::string("max");
    if (hasMemory() && isV2()) {
        ok = writeText(m_memoryDir + "/memory.max", memory) && ok;
        writeText(m_memoryDir + "/memory.swap.max", "0");
    } else if (hasMemory()) {
        ok = writeText(m_memoryDir + "/memory.limit_in_bytes", memoryBytes > 0 ? memory : "-1") && ok;
        // memory plus swap equal to memory: the limit cannot be dodged by swapping.
        writeText(m_memoryDir + "/memory.memsw.limit_in_bytes", memoryBytes > 0 ? memory : "-1");
    }
    // Two above the limit: init and the task that trips init's watch both count.
    if (hasPids())
        ok = writeText(m_pidsDir + "/pids.max", processes > 0 ? std::to_string(processes + 2) : "max") && ok;
    // One CPU's worth of time per period, however many threads: a run that starts a busy
    // thread per core would otherwise take every core from the desktop and the other runs.
    if (hasCpuCap() && isV2()) {
        if (!writeText(m_cpuDir + "/cpu.max", "100000 100000"))
            m_cpuDir.clear();
    } else if (hasCpuCap()) {
        if (!writeText(m_cpuDir + "/cpu.cfs_period_us", "100000")
            || !writeText(m_cpuDir + "/cpu.cfs_quota_us", "100000"))
            m_cpuDir.clear();
    }
    return ok;
}

void Cgroup::tryV2()
{
    const std::string root = "/sys/fs/cgroup";
    const std::string controllers = readText(root + "/cgroup.controllers");
    if (controllers.find("memory") == std::string::npos)
        return; // not a pure v2 machine (or memory is bound to v1)
    const std::string parent = root + "/sandpit";
    const std::string dir = parent + "/" + runName();
    removeAbandoned(parent, "run-");
    if (!makeDir(parent) || !enableControllers(root) || !enableControllers(parent) || !makeDir(dir)) {
        m_why = std::string("could not make a cgroup v2 group: ") + std::strerror(errno);
        return;
    }
    adoptV2Group(dir, "v2");
}

void Cgroup::adoptV2Group(const std::string &dir, const char *kind)
{
    // v2 has one tree: the same group limits memory and processes, and CPU where the
    // cpu controller is enabled for it.
    m_created.push_back(dir);
    m_kind = kind;
    m_memoryDir = dir;
    m_pidsDir = dir;
    if (hasFile(dir + "/cpu.max"))
        m_cpuDir = dir;
}

void Cgroup::tryV1()
{
    const std::string memoryRoot = "/sys/fs/cgroup/memory";
    const std::string pidsRoot = "/sys/fs/cgroup/pids";
    if (access((memoryRoot + "/memory.limit_in_bytes").c_str(), W_OK) != 0) {
        if (m_why.empty())
            m_why = "no writable memory cgroup (v1 or v2) on this machine";
        return;
    }
    const std::string memoryDir = memoryRoot + "/sandpit/" + runName();
    removeAbandoned(memoryRoot + "/sandpit", "run-");
    removeAbandoned(pidsRoot + "/sandpit", "run-");
    if (!makeDir(memoryRoot + "/sandpit") || !makeDir(memoryDir)) {
        m_why = std::string("could not make a cgroup v1 memory group: ") + std::strerror(errno);
        return;
    }
    m_created.push_back(memoryDir);
    m_kind = "v1";
    m_memoryDir = memoryDir;
    const std::string pidsDir = pidsRoot + "/sandpit/" + runName();
    if (access((pidsRoot + "/cgroup.procs").c_str(), W_OK) == 0 && makeDir(pidsRoot + "/sandpit") && makeDir(pidsDir)) {
        m_created.push_back(pidsDir);
        m_pidsDir = pidsDir;
    }
    // "cpu" is its own hierarchy, or a link to the joint "cpu,cpuacct" one.
    const std::string cpuRoot = "/sys/fs/cgroup/cpu";
    const std::string cpuDir = cpuRoot + "/sandpit/" + runName();
    removeAbandoned(cpuRoot + "/sandpit", "run-");
    if (access((cpuRoot + "/cpu.cfs_quota_us").c_str(), W_OK) == 0 && makeDir(cpuRoot + "/sandpit")
        && makeDir(cpuDir)) {
        m_created.push_back(cpuDir);
        m_cpuDir = cpuDir;
    }
}

bool Cgroup::removeRemaining()
{
    // Children before parents; a group that is gone already counts as removed.
    for (auto it = m_created.rbegin(); it != m_created.rend();) {
        if (rmdir(it->c_str()) == 0 || errno == ENOENT)
            it = decltype(it)(m_created.erase(std::next(it).base()));
        else
            ++it;
    }
    return m_created.empty();
}

void Cgroup::removeOnceEmpty()
{
    constexpr int kTries = 2000; // a millisecond apart: init is gone long before
    for (int i = 0; i < kTries && !removeRemaining(); ++i)
        usleep(1000);
    // What is still there, the next helper's sweep removes.
    m_created.clear();
}

void Cgroup::removeWhenEmpty()
{
    if (removeRemaining())
        return;
    if (fork() == 0) {
        // Holds none of the engine's pipes, so the engine sees the helper end at once.
        close_range(0, ~0U, 0);
        removeOnceEmpty();
        _exit(0);
    }
    // The child owns them now; if fork failed, the next helper's sweep removes them.
    m_created.clear();
}

Cgroup::Cgroup(const std::string &memoryDir, const std::string &pidsDir, const std::string &cpuDir)
{
    if (memoryDir.empty() || !hasFile(memoryDir + "/cgroup.procs")) {
        m_why = "the named sandbox has no memory cgroup";
        return;
    }
    m_kind = hasFile(memoryDir + "/memory.events") ? "v2, named sandbox" : "v1, named sandbox";
    m_memoryDir = memoryDir;
    m_pidsDir = pidsDir;
    m_cpuDir = cpuDir;
    m_oomBase = oomKills();
    m_pidsBase = pidsLimitHits();
    m_memoryBase = memoryLimitHits();
}

bool Cgroup::setCpuShare(long long millis)
{
    if (!hasCpuCap() || millis <= 0)
        return false;
    const std::string quota = std::to_string(millis * 100);
    if (isV2())
        return writeText(m_cpuDir + "/cpu.max", quota + " 100000");
    return writeText(m_cpuDir + "/cpu.cfs_quota_us", quota);
}

Cgroup::~Cgroup()
{
    // The run's processes are all dead by now, so the groups are empty and can go.
    for (auto it = m_created.rbegin(); it != m_created.rend(); ++it)
        rmdir(it->c_str());
}

bool Cgroup::addProcess(pid_t pid) const
{
    const std::string text = std::to_string(pid);
    bool ok = true;
    if (hasMemory())
        ok = writeText(m_memoryDir + "/cgroup.procs", text) && ok;
    if (hasPids() && m_pidsDir != m_memoryDir)
        ok = writeText(m_pidsDir + "/cgroup.procs", text) && ok;
    if (hasCpuCap() && m_cpuDir != m_memoryDir)
        ok = writeText(m_cpuDir + "/cgroup.procs", text) && ok;
    return ok;
}

long long Cgroup::oomKills() const
{
    if (!hasMemory())
        return 0;
    return keyedValue(readText(m_memoryDir + (isV2() ? "/memory.events" : "/memory.oom_control")), "oom_kill")
        - m_oomBase;
}

long long Cgroup::pidsLimitHits() const
{
    return hasPids() ? keyedValue(readText(m_pidsDir + "/pids.events"), "max") - m_pidsBase : 0;
}

long long Cgroup::memoryLimitHits() const
{
    if (!hasMemory())
        return 0;
    if (isV2())
        return keyedValue(readText(m_memoryDir + "/memory.events"), "max") - m_memoryBase;
    return std::atoll(readText(m_memoryDir + "/memory.failcnt").c_str()) - m_memoryBase;
}

long long Cgroup::peakMemory() const
{
    if (!hasMemory())
        return 0;
    return std::atoll(readText(m_memoryDir + (isV2() ? "/memory.peak" : "/memory.max_usage_in_bytes")).c_str());
}

} // namespace Sandpit::Helper
