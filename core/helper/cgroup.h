#pragma once

#include <string>
#include <sys/types.h>
#include <vector>

namespace Sandpit::Helper {

/// A cgroup for one run, where the kernel enforces memory and process limits (and one CPU,
/// where the cpu controller is there to use) and counts
/// what happened: cgroup v2 (memory.events, pids.events) or v1 (memory.oom_control). Root makes
/// one under /sys/fs/cgroup/…/sandpit; an ordinary user makes one in a subtree delegated to
/// them. Without either, hasMemory() is false, `why` says so, and init's watch and rlimits
/// take over.
class Cgroup
{
public:
    Cgroup();
    /// The groups of a named sandbox (made by its holder, kept after us): a command in them
    /// shares their limits, and counts only the events that happen from now on.
    Cgroup(const std::string &memoryDir, const std::string &pidsDir, const std::string &cpuDir);
    ~Cgroup();
    Cgroup(const Cgroup &) = delete;
    Cgroup &operator=(const Cgroup &) = delete;

    bool hasMemory() const { return !m_memoryDir.empty(); }
    bool hasPids() const { return !m_pidsDir.empty(); }
    /// True when the run is held to one CPU's worth of time (cpu.max, or CFS quota on v1).
    bool hasCpuCap() const { return !m_cpuDir.empty(); }
    const std::string &why() const { return m_why; }
    const std::string &kind() const { return m_kind; }
    const std::string &memoryDir() const { return m_memoryDir; }
    const std::string &pidsDir() const { return m_pidsDir; }
    const std::string &cpuDir() const { return m_cpuDir; }
    /// Holds the group to `millis` thousandths of a CPU. False when refused.
    bool setCpuShare(long long millis);

    /// The limits of the run, written before it starts. False when the kernel refused one.
    bool setLimits(long long memoryBytes, long long processes);
    bool addProcess(pid_t pid) const;
    long long oomKills() const;
    long long pidsLimitHits() const;
    /// How often the run's memory use met its limit (v2 memory.events max, v1 failcnt).
    long long memoryLimitHits() const;
    long long peakMemory() const;
    /// Removes the groups this run made. A group still holding a process that is on its way
    /// out (init, tearing down the namespaces) is left to a short-lived child that removes it
    /// once it is empty, so the caller can exit at once.
    void removeWhenEmpty();
    /// Removes the groups, waiting up to two seconds for the last process to leave them.
    void removeOnceEmpty();

private:
    bool removeRemaining();
    void tryV2();
    void tryV1();
    void tryDelegatedV2();
    void tryDelegatedV1();
    /// Records DIR, a v2 group just made, as this run's group for every controller it has.
    void adoptV2Group(const std::string &dir, const char *kind);
    bool isV2() const { return m_kind.starts_with("v2"); }

    std::string m_kind;      // "v2" or "v1", and ", delegated" for a user's own subtree
    std::string m_memoryDir; // where memory.* lives
    std::string m_pidsDir;   // where pids.* lives
    std::string m_cpuDir;    // where cpu.max (v2) or cpu.cfs_quota_us (v1) lives
    std::vector<std::string> m_created;
    // Events before we adopted a sandbox's group are other commands'.
    long long m_oomBase = 0;
    long long m_pidsBase = 0;
    long long m_memoryBase = 0;
    std::string m_why;
};

} // namespace Sandpit::Helper
