#include "isolationreport.h"

#include "cgroup.h"
#include "enumwords.h"
#include "protocol.h"
#include "report.h"

#include <utility>

namespace Sandpit::Helper {

namespace {
std::string megabytes(long long bytes)
{
    return std::to_string((bytes + (1 << 19)) >> 20) + " MB";
}
} // namespace

const char *isolationLevelName(Isolation level)
{
    // The engine's words for IsolationReport::Level (core/model/typeids.cpp).
    static constexpr std::array<EnumWord<Isolation>, 3> kNames{{
        {Isolation::Full, "full"},
        {Isolation::Processes, "partial"},
        {Isolation::None, "none"},
    }};
    static_assert(namesEveryEnumerator(kNames));
    return entryOf(kNames, level).word;
}

void addCgroupFacts(Report &report, const Cgroup &cgroup)
{
    if (!cgroup.hasMemory() && !cgroup.hasPids() && !cgroup.hasCpuCap()) {
        report.add(Protocol::kCgroupMissing, cgroup.why());
        return;
    }
    std::string controllers;
    for (const auto &[has, name] : {std::pair{cgroup.hasMemory(), "memory"}, std::pair{cgroup.hasPids(), "pids"},
                                    std::pair{cgroup.hasCpuCap(), "cpu"}}) {
        if (has)
            controllers += (controllers.empty() ? "" : ",") + std::string(name);
    }
    report.add(Protocol::kCgroupKind, cgroup.kind());
    report.add(Protocol::kCgroupControllers, controllers);
    if (!cgroup.hasMemory())
        report.add(Protocol::kCgroupMissing, cgroup.why());
}

namespace {

std::string describeProcesses(const Options &o, Isolation level)
{
    // A named sandbox's command shares the sandbox with its other commands, by design.
    if (level == Isolation::Full && !o.enter.empty())
        return "Processes: the named sandbox's PID namespace, shared with its other commands; it cannot see or "
               "signal your other programs, and nothing it starts outlives the command.";
    if (level == Isolation::Full)
        return "Processes: its own PID namespace under Sandpit's init; it cannot see or signal your other programs, "
               "and nothing it starts outlives the run.";
    if (level == Isolation::Processes)
        return "Processes: its own PID namespace under Sandpit's init, so it cannot signal your other programs and "
               "nothing it starts outlives the run; but /proc is this computer's, so it can see them.";
    return "Processes: no PID namespace; Sandpit kills the program's processes by walking /proc, which a "
           "fast-forking program can race, and the program can see your other processes.";
}

} // namespace

std::vector<std::string> describeIsolation(const Options &o, Isolation level, const Cgroup &cgroup, unsigned uid,
                                           const std::vector<std::string> &downgrades)
{
    std::vector<std::string> lines = downgrades;
    const bool full = level == Isolation::Full;
    if (full) {
        lines.push_back(
            "Files: the program sees read-only system folders (submounts included, all nosuid and nodev) and its "
            "own workspace; the workspace, /tmp and /dev/shm are each a private tmpfs of "
            + megabytes(o.workSizeBytes) + " and " + std::to_string(o.workInodes)
            + " files at most. Your home, other users' files, /etc/ssl/private and /run's sockets are not there.");
        lines.push_back(
            "Kernel view: /proc shows only the run's processes; kcore, kallsyms, keys, timer_list, sched_debug "
            "and the hardware lists read as empty, and /proc/sys, sysrq-trigger, irq, bus and fs are read-only.");
        lines.push_back(o.shareNetwork ? "Network: shared with this computer, as you allowed."
                                       : "Network: none; the program has only its own loopback device.");
        lines.push_back(
            "System calls: an allow-list (Docker's default set): any other call fails with ENOSYS. Tracing, "
            "mounts, namespaces, kernel keyrings, eBPF, perf, userfaultfd, io_uring and terminal injection "
            "end the run; socket() gets only local, IP and netlink families, socketpair() only local ones.");
        lines.push_back("Privileges: it runs as user " + std::to_string(uid)
                        + " with no capabilities and no_new_privs, so setuid programs cannot raise them.");
        lines.push_back("IPC and host name: private to the run.");
    } else {
        lines.push_back(uid == 65534 ? "Files: NOT isolated; the program runs as nobody and can read and write what "
                                       "any user may (not root's files)."
                                     : "Files: NOT isolated; the program can read and write what your user can.");
        lines.push_back("Network: NOT isolated; the program can open network connections.");
        lines.push_back("System calls: NOT filtered.");
        lines.push_back("Privileges: it runs as user " + std::to_string(uid)
                        + ", never root, with no capabilities and no_new_privs, so setuid programs cannot raise them.");
    }
    lines.push_back(describeProcesses(o, level));
    if (cgroup.hasMemory()) {
        lines.push_back("Memory: enforced by the kernel (cgroup " + cgroup.kind() + ", " + megabytes(o.memoryBytes)
                        + ", no swap).");
    } else if (level != Isolation::None) {
        lines.push_back("Memory: no cgroup (" + cgroup.why()
                        + "), so Sandpit measures the run every 20 ms and stops it past " + megabytes(o.memoryBytes)
                        + ", with RLIMIT_DATA as a backstop; a sudden huge allocation fails "
                          "inside the program instead.");
    } else {
        lines.push_back("Memory: RLIMIT_DATA per process only (" + megabytes(o.memoryBytes) + " and a margin).");
    }
    lines.push_back(std::string("Process limit: ") + (cgroup.hasPids() ? "pids cgroup" : "RLIMIT_NPROC")
                    + " and init's watch (" + std::to_string(o.processes) + " processes and threads).");
    if (cgroup.hasCpuCap()) {
        lines.push_back("CPU: one CPU's worth at most (cgroup " + cgroup.kind()
                        + " cpu quota), however many threads it starts.");
    } else {
        lines.push_back(
            "CPU: not capped to one CPU (no cpu cgroup here); a program with many threads can use every core "
            "until its CPU-time limit.");
    }
    if (cgroup.hasMemory()) {
        lines.push_back(
            "Kernel memory: socket buffers, pipes and file metadata are charged to the run's memory cgroup.");
    } else {
        lines.push_back(full ? "Kernel memory: no memory cgroup, so Sandpit's watch counts what the run queues in its "
                               "local (AF_UNIX) sockets and the files in its tmpfs mounts against its memory limit; "
                               "pipe buffers and file metadata are bounded only by its open-files and inode limits."
                             : "Kernel memory: socket and pipe buffers are not counted (no memory cgroup, and the "
                               "network is this computer's): a run can pin up to its open-files limit of full socket "
                               "buffers per process beyond its memory limit.");
    }
    lines.push_back("Other limits: CPU time, file size and open files by rlimits; core dumps off.");
    return lines;
}

} // namespace Sandpit::Helper
