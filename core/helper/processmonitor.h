#pragma once

#include <vector>

namespace Sandpit::Helper {

/// What the run's processes use right now, read from the sandbox's own /proc (which shows
/// only the run's PID namespace).
struct Usage {
    long long tasks = 0; ///< processes and threads, init excluded
    /// What the run holds in memory: private and shared anonymous pages (proportional share,
    /// so pages shared between its processes count once) and the files in its tmpfs mounts.
    long long chargedBytes = 0;
    long long residentBytes = 0; ///< everything resident, shared libraries included
    /// residentBytes of this init's own processes only: a command in a named sandbox sees the
    /// whole sandbox in its /proc, and its limits count all of it, but its peak is its own.
    long long ownResidentBytes = 0;
    long long mostOpenFiles = 0; ///< the most descriptors one process holds, counted only near `openFilesLimit`
};

/// `privateProc`: /proc is the run's own (full isolation), so everything in it is the run's.
/// Otherwise /proc is the host's, and only init's descendants count, with no tmpfs of the
/// run's to add.
/// `openFilesLimit`: a process whose descriptor table has grown to it gets its descriptors
/// counted (0: never).
/// `countCharged`: fill chargedBytes, which only a run whose memory no cgroup bounds needs;
/// reading every process's smaps_rollup walks its page tables, a tenth of a short run's helper
/// CPU.
/// `sharedSandbox`: init runs a command in a named sandbox, whose /proc shows the sandbox's
/// other commands too; ownResidentBytes then counts only init's descendants.
Usage sampleUsage(bool privateProc, long long openFilesLimit = 0, bool countCharged = true, bool sharedSandbox = false);

/// The run's processes (init excluded), by the PIDs this /proc gives them; `privateProc` as
/// for sampleUsage.
std::vector<long> runProcessIds(bool privateProc);

} // namespace Sandpit::Helper
