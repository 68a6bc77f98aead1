#include "wallclock.h"

#include "monotonictime.h"

#include <cstdint>
#include <sys/timerfd.h>
#include <unistd.h>

namespace Sandpit::Helper {

WallClock::WallClock(std::chrono::milliseconds limit)
    : m_fd(timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC))
    , m_startUs(monotonicUs())
    , m_limitUs(std::chrono::microseconds(limit).count())
{
    arm();
}

// An absolute deadline: re-arming after a wait moves it by exactly the time waited, however
// late the supervisor's loop gets round to it.
void WallClock::arm()
{
    if (!m_fd.isValid() || m_limitUs <= 0)
        return;
    const long long deadline = m_startUs + m_limitUs + m_waitedUs;
    itimerspec spec{};
    spec.it_value.tv_sec = deadline / 1'000'000;
    spec.it_value.tv_nsec = (deadline % 1'000'000) * 1000;
    timerfd_settime(m_fd.get(), TFD_TIMER_ABSTIME, &spec, nullptr);
}

bool WallClock::expired()
{
    std::uint64_t ticks = 0;
    [[maybe_unused]] const ssize_t n = read(m_fd.get(), &ticks, sizeof ticks);
    if (m_waitStartUs >= 0)
        return false;
    if (monotonicUs() >= m_startUs + m_limitUs + m_waitedUs)
        return true;
    arm();
    return false;
}

void WallClock::inputWaitBegan()
{
    if (m_waitStartUs < 0)
        m_waitStartUs = monotonicUs();
}

void WallClock::inputWaitEnded()
{
    if (m_waitStartUs < 0)
        return;
    m_waitedUs += monotonicUs() - m_waitStartUs;
    m_waitStartUs = -1;
    arm();
}

long long WallClock::inputWaitUs() const
{
    return m_waitedUs + (m_waitStartUs >= 0 ? monotonicUs() - m_waitStartUs : 0);
}

} // namespace Sandpit::Helper
