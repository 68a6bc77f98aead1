#include "network/proxyclient.h"

#include "base/socketrelay.h"
#include "network/internaladdress.h"
#include "network/proxyrequest.h"
#include "network/proxyserver.h"

#include <QDeadlineTimer>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <memory>
#include <mutex>
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <system_error>
#include <thread>
#include <unistd.h>
#include <vector>

namespace Sandpit::Core {

namespace {

// A client has this long to send its request head, and a destination this long to answer
// the connect: a program that stalls holds only its own thread, and not for ever.
constexpr int kHeadDeadlineMs = 10'000;
constexpr int kConnectDeadlineMs = 10'000;
constexpr int kResolveDeadlineMs = 15'000;

enum class Wait { Ready, Stopped, TimedOut, Failed };

Wait waitFor(int fd, short events, int stopFd, const QDeadlineTimer &deadline)
{
    for (;;) {
        pollfd fds[2] = {{fd, events, 0}, {stopFd, POLLIN, 0}};
        const qint64 left = deadline.remainingTime();
        const int ready = ::poll(fds, 2, left < 0 ? -1 : int(left));
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready < 0)
            return Wait::Failed;
        if (fds[1].revents)
            return Wait::Stopped;
        if (ready == 0)
            return Wait::TimedOut;
        return Wait::Ready;
    }
}

bool sendAll(int fd, const QByteArray &bytes, int stopFd)
{
    const QDeadlineTimer deadline(kHeadDeadlineMs);
    qsizetype sent = 0;
    while (sent < bytes.size()) {
        const ssize_t n = ::send(fd, bytes.constData() + sent, size_t(bytes.size() - sent), MSG_NOSIGNAL);
        if (n > 0) {
            sent += n;
        } else if (n < 0 && (errno == EAGAIN || errno == EINTR)) {
            if (waitFor(fd, POLLOUT, stopFd, deadline) != Wait::Ready)
                return false;
        } else {
            return false;
        }
    }
    return true;
}

// The head, and whatever of the body came with it. Returns 0 on success, or the status to
// answer with (431), or -1 when there is nobody to answer.
int readHead(int client, int stopFd, QByteArray &bytes, qsizetype &headLength)
{
    const QDeadlineTimer deadline(kHeadDeadlineMs);
    std::array<char, 4096> chunk{};
    for (;;) {
        if ((headLength = proxyHeadLength(bytes)) > 0)
            return headLength > kMaxProxyHeadBytes ? 431 : 0;
        if (bytes.size() > kMaxProxyHeadBytes)
            return 431;
        const ssize_t n = ::recv(client, chunk.data(), chunk.size(), 0);
        if (n > 0) {
            bytes.append(chunk.data(), n);
        } else if (n < 0 && (errno == EAGAIN || errno == EINTR)) {
            if (waitFor(client, POLLIN, stopFd, deadline) != Wait::Ready)
                return -1;
        } else {
            return -1;
        }
    }
}

struct Resolution {
    std::mutex mutex;
    std::vector<sockaddr_storage> addresses;
    int error = 0;
    FileDescriptor done[2]; ///< a pipe; the resolver closes its end when it is done
};

// getaddrinfo() cannot be interrupted, so it runs on a thread of its own that owns nothing of
// ours but the shared result: a proxy that stops does not wait for a slow name server.
std::vector<sockaddr_storage> resolve(const QString &host, quint16 port, int stopFd, QString &problem, QString &failure)
{
    auto result = std::make_shared<Resolution>();
    int ends[2];
    if (::pipe2(ends, O_CLOEXEC) != 0) {
        problem = failure = QString::fromLocal8Bit(std::strerror(errno));
        return {};
    }
    result->done[0].reset(ends[0]);
    result->done[1].reset(ends[1]);
    try {
        std::thread([result, name = host.toStdString(), service = std::to_string(port)] {
            addrinfo hints{};
            hints.ai_socktype = SOCK_STREAM;
            hints.ai_flags = AI_NUMERICSERV | AI_ADDRCONFIG;
            addrinfo *found = nullptr;
            const int error = ::getaddrinfo(name.c_str(), service.c_str(), &hints, &found);
            std::lock_guard lock(result->mutex);
            result->error = error;
            for (const addrinfo *at = found; at; at = at->ai_next) {
                sockaddr_storage address{};
                std::memcpy(&address, at->ai_addr, std::min<size_t>(at->ai_addrlen, sizeof address));
                result->addresses.push_back(address);
            }
            if (found)
                ::freeaddrinfo(found);
            result->done[1].reset();
        }).detach();
    } catch (const std::system_error &) {
        problem = failure = QStringLiteral("no thread to resolve the name on");
        return {};
    }
    const Wait waited = waitFor(result->done[0].get(), POLLIN, stopFd, QDeadlineTimer(kResolveDeadlineMs));
    std::lock_guard lock(result->mutex);
    if (waited != Wait::Ready) {
        problem = QStringLiteral("the name did not resolve in time");
        failure = waited == Wait::Stopped ? QStringLiteral("the proxy stopped") : QStringLiteral("timed out");
        return {};
    }
    if (result->error != 0) {
        problem = QString::fromLocal8Bit(::gai_strerror(result->error));
        failure = result->error == EAI_NONAME || result->error == EAI_NODATA || result->error == EAI_FAIL
            ? QStringLiteral("no such host")
            : problem.toLower();
    } else if (result->addresses.empty()) {
        problem = QStringLiteral("the name has no address");
        failure = QStringLiteral("no such host");
    }
    return result->addresses;
}

// The addresses a name resolved to, without the host's own and its link's unless the program
// named one literally (internaladdress.h). Sets `refused` when that left none.
std::vector<sockaddr_storage> reachable(const QString &host, std::vector<sockaddr_storage> addresses, bool &refused)
{
    if (addresses.empty() || namesAddressLiterally(host))
        return addresses;
    std::erase_if(addresses, isInternalAddress);
    refused = addresses.empty();
    return addresses;
}

/// The few words a log shows for a connect that failed with `error`.
QString connectFailure(int error)
{
    switch (error) {
    case ECONNREFUSED:
        return QStringLiteral("refused");
    case ETIMEDOUT:
        return QStringLiteral("timed out");
    case ENETUNREACH:
    case EHOSTUNREACH:
        return QStringLiteral("unreachable");
    default:
        return QString::fromLocal8Bit(std::strerror(error)).toLower();
    }
}

FileDescriptor connectTo(const std::vector<sockaddr_storage> &addresses, int stopFd, QString &problem, QString &failure)
{
    const auto failed = [&](int error) {
        problem = QString::fromLocal8Bit(std::strerror(error));
        failure = connectFailure(error);
    };
    for (const sockaddr_storage &address : addresses) {
        FileDescriptor fd(::socket(address.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0));
        if (!fd.isValid()) {
            failed(errno);
            continue;
        }
        const socklen_t length = address.ss_family == AF_INET6 ? sizeof(sockaddr_in6) : sizeof(sockaddr_in);
        if (::connect(fd.get(), reinterpret_cast<const sockaddr *>(&address), length) == 0)
            return fd;
        if (errno != EINPROGRESS) {
            failed(errno);
            continue;
        }
        const Wait waited = waitFor(fd.get(), POLLOUT, stopFd, QDeadlineTimer(kConnectDeadlineMs));
        if (waited == Wait::Stopped) {
            failure = QStringLiteral("the proxy stopped");
            return {};
        }
        int error = ETIMEDOUT;
        socklen_t size = sizeof error;
        if (waited == Wait::Ready)
            ::getsockopt(fd.get(), SOL_SOCKET, SO_ERROR, &error, &size);
        if (error == 0)
            return fd;
        failed(error);
    }
    return {};
}

void relay(int client, int upstream, int stopFd)
{
    RelayDirection up{client, upstream, {}, 0, false};
    RelayDirection down{upstream, client, {}, 0, false};
    while (!up.finished() || !down.finished()) {
        pollfd fds[3] = {RelayDirection::pollEntry(client, short(up.fromEvents() | down.toEvents())),
                         RelayDirection::pollEntry(upstream, short(down.fromEvents() | up.toEvents())),
                         {stopFd, POLLIN, 0}};
        if (::poll(fds, 3, -1) < 0) {
            if (errno == EINTR)
                continue;
            return;
        }
        if (fds[2].revents)
            return;
        if (!up.pump(fds[0].revents, fds[1].revents) || !down.pump(fds[1].revents, fds[0].revents))
            return;
    }
}

} // namespace

void serveProxyClient(ProxyServer &server, FileDescriptor client)
{
    const int stopFd = server.stopFd();
    QByteArray bytes;
    qsizetype headLength = 0;
    if (const int status = readHead(client.get(), stopFd, bytes, headLength); status != 0) {
        if (status > 0)
            sendAll(client.get(), proxyResponse(status, QStringLiteral("Sandpit's proxy: the request's head is "
                                                                       "too large.")), stopFd);
        return;
    }
    const ProxyRequest request = parseProxyRequest(bytes.left(headLength));
    if (request.kind == ProxyRequest::Kind::Refused) {
        sendAll(client.get(), proxyResponse(request.status, request.reason), stopFd);
        return;
    }
    const QString destination = request.host.contains(QLatin1Char(':'))
        ? QStringLiteral("[%1]:%2").arg(request.host).arg(request.port)
        : QStringLiteral("%1:%2").arg(request.host).arg(request.port);
    if (!server.allows(request.host, request.port)) {
        server.recordDenied(request.host, request.port);
        sendAll(client.get(), proxyResponse(403, QStringLiteral("Sandpit's allow-list denied %1: it is not "
                                                                "among the destinations this run may reach.")
                                                      .arg(destination)), stopFd);
        return;
    }
    const ProxyServer::Ticket ticket = server.recordAllowed(request.host, request.port);
    QString problem;
    QString failure;
    bool internal = false;
    const std::vector<sockaddr_storage> addresses
        = reachable(request.host, resolve(request.host, request.port, stopFd, problem, failure), internal);
    if (internal) {
        server.recordOutcome(ticket, {}, true);
        sendAll(client.get(),
                proxyResponse(403,
                              QStringLiteral("Sandpit's proxy denied %1: the name leads to "
                                             "the computer's own or its link's addresses, "
                                             "which only an entry naming that address (or "
                                             "localhost) allows.")
                                  .arg(destination)),
                stopFd);
        return;
    }
    FileDescriptor upstream = addresses.empty() ? FileDescriptor() : connectTo(addresses, stopFd, problem, failure);
    // The outcome completes the pending attempt, so the log never says a destination was
    // reached when its connection failed.
    if (!upstream.isValid() && failure.isEmpty())
        failure = QStringLiteral("could not connect");
    server.recordOutcome(ticket, upstream.isValid() ? QString() : failure);
    if (!upstream.isValid()) {
        sendAll(client.get(), proxyResponse(502, QStringLiteral("Sandpit's proxy could not reach %1: %2.")
                                                      .arg(destination, problem)), stopFd);
        return;
    }
    const QByteArray body = bytes.mid(headLength);
    const bool ready = request.kind == ProxyRequest::Kind::Connect
        ? sendAll(client.get(), "HTTP/1.1 200 Connection established\r\n\r\n", stopFd)
            && sendAll(upstream.get(), body, stopFd)
        : sendAll(upstream.get(), request.head + body, stopFd);
    if (ready)
        relay(client.get(), upstream.get(), stopFd);
}

} // namespace Sandpit::Core
