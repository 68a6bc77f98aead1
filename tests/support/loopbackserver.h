#pragma once
// A TCP server on the host's 127.0.0.1 made by a test, on a thread of its own so that it
// answers while the test waits for a run: an HTTP server with a fixed body, or an echo; and a
// port there on which nothing listens.

#include <QByteArray>

#include <arpa/inet.h>
#include <fcntl.h>
#include <atomic>
#include <mutex>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

namespace SandpitTest {

class LoopbackServer
{
public:
    enum class Mode { Http, Echo };

    LoopbackServer(Mode mode, QByteArray body = {})
        : m_mode(mode)
        , m_body(std::move(body))
    {
        m_fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (m_fd < 0 || bind(m_fd, reinterpret_cast<sockaddr *>(&address), sizeof address) != 0 || listen(m_fd, 16) != 0
            || pipe2(m_stop, O_CLOEXEC) != 0)
            qFatal("cannot listen on 127.0.0.1");
        socklen_t size = sizeof address;
        getsockname(m_fd, reinterpret_cast<sockaddr *>(&address), &size);
        m_port = ntohs(address.sin_port);
        m_thread = std::thread([this] { serve(); });
    }
    ~LoopbackServer()
    {
        close(m_stop[1]);
        m_thread.join();
        close(m_stop[0]);
        close(m_fd);
    }
    LoopbackServer(const LoopbackServer &) = delete;
    LoopbackServer &operator=(const LoopbackServer &) = delete;

    quint16 port() const { return m_port; }
    int connections() const { return m_connections; }
    /// Connections that ended: for the echo, those whose other side closed.
    int ended() const { return m_ended; }
    /// The head of the last HTTP request it got.
    QByteArray lastRequest() const
    {
        std::lock_guard lock(m_mutex);
        return m_lastRequest;
    }

private:
    void serve()
    {
        for (;;) {
            pollfd fds[2] = {{m_fd, POLLIN, 0}, {m_stop[0], POLLIN, 0}};
            if (poll(fds, 2, -1) < 0 || fds[1].revents)
                return;
            const int client = accept4(m_fd, nullptr, nullptr, SOCK_CLOEXEC);
            if (client < 0)
                continue;
            ++m_connections;
            if (m_mode == Mode::Http) {
                timeval timeout{5, 0};
                setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
            }
            m_mode == Mode::Http ? answer(client) : echo(client);
            close(client);
            ++m_ended;
        }
    }
    void answer(int client)
    {
        QByteArray head;
        char chunk[4096];
        while (!head.contains("\r\n\r\n") && head.size() < 65536) {
            const ssize_t n = recv(client, chunk, sizeof chunk, 0);
            if (n <= 0)
                return;
            head.append(chunk, n);
        }
        {
            std::lock_guard lock(m_mutex);
            m_lastRequest = head;
        }
        const QByteArray reply = "HTTP/1.0 200 OK\r\nContent-Length: " + QByteArray::number(m_body.size())
            + "\r\nContent-Type: text/plain\r\n\r\n" + m_body;
        send(client, reply.constData(), size_t(reply.size()), MSG_NOSIGNAL);
    }
    static void echo(int client)
    {
        char chunk[4096];
        for (;;) {
            const ssize_t n = recv(client, chunk, sizeof chunk, 0);
            if (n <= 0 || send(client, chunk, size_t(n), MSG_NOSIGNAL) != n)
                return;
        }
    }

    Mode m_mode;
    QByteArray m_body;
    int m_fd = -1;
    int m_stop[2] = {-1, -1};
    quint16 m_port = 0;
    std::atomic<int> m_connections = 0;
    std::atomic<int> m_ended = 0;
    mutable std::mutex m_mutex;
    QByteArray m_lastRequest;
    std::thread m_thread;
};

/// A port on 127.0.0.1 on which nothing listens, held (bound, never listening) so that no
/// other program takes it while the test lasts: a connect to it is refused.
class RefusingPort
{
public:
    RefusingPort()
        : m_fd(socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0))
    {
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t size = sizeof address;
        if (m_fd < 0 || bind(m_fd, reinterpret_cast<sockaddr *>(&address), sizeof address) != 0
            || getsockname(m_fd, reinterpret_cast<sockaddr *>(&address), &size) != 0)
            qFatal("cannot bind on 127.0.0.1");
        m_port = ntohs(address.sin_port);
    }
    ~RefusingPort() { close(m_fd); }
    RefusingPort(const RefusingPort &) = delete;
    RefusingPort &operator=(const RefusingPort &) = delete;

    quint16 port() const { return m_port; }

private:
    int m_fd = -1;
    quint16 m_port = 0;
};

} // namespace SandpitTest
