#include "cgroup.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
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

std::string runName()
{
    return "run-" + std::to_string(getpid());
}

} // namespace

Cgroup::Cgroup()
{
    if (geteuid() != 0) {
        m_why = "cgroups need root or a delegated cgroup v2 subtree, and this user has neither";
        return;
    }
    tryV2();
    if (!hasMemory())
        tryV1();
}

bool Cgroup::setLimits(long long memoryBytes, long long processes)
{
    bool ok = true;
    const std::string memory = memoryBytes > 0 ? std::to_string(memoryBytes) : std::string("max");
    if (hasMemory() && m_kind == "v2") {
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
    if (!makeDir(parent) || !writeText(root + "/cgroup.subtree_control", "+memory +pids")
        || !writeText(parent + "/cgroup.subtree_control", "+memory +pids") || !makeDir(dir)) {
        m_why = std::string("could not make a cgroup v2 group: ") + std::strerror(errno);
        return;
    }
    m_created.push_back(dir);
    m_kind = "v2";
    m_memoryDir = dir;
    m_pidsDir = dir;
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
    return ok;
}

long long Cgroup::oomKills() const
{
    if (!hasMemory())
        return 0;
    return keyedValue(readText(m_memoryDir + (m_kind == "v2" ? "/memory.events" : "/memory.oom_control")), "oom_kill");
}

long long Cgroup::pidsLimitHits() const
{
    return hasPids() ? keyedValue(readText(m_pidsDir + "/pids.events"), "max") : 0;
}

long long Cgroup::peakMemory() const
{
    if (!hasMemory())
        return 0;
    return std::atoll(readText(m_memoryDir + (m_kind == "v2" ? "/memory.peak" : "/memory.max_usage_in_bytes")).c_str());
}

} // namespace Sandpit::Helper
