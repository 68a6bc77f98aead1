#include "docker/dockerwallclock.h"

namespace Sandpit::Core {

void DockerWallClock::start(qint64 limitMs)
{
    m_start = Clock::now();
    m_limit = std::chrono::milliseconds(limitMs);
    m_waited = {};
    m_waitStart.reset();
}

void DockerWallClock::inputWaitBegan()
{
    if (!m_waitStart)
        m_waitStart = Clock::now();
}

void DockerWallClock::inputWaitEnded()
{
    if (!m_waitStart)
        return;
    m_waited += Clock::now() - *m_waitStart;
    m_waitStart.reset();
}

qint64 DockerWallClock::inputWaitMs() const
{
    const Clock::duration waited = m_waited + (m_waitStart ? Clock::now() - *m_waitStart : Clock::duration{});
    return std::chrono::duration_cast<std::chrono::milliseconds>(waited).count();
}

bool DockerWallClock::wait(std::unique_lock<std::mutex> &lock, std::condition_variable &changed,
                           const std::function<bool()> &decided) const
{
    for (;;) {
        if (decided())
            return true;
        if (m_limit <= Clock::duration{} || m_waitStart) {
            changed.wait(lock);
            continue;
        }
        // Recomputed after every wake: a wait that ended meanwhile has moved the deadline.
        const Clock::time_point deadline = m_start + m_limit + m_waited;
        if (Clock::now() >= deadline)
            return decided();
        changed.wait_until(lock, deadline);
    }
}

} // namespace Sandpit::Core
