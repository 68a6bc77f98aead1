// A fetch through Sandpit's network proxy against the same fetch made directly, on the host:
// what the proxy itself (its Unix socket, the head it reads and rewrites, the allow-list, the
// connect and the relay) adds to each request. Alternating trials, medians, ratios to direct.
#include "benchstats.h"
#include "network/networkproxy.h"
#include "support/loopbackserver.h"

#include <QCoreApplication>

#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/un.h>

using namespace Sandpit::Core;
using namespace SandpitBench;
using SandpitTest::LoopbackServer;

namespace {

qsizetype fetch(int fd, const QByteArray &request)
{
    ::send(fd, request.constData(), size_t(request.size()), MSG_NOSIGNAL);
    qsizetype total = 0;
    static char chunk[64 * 1024];
    for (ssize_t n; (n = ::recv(fd, chunk, sizeof chunk, 0)) > 0;)
        total += n;
    ::close(fd);
    return total;
}

qsizetype direct(quint16 port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ::connect(fd, reinterpret_cast<sockaddr *>(&address), sizeof address);
    return fetch(fd, "GET /data HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
}

qsizetype proxied(const NetworkProxy &proxy, quint16 port)
{
    const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    qstrncpy(address.sun_path, proxy.socketPath().toLocal8Bit().constData(), sizeof address.sun_path);
    ::connect(fd, reinterpret_cast<sockaddr *>(&address), sizeof address);
    return fetch(fd, "GET http://127.0.0.1:" + QByteArray::number(port) + "/data HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
}

void compare(const char *what, quint16 port, const NetworkProxy &proxy, int trials)
{
    Samples plain;
    Samples through;
    for (int i = 0; i < trials; ++i) {
        QElapsedTimer timer;
        timer.start();
        direct(port);
        plain.ms << timer.nsecsElapsed() / 1e6;
        timer.restart();
        proxied(proxy, port);
        through.ms << timer.nsecsElapsed() / 1e6;
    }
    std::printf("\n%s, %d trials\n", what, trials);
    printHeader();
    printRow("direct (baseline)", plain, plain.median());
    printRow("through the proxy", through, plain.median());
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int trials = argc > 1 ? std::max(1, std::atoi(argv[1])) : 200;
    LoopbackServer small(LoopbackServer::Mode::Http, QByteArray(1024, 'x'));
    LoopbackServer large(LoopbackServer::Mode::Http, QByteArray(16 * 1024 * 1024, 'x'));
    auto proxy = NetworkProxy::start({*parseAllowedDestination(QStringLiteral("127.0.0.1:%1").arg(small.port())),
                                      *parseAllowedDestination(QStringLiteral("127.0.0.1:%1").arg(large.port()))});
    if (!proxy) {
        std::fprintf(stderr, "%s\n", qPrintable(proxy.error().message));
        return 1;
    }
    compare("1 KB body", small.port(), **proxy, trials);
    compare("16 MB body", large.port(), **proxy, std::max(1, trials / 10));
    return 0;
}
