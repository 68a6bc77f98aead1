#pragma once

#include "init.h"
#include "initrecord.h"
#include "processmonitor.h"

namespace Sandpit::Helper {

/// How often init looks at the run's processes: often enough to stop a fork bomb or a memory
/// bomb within a few dozen milliseconds, rare enough to cost nothing measurable.
inline constexpr long kWatchIntervalMs = 20;

/// Init's watch over the limits the kernel does not end a run for by itself: it notes the
/// peaks and the limits met in the record, and says when the run must stop.
class LimitWatch
{
public:
    LimitWatch(const InitContext &ctx, const Options &run, InitRecord &record);

    /// Samples the run's processes and notes the peaks and limits met.
    Usage sample();
    /// Samples once more, `ticks` watch intervals after the last sample (more than one when
    /// init woke late, on a machine too busy to run it on time); true when a limit was passed,
    /// with the reason in the record.
    bool check(std::uint64_t ticks);

private:
    const InitContext &m_ctx;
    const Options &m_run;
    InitRecord &m_record;
    std::uint64_t m_pastProcessLimit = 0; // watch intervals the run has been past it
};

} // namespace Sandpit::Helper
