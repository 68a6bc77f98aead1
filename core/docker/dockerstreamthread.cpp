#include "docker/dockerstreamthread.h"

namespace Sandpit::Core {

DockerStreamThread::DockerStreamThread(Call call)
    : m_thread([this, call = std::move(call)] { call(m_abort); })
{
}

DockerStreamThread::~DockerStreamThread()
{
    abort();
    join();
}

void DockerStreamThread::abort()
{
    m_abort = true;
}

void DockerStreamThread::join()
{
    if (m_thread.joinable())
        m_thread.join();
}

} // namespace Sandpit::Core
