#pragma once

namespace Sandpit::Helper {

/// What the run's processes use right now, read from the sandbox's own /proc (which shows
/// only the run's PID namespace).
struct Usage {
    long long tasks = 0;         ///< processes and threads, init excluded
    long long anonBytes = 0;     ///< private memory (heap, stacks): what a memory bomb grows
    long long residentBytes = 0; ///< everything resident, shared libraries included
};

Usage sampleUsage();

} // namespace Sandpit::Helper
