#pragma once

#include "cgroup.h"
#include "initrecord.h"
#include "options.h"
#include "report.h"

namespace Sandpit::Helper {

/// Why the supervisor itself stopped the run, if it did.
enum class StopReason { None, Timeout, OutputLimit, Cancelled, Memory };

/// What the supervisor knows when the run is over.
struct RunEnd {
    const InitRecord &record; ///< init's last word (meaningless unless haveRecord)
    bool haveRecord = false;  ///< false: init had to be killed, and its accounting is lost
    long long wallUs = 0;
    StopReason stop = StopReason::None;
    long long stdoutBytes = 0;
    long long stderrBytes = 0;
    const char *truncated = nullptr; ///< "stdout" or "stderr": the stream cut at the output limit
    long long inputWaitUs = 0;       ///< of wallUs, the time it waited for input (not counted)
};

/// Adds the run's verdict to `report`: how it ended, the one kill reason, the limits it met
/// without being stopped for them (never the kill reason's own), and what it used. One place
/// decides, from init's record and the cgroup's counters alike.
void writeRunEnd(Report &report, const RunEnd &end, const Options &run, const Cgroup &cgroup);

} // namespace Sandpit::Helper
