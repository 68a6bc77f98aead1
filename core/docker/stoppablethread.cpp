#include "docker/stoppablethread.h"

namespace Sandpit::Core {

StoppableThread::StoppableThread(std::function<void()> loop)
    : m_thread(std::move(loop))
{
}

StoppableThread::~StoppableThread()
{
    {
        const std::lock_guard guard(m_mutex);
        m_stop = true;
    }
    wake();
    m_thread.join();
}

bool StoppableThread::waitUntil(std::unique_lock<std::mutex> &lock, const std::function<bool()> &ready)
{
    m_changed.wait(lock, [&] { return m_stop || ready(); });
    return m_stop;
}

bool StoppableThread::sleepFor(std::chrono::milliseconds pause)
{
    std::unique_lock lock(m_mutex);
    return m_changed.wait_for(lock, pause, [this] { return bool(m_stop); });
}

} // namespace Sandpit::Core
