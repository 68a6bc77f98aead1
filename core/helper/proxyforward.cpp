#include "proxyforward.h"

#include "socketrelay.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <netinet/in.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>
#include <vector>

namespace Sandpit::Helper {

namespace {

// Connections relayed at once, as many as the proxy outside serves; more wait to be accepted.
constexpr std::size_t kMaxPairs = 64;

int listenOnLoopback(int family)
{
    const int fd = socket(family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return -1;
    const int on = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
    int bound = -1;
    if (family == AF_INET) {
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_port = htons(kProxyForwardPort);
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        bound = bind(fd, reinterpret_cast<const sockaddr *>(&address), sizeof address);
    } else {
        setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &on, sizeof on);
        sockaddr_in6 address{};
        address.sin6_family = AF_INET6;
        address.sin6_port = htons(kProxyForwardPort);
        address.sin6_addr = in6addr_loopback;
        bound = bind(fd, reinterpret_cast<const sockaddr *>(&address), sizeof address);
    }
    if (bound != 0 || listen(fd, 128) != 0) {
        const int error = errno;
        close(fd);
        errno = error;
        return -1;
    }
    return fd;
}

int connectToProxy(const char *path)
{
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    std::strncpy(address.sun_path, path, sizeof address.sun_path - 1);
    const int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd >= 0 && connect(fd, reinterpret_cast<const sockaddr *>(&address), sizeof address) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

struct Pair {
    RelayDirection up;
    RelayDirection down;
};

void closePair(const Pair &pair)
{
    close(pair.up.from);
    close(pair.up.to);
}

void acceptInto(int listening, const char *proxySocket, std::vector<Pair> &pairs)
{
    const int client = accept4(listening, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (client < 0)
        return;
    const int proxy = connectToProxy(proxySocket);
    if (proxy < 0) {
        close(client); // the program sees its connection refused, as with no proxy at all
        return;
    }
    pairs.push_back(Pair{RelayDirection{client, proxy, {}, 0, false}, RelayDirection{proxy, client, {}, 0, false}});
}

[[noreturn]] void forward(const std::vector<int> &listening, const char *proxySocket)
{
    std::vector<Pair> pairs;
    std::vector<pollfd> fds;
    for (;;) {
        fds.clear();
        for (const int fd : listening)
            fds.push_back({fd, short(pairs.size() < kMaxPairs ? POLLIN : 0), 0});
        for (const Pair &pair : pairs) {
            fds.push_back(RelayDirection::pollEntry(pair.up.from, short(pair.up.fromEvents() | pair.down.toEvents())));
            fds.push_back(
                RelayDirection::pollEntry(pair.down.from, short(pair.down.fromEvents() | pair.up.toEvents())));
        }
        if (poll(fds.data(), fds.size(), -1) < 0) {
            if (errno == EINTR)
                continue;
            _exit(1);
        }
        std::vector<Pair> kept;
        for (std::size_t i = 0; i < pairs.size(); ++i) {
            Pair &pair = pairs[i];
            const short client = fds[listening.size() + 2 * i].revents;
            const short proxy = fds[listening.size() + 2 * i + 1].revents;
            const bool alive = pair.up.pump(client, proxy) && pair.down.pump(proxy, client);
            if (alive && !(pair.up.finished() && pair.down.finished()))
                kept.push_back(std::move(pair));
            else
                closePair(pair);
        }
        pairs = std::move(kept);
        for (std::size_t i = 0; i < listening.size(); ++i) {
            if (fds[i].revents & POLLIN)
                acceptInto(listening[i], proxySocket, pairs);
        }
    }
}

} // namespace

pid_t startProxyForwarder(const char *proxySocket)
{
    std::vector<int> listening;
    const int v4 = listenOnLoopback(AF_INET);
    const int error = errno;
    if (v4 < 0) {
        errno = error;
        return -1;
    }
    listening.push_back(v4);
    // A kernel without IPv6 still gets the forwarder on 127.0.0.1, where the variables point.
    if (const int v6 = listenOnLoopback(AF_INET6); v6 >= 0)
        listening.push_back(v6);
    const pid_t pid = fork();
    if (pid == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        prctl(PR_SET_NAME, "sandpit-forward", 0, 0, 0);
        // Nothing of init's (its pipes to the supervisor, the host workspace) stays open here.
        const int top = *std::max_element(listening.begin(), listening.end());
        for (int fd = 0; fd <= top; ++fd) {
            if (std::find(listening.begin(), listening.end(), fd) == listening.end())
                close(fd);
        }
        close_range(static_cast<unsigned>(top) + 1, ~0U, 0);
        forward(listening, proxySocket);
    }
    const int forkError = errno;
    for (const int fd : listening)
        close(fd);
    errno = forkError;
    return pid;
}

pid_t startProxyForwarderIfBound()
{
    struct stat socket { };
    if (stat(kProxySocketInSandbox, &socket) != 0 || !S_ISSOCK(socket.st_mode))
        return 0;
    return startProxyForwarder(kProxySocketInSandbox);
}

} // namespace Sandpit::Helper
