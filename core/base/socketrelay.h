#pragma once

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <poll.h>
#include <sys/socket.h>
#include <vector>

namespace Sandpit {

/// One direction of a relay between two non-blocking sockets: bytes read from `from` wait in
/// `pending` until `to` takes them, so a side that does not read holds back only its own
/// direction, and memory stays at one chunk. Without Qt: the proxy on the host and the
/// forwarder in the sandbox relay the same way.
struct RelayDirection {
    static constexpr std::size_t kChunk = 64 * 1024;

    int from = -1;
    int to = -1;
    std::vector<char> pending;
    std::size_t offset = 0;
    bool readDone = false;

    bool hasPending() const { return offset < pending.size(); }
    bool finished() const { return readDone && !hasPending(); }
    /// What to poll `from` for, and `to` for.
    short fromEvents() const { return !hasPending() && !readDone ? POLLIN : 0; }
    short toEvents() const { return hasPending() ? POLLOUT : 0; }

    /// The poll entry for a socket that waits for `events`. poll() reports POLLHUP and POLLERR
    /// even when nothing is asked for, so a socket with nothing to wait for (its peer closed,
    /// the other side not taking what is pending) must be left out (-1), or the loop would wake
    /// at once for ever and spin a host thread.
    static pollfd pollEntry(int fd, short events) { return {events ? fd : -1, events, 0}; }

    /// Moves what it can after poll() said `readyFrom` and `readyTo`; false when the
    /// connection is broken. At end of input it shuts the other side's writing down, so a
    /// half-closed conversation (a request sent, the answer awaited) still ends.
    bool pump(short readyFrom, short readyTo)
    {
        if (hasPending() && (readyTo & (POLLOUT | POLLERR | POLLHUP))) {
            const ssize_t n = ::send(to, pending.data() + offset, pending.size() - offset, MSG_NOSIGNAL);
            if (n < 0 && errno != EAGAIN && errno != EINTR)
                return false;
            offset += static_cast<std::size_t>(std::max<ssize_t>(n, 0));
        }
        if (!hasPending() && !readDone && (readyFrom & (POLLIN | POLLHUP | POLLERR))) {
            pending.resize(kChunk);
            offset = 0;
            const ssize_t n = ::recv(from, pending.data(), kChunk, 0);
            if (n < 0 && errno != EAGAIN && errno != EINTR)
                return false;
            pending.resize(static_cast<std::size_t>(std::max<ssize_t>(n, 0)));
            if (n == 0) {
                readDone = true;
                ::shutdown(to, SHUT_WR);
            }
        }
        return true;
    }
};

} // namespace Sandpit
