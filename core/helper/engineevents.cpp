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
    if (m_fd < 0)
        return;
    fcntl(m_fd, F_SETFL, fcntl(m_fd, F_GETFL) | O_NONBLOCK);
    fcntl(m_fd, F_SETFD, FD_CLOEXEC);
}

EngineEvents::~EngineEvents()
{
    if (m_fd >= 0)
        close(m_fd);
}

void EngineEvents::sendListing(const InitRecord &record) const
{
    if (m_fd < 0)
        return;
    const std::uint32_t length = std::min<std::uint32_t>(record.listingLength, sizeof record.listing);
    std::string event(1, Protocol::kArtifactsListed);
    event.append(reinterpret_cast<const char *>(&length), sizeof length);
    event.append(record.listing, length);
    // One write, well under PIPE_BUF: whole or nothing, never a torn event.
    [[maybe_unused]] const ssize_t n = write(m_fd, event.data(), event.size());
}

void EngineEvents::sendInputWait(bool waiting) const
{
    if (m_fd < 0)
        return;
    const char event = waiting ? Protocol::kInputWaitBegan : Protocol::kInputWaitEnded;
    [[maybe_unused]] const ssize_t n = write(m_fd, &event, 1);
}

void EngineEvents::sendReportReady()
{
    if (m_fd < 0)
        return;
    [[maybe_unused]] const ssize_t n = write(m_fd, &Protocol::kReportReady, 1);
    close(m_fd);
    m_fd = -1;
}

void EngineEvents::closeInChild() const
{
    if (m_fd >= 0)
        close(m_fd);
}

} // namespace Sandpit::Helper
