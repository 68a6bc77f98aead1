#pragma once

#include "init.h"
#include "initrecord.h"
#include "inputwatch.h"
#include "limitwatch.h"
#include "outputwatch.h"
#include "program.h"
#include "step.h"

#include <optional>

namespace Sandpit::Helper {

/// Init's loop while the program runs. At every watch tick it checks the limits, lists the
/// output folder and looks for a wait for input; it reaps what ends, ends the run on a
/// forbidden call, and kills everything when the supervisor says stop ('K' or EOF).
class RunWatch
{
public:
    /// `record` collects what init saw, for its last InitRecord. `terminal`: the pty slave the
    /// program reads (as fstat gives it), or nullptr for init's stdin pipe.
    RunWatch(const InitContext &ctx, const Options &run, const ProgramStart &start, InitRecord &record,
             const struct stat *terminal = nullptr);

    /// Returns once the main program has ended and is reaped: `sigFd` is a signalfd for
    /// SIGCHLD, `watchFd` a timerfd this arms at every kWatchIntervalMs. Fails only on poll.
    Step untilProgramEnds(int sigFd, int watchFd);

private:
    void reapEnded(int sigFd);
    bool tick(std::uint64_t ticks);
    void takeBlockedCall();

    const InitContext &m_ctx;
    const ProgramStart &m_start;
    InitRecord &m_record;
    LimitWatch m_limits;
    std::optional<OutputWatch> m_output;
    InputWatch m_input;
    bool m_mainEnded = false;
};

} // namespace Sandpit::Helper
