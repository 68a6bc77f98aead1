#include "engineevents.h"

#include "protocol.h"

#include <algorithm>
#include <fcntl.h>
#include <string>
#include <unistd.h>

namespace Sandpit::Helper {

EngineEvents::EngineEvents(long long fd)
    : m_fd(fd > 0 ? static_cast<int>(fd) : -1)
{
    if (!m_fd.isValid())
        return;
    fcntl(m_fd.get(), F_SETFL, fcntl(m_fd.get(), F_GETFL) | O_NONBLOCK);
    fcntl(m_fd.get(), F_SETFD, FD_CLOEXEC);
}

void EngineEvents::sendListing(const InitRecord &record) const
{
    if (!m_fd.isValid())
        return;
    const std::uint32_t length = std::min<std::uint32_t>(record.listingLength, sizeof record.listing);
    std::string event(1, Protocol::kArtifactsListed);
    event.append(reinterpret_cast<const char *>(&length), sizeof length);
    event.append(record.listing, length);
    // One write, well under PIPE_BUF: whole or nothing, never a torn event.
    [[maybe_unused]] const ssize_t n = write(m_fd.get(), event.data(), event.size());
}

void EngineEvents::sendInputWait(bool waiting) const
{
    if (!m_fd.isValid())
        return;
    const char event = waiting ? Protocol::kInputWaitBegan : Protocol::kInputWaitEnded;
    [[maybe_unused]] const ssize_t n = write(m_fd.get(), &event, 1);
}

void EngineEvents::sendReportReady()
{
    if (!m_fd.isValid())
        return;
    [[maybe_unused]] const ssize_t n = write(m_fd.get(), &Protocol::kReportReady, 1);
    m_fd.reset();
}

void EngineEvents::closeInChild() const
{
    if (m_fd.isValid())
        close(m_fd.get()); // the child's copy only: the parent's object still owns it
}

} // namespace Sandpit::Helper
