#pragma once

#include "filedescriptor.h"

#include <chrono>

namespace Sandpit::Helper {

/// The run's wall-clock limit, which does not count the time the run waits for the user's
/// input (init's InputWatch tells when): a program that asks a question is not stopped while
/// the learner thinks. CPU time is limited apart, and counts always.
class WallClock
{
public:
    /// Starts now. A `limit` of 0: no limit, and fd() never becomes readable.
    explicit WallClock(std::chrono::milliseconds limit);

    /// A timerfd to poll for POLLIN: call expired() when it is readable.
    int fd() const { return m_fd.get(); }
    /// True when the limit is reached; false when the timer fired during a wait for input
    /// (the wait's end sets it again, later by the wait's length).
    bool expired();
    void inputWaitBegan();
    void inputWaitEnded();
    /// How long the run has waited for input so far, an unfinished wait included.
    long long inputWaitUs() const;

private:
    void arm();

    FileDescriptor m_fd;
    long long m_startUs = 0;
    long long m_limitUs = 0;
    long long m_waitedUs = 0;     ///< finished waits
    long long m_waitStartUs = -1; ///< -1: not waiting now
};

} // namespace Sandpit::Helper
