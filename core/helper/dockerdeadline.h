#pragma once

#include "inputwatch.h"
#include "wallclock.h"

#include <memory>
#include <string>

namespace Sandpit::Helper {

/// The deadline a Docker container's init (see dockerinit.h) holds for its run. For a run
/// whose input the user types, the time the program waits for it does not count, as in the
/// local sandbox: init watches the program's stdin with the local init's InputWatch and moves
/// the deadline with the helper's WallClock. The host holds the run's own wall limit and must
/// pause it too, so init tells it when each wait begins and ends, on its stderr:
/// "\x1esandpit-input-wait TOKEN 1\n" and "... 0\n" (see DockerInputWaitLines). The token
/// makes the lines init's alone: a program that could print one would buy itself time.
class DockerDeadline
{
public:
    /// `limitSeconds` 0: none. `typedInput`: the host says the run's input is typed, so waits
    /// for it are free; otherwise (input from a file or an input set, or none) the plain limit.
    /// The program's stdin is `stdinPath` when that is a named pipe, else init's own stdin (the
    /// container's, fed over an attach). `helper`: init's open-files watch, not the program's.
    DockerDeadline(long long limitSeconds, bool typedInput, const std::string &token, const std::string &stdinPath,
                   long helper);
    DockerDeadline(const DockerDeadline &) = delete;
    DockerDeadline &operator=(const DockerDeadline &) = delete;
    ~DockerDeadline();

    /// Poll both for POLLIN (-1: nothing to poll).
    int clockFd() const { return m_clock.fd(); }
    int watchFd() const { return m_watchFd; }
    /// When clockFd() is readable: true once the deadline has passed.
    bool expired() { return m_clock.expired(); }
    /// When watchFd() is readable: looks at the program, and tells the host of a change.
    void tick();
    /// The helper given at construction was reaped: its pid may go to one of the program's
    /// processes, which must then count as the program's.
    void helperEnded()
    {
        if (m_input)
            m_input->ignore(0);
    }
    long long inputWaitMs() const { return m_clock.inputWaitUs() / 1000; }

private:
    void tellHost();

    WallClock m_clock;
    std::unique_ptr<InputWatch> m_input; ///< only for typed input
    std::string m_linePrefix;
    int m_watchFd = -1;
    int m_hostFd = -1;
    int m_untold = -1; ///< the state the host has not been told yet (1 waiting, 0 not), -1 none
};

} // namespace Sandpit::Helper
