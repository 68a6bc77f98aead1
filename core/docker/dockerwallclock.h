#pragma once

#include <QtGlobal>

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>

namespace Sandpit::Core {

/// The wall-clock limit the host holds for a Docker run. As the local helper's WallClock, it
/// does not count the time the program waits for the user's input: the container's init sees
/// the waits and says when each begins and ends (DockerInputWaitLines), only for a run whose
/// input is typed. The deadline init holds itself, later than this one, moves the same way.
class DockerWallClock final
{
public:
    using Clock = std::chrono::steady_clock;

    /// Starts now. `limitMs` 0: no limit.
    void start(qint64 limitMs);
    void inputWaitBegan();
    void inputWaitEnded();
    /// How long the run has waited for input so far, an unfinished wait included.
    qint64 inputWaitMs() const;

    /// Waits on `changed` (whose mutex `lock` holds) until `decided` or the limit: false when
    /// the limit was reached first. A wait for input stops the clock until it ends, which
    /// whoever ends it signals on `changed`.
    bool wait(std::unique_lock<std::mutex> &lock, std::condition_variable &changed,
              const std::function<bool()> &decided) const;

private:
    Clock::time_point m_start;
    Clock::duration m_limit{};
    Clock::duration m_waited{};                   ///< finished waits
    std::optional<Clock::time_point> m_waitStart; ///< set while waiting now
};

} // namespace Sandpit::Core
