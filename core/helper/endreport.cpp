#include "endreport.h"

#include "enumwords.h"
#include "protocol.h"

#include <algorithm>
#include <csignal>
#include <cstring>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <utility>

namespace Sandpit::Helper {

namespace P = Protocol;

namespace {

// The kill reason of a run the supervisor stopped itself; None leaves it to the evidence.
constexpr std::array<EnumWord<StopReason>, 5> kStopReasons{{
    {StopReason::None, nullptr},
    {StopReason::Timeout, "timeout"},
    {StopReason::OutputLimit, "output-limit"},
    {StopReason::Cancelled, "cancelled"},
    {StopReason::Memory, "memory"},
}};
static_assert(namesEveryEnumerator(kStopReasons));

const char *killReason(const RunEnd &end, const Options &run, const Cgroup &cgroup, int status, long long cpuUs)
{
    if (const char *reason = entryOf(kStopReasons, end.stop).word)
        return reason;
    const InitRecord &record = end.record;
    if (record.stop == InitRecord::Memory || cgroup.oomKills() > 0)
        return "memory";
    if (record.stop == InitRecord::ProcessLimit)
        return "process-limit";
    if (record.stop == InitRecord::BlockedSyscall)
        return "blocked-syscall";
    if (!WIFSIGNALED(status))
        return "none";
    const int sig = WTERMSIG(status);
    if (sig == SIGXCPU || (sig == SIGKILL && run.cpuMs > 0 && cpuUs >= run.cpuMs * 1000))
        return "cpu-time";
    if (sig == SIGXFSZ)
        return "file-size";
    if (sig == SIGSYS)
        return "blocked-syscall"; // a foreign-ABI call, killed by the filter itself
    return "signal";
}

// The limits the run met without being stopped for them, from init's evidence and the
// cgroup's counters, less the one that stopped it (its kill reason says that already).
std::string limitsReached(int fromInit, const Cgroup &cgroup, const std::string &reason)
{
    int bits = fromInit;
    if (cgroup.pidsLimitHits() > 0)
        bits |= InitRecord::ReachedProcesses;
    if (cgroup.memoryLimitHits() > 0)
        bits |= InitRecord::ReachedMemory;
    constexpr std::pair<int, const char *> kIds[] = {
        {InitRecord::ReachedProcesses, "process-limit"}, {InitRecord::ReachedMemory, "memory"},
        {InitRecord::ReachedFileSize, "file-size"},      {InitRecord::ReachedOpenFiles, "open-files"},
        {InitRecord::ReachedDiskFull, "disk-full"},
    };
    std::string out;
    for (const auto &[bit, id] : kIds) {
        if ((bits & bit) && reason != id)
            out += (out.empty() ? "" : ",") + std::string(id);
    }
    return out;
}

} // namespace

void writeRunEnd(Report &report, const RunEnd &end, const Options &run, const Cgroup &cgroup)
{
    const InitRecord &record = end.record;
    // If init had to be killed its accounting is lost; our own children's usage is the best
    // evidence left.
    long long cpuUs = record.cpuUs;
    long long peak = std::max(record.peakRssBytes, record.peakTotalBytes);
    int status = record.waitStatus;
    if (!end.haveRecord) {
        rusage usage{};
        getrusage(RUSAGE_CHILDREN, &usage);
        cpuUs = (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1'000'000LL + usage.ru_utime.tv_usec
            + usage.ru_stime.tv_usec;
        peak = usage.ru_maxrss * 1024LL;
        status = SIGKILL; // a raw wait status meaning "killed by SIGKILL"
    }
    // A command in a named sandbox shares the sandbox's group, whose peak is every command's
    // since the sandbox was made: its own is its processes' high-water marks and their
    // sampled sum, as init counted them in its PID namespace.
    if (cgroup.hasMemory() && run.enter.empty())
        peak = std::max(peak, cgroup.peakMemory());

    const std::string reason = killReason(end, run, cgroup, status, cpuUs);
    if (WIFEXITED(status) && end.stop == StopReason::None && record.stop == InitRecord::None) {
        report.add(P::kOutcome, "exited");
        report.add(P::kExitCode, WEXITSTATUS(status));
    } else {
        report.add(P::kOutcome, "signaled");
        report.add(P::kSignal, WIFSIGNALED(status) ? WTERMSIG(status) : SIGKILL);
    }
    report.add(P::kKillReason, reason);
    if (const std::string reached = limitsReached(end.haveRecord ? record.limitsReached : 0, cgroup, reason);
        !reached.empty())
        report.add(P::kLimitsReached, reached);
    if (reason == "blocked-syscall" && record.stop == InitRecord::BlockedSyscall && end.stop == StopReason::None)
        report.add(P::kKillDetail, std::string(record.detail, strnlen(record.detail, sizeof record.detail)));
    report.add(P::kWallUs, end.wallUs);
    if (end.inputWaitUs > 0)
        report.add(P::kInputWaitUs, end.inputWaitUs);
    report.add(P::kCpuUs, cpuUs);
    report.add(P::kPeakRss, peak);
    report.add(P::kStdoutBytes, end.stdoutBytes);
    report.add(P::kStderrBytes, end.stderrBytes);
    if (end.truncated)
        report.add(P::kOutputTruncated, end.truncated);
    if (end.haveRecord && record.artifactsTruncated)
        report.add(P::kArtifactsCapped, 1);
}

} // namespace Sandpit::Helper
