#pragma once
// A listening socket owned by a test, on the host side of a sandbox or container: the attack
// tests check that nothing inside reaches it.

#include <arpa/inet.h>
#include <cerrno>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace SandpitTest {

class Listener
{
public:
    explicit Listener(int domain)
        : m_fd(socket(domain, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0))
    {
    }
    ~Listener()
    {
        if (m_fd >= 0)
            close(m_fd);
    }
    Listener(const Listener &) = delete;
    Listener &operator=(const Listener &) = delete;

    bool listenOn(const sockaddr *address, socklen_t size)
    {
        return m_fd >= 0 && bind(m_fd, address, size) == 0 && listen(m_fd, 8) == 0;
    }
    int port() const
    {
        sockaddr_in address{};
        socklen_t size = sizeof address;
        getsockname(m_fd, reinterpret_cast<sockaddr *>(&address), &size);
        return ntohs(address.sin_port);
    }
    // True when some connection reached us.
    bool wasReached() const
    {
        const int client = accept4(m_fd, nullptr, nullptr, SOCK_CLOEXEC);
        if (client >= 0)
            close(client);
        return client >= 0 || errno != EAGAIN;
    }

private:
    int m_fd;
};

} // namespace SandpitTest
