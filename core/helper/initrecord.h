#pragma once

#include <cstdint>

namespace Sandpit::Helper {

/// What the sandbox's init tells the supervisor, as one write() on a pipe (well under PIPE_BUF,
/// so it arrives whole or not at all).
struct InitRecord {
    enum Kind : std::int32_t { ProgramEnded = 1, SetupFailed = 2 };
    std::int32_t kind = 0;
    std::int32_t waitStatus = 0;      ///< the main program's status, as from waitpid()
    std::int32_t setupErrno = 0;
    char setupStep[48] = {};          ///< which step failed, for SetupFailed
    std::int64_t cpuUs = 0;           ///< user + system time of every process in the run
    std::int64_t peakRssBytes = 0;    ///< the largest resident set of any one process
};

} // namespace Sandpit::Helper
