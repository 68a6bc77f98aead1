#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace Sandpit::Core {

/// A thread that runs a loop until its owner goes: the destructor asks the loop to stop, wakes
/// it and waits for it, so nothing the loop uses goes first. The loop sleeps and waits for work
/// through this object, under the one mutex the owner guards its shared state with, so a stop
/// or new work is never missed between a look and a wait. Declare it as the owner's last
/// member: it starts the loop at once, and must be the first to go.
class StoppableThread final
{
public:
    explicit StoppableThread(std::function<void()> loop);
    ~StoppableThread();
    StoppableThread(const StoppableThread &) = delete;
    StoppableThread &operator=(const StoppableThread &) = delete;

    /// For changes the loop waits for; wake() after releasing it.
    std::unique_lock<std::mutex> lock() { return std::unique_lock(m_mutex); }
    void wake() { m_changed.notify_all(); }
    /// Waits, holding `lock` from lock(), until `ready()` or a stop; true on a stop.
    bool waitUntil(std::unique_lock<std::mutex> &lock, const std::function<bool()> &ready);
    /// Sleeps `pause` unless asked to stop first; true on a stop.
    bool sleepFor(std::chrono::milliseconds pause);
    /// Set once the owner goes: for a long call that can give up (DockerClient's `abort`).
    const std::atomic_bool &stopping() const { return m_stop; }

private:
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::atomic_bool m_stop{false};
    std::thread m_thread; // last: it uses the members above from its first moment
};

} // namespace Sandpit::Core
