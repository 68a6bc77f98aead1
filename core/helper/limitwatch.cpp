#include "limitwatch.h"

#include <algorithm>

namespace Sandpit::Helper {

namespace {

// How long a run may stay past its process limit before it is stopped: a program that gives
// up on a refused fork (EAGAIN) ends with its own error, as it would in Docker, and one that
// keeps trying is stopped, whichever way the limit is enforced (cgroup or rlimit).
// Counted in intervals of the watch's clock, not in samples: a fork bomb keeps a busy machine
// from waking init on time, and a count of samples would let it run into the time limit.
constexpr std::uint64_t kPastProcessLimitTicks = 1000 / kWatchIntervalMs;

} // namespace

LimitWatch::LimitWatch(const InitContext &ctx, const Options &run, InitRecord &record)
    : m_ctx(ctx)
    , m_run(run)
    , m_record(record)
{
}

Usage LimitWatch::sample()
{
    // A command in a named sandbox: its limits are the sandbox's and count every command in
    // it, but the peak it reports is its own processes'.
    const Usage usage = sampleUsage(m_ctx.isolation == Isolation::Full, m_run.openFiles,
                                    !m_ctx.memoryByCgroup && m_run.memoryBytes > 0, m_ctx.entry != nullptr);
    m_record.peakTotalBytes = std::max<std::int64_t>(m_record.peakTotalBytes, usage.ownResidentBytes);
    m_record.peakTasks = std::max<std::int64_t>(m_record.peakTasks, usage.tasks);
    if (m_run.processes > 0 && usage.tasks > m_run.processes)
        m_record.limitsReached |= InitRecord::ReachedProcesses;
    if (m_run.openFiles > 0 && usage.mostOpenFiles >= m_run.openFiles)
        m_record.limitsReached |= InitRecord::ReachedOpenFiles;
    return usage;
}

bool LimitWatch::check(std::uint64_t ticks)
{
    const Usage usage = sample();
    // The first sample over the limit starts the count; only intervals after it add to it.
    const bool past = m_run.processes > 0 && usage.tasks > m_run.processes;
    m_pastProcessLimit = !past ? 0 : m_pastProcessLimit == 0 ? 1 : m_pastProcessLimit + ticks;
    if (m_pastProcessLimit >= kPastProcessLimitTicks) {
        m_record.stop = InitRecord::ProcessLimit;
        return true;
    }
    if (!m_ctx.memoryByCgroup && m_run.memoryBytes > 0 && usage.chargedBytes > m_run.memoryBytes) {
        m_record.stop = InitRecord::Memory;
        return true;
    }
    return false;
}

} // namespace Sandpit::Helper
