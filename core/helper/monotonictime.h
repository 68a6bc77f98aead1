#pragma once

namespace Sandpit::Helper {

// The run's times and limits count on CLOCK_MONOTONIC, which neither NTP nor the user's
// clock changes move.

/// Microseconds on CLOCK_MONOTONIC.
long long monotonicUs();
/// A timerfd that fires in `ms` (every `ms` if `repeat`); never, for `ms` 0. -1 on failure.
int makeTimer(long long ms, bool repeat = false);

} // namespace Sandpit::Helper
