// Sandpit's proxy on its own, as the forwarder in a sandbox sees it: a client on its Unix
// socket, two HTTP servers and an echo server on the host's loopback.
#include "network/internaladdress.h"
#include "network/networkproxy.h"
#include "network/proxyserver.h"
#include "support/loopbackserver.h"

#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/un.h>

#include <chrono>
#include <thread>

using namespace Sandpit::Core;
using SandpitTest::LoopbackServer;

namespace {

AllowedDestination allow(quint16 port)
{
    return *parseAllowedDestination(QStringLiteral("127.0.0.1:%1").arg(port));
}

// A client of the proxy, as the forwarder is: blocking, with a timeout so that a proxy that
// never answers fails the test instead of hanging it.
class ProxyClient
{
public:
    explicit ProxyClient(const QString &socketPath)
        : m_fd(socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0))
    {
        sockaddr_un address{};
        address.sun_family = AF_UNIX;
        qstrncpy(address.sun_path, socketPath.toLocal8Bit().constData(), sizeof address.sun_path);
        timeval timeout{10, 0};
        setsockopt(m_fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
        setsockopt(m_fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout);
        m_connected = ::connect(m_fd, reinterpret_cast<sockaddr *>(&address), sizeof address) == 0;
    }
    ~ProxyClient() { close(m_fd); }
    bool connected() const { return m_connected; }
    /// Whether the proxy has closed: recv says end of file (0), not a timeout's EAGAIN.
    bool atEnd()
    {
        char byte;
        return recv(m_fd, &byte, 1, 0) == 0;
    }
    bool send(const QByteArray &bytes) { return ::send(m_fd, bytes.constData(), size_t(bytes.size()), MSG_NOSIGNAL) == bytes.size(); }
    /// Everything until the proxy closes, or until `until` has come.
    QByteArray read(const QByteArray &until = {})
    {
        QByteArray got;
        char chunk[4096];
        while (until.isEmpty() || !got.contains(until)) {
            const ssize_t n = recv(m_fd, chunk, sizeof chunk, 0);
            if (n <= 0)
                break;
            got.append(chunk, n);
        }
        return got;
    }

private:
    int m_fd;
    bool m_connected = false;
};

// A listening port whose accept queue is full: the kernel drops the next SYN, so a connect to
// it neither succeeds nor fails until the queue has room (as a blackholed port does).
class SilentPort
{
public:
    SilentPort()
        : m_listening(socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0))
    {
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t length = sizeof address;
        bind(m_listening, reinterpret_cast<sockaddr *>(&address), length);
        listen(m_listening, 0);
        getsockname(m_listening, reinterpret_cast<sockaddr *>(&address), &length);
        m_port = ntohs(address.sin_port);
        for (int &filler : m_fillers) {
            filler = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
            ::connect(filler, reinterpret_cast<sockaddr *>(&address), sizeof address);
        }
    }
    ~SilentPort()
    {
        for (const int filler : m_fillers)
            close(filler);
        for (const int fd : m_accepted)
            close(fd);
        close(m_listening);
    }
    quint16 port() const { return m_port; }
    /// Makes room, so that a connect waiting on it goes through at its SYN's next try.
    void acceptAll()
    {
        for (;;) {
            const int fd = accept4(m_listening, nullptr, nullptr, SOCK_CLOEXEC | SOCK_NONBLOCK);
            if (fd < 0)
                break;
            m_accepted.append(fd);
        }
        listen(m_listening, 16);
    }

private:
    int m_listening;
    int m_fillers[2] = {-1, -1};
    QList<int> m_accepted;
    quint16 m_port = 0;
};

QByteArray get(const NetworkProxy &proxy, quint16 port, const QByteArray &path = "/")
{
    ProxyClient client(proxy.socketPath());
    client.send("GET http://127.0.0.1:" + QByteArray::number(port) + path
                + " HTTP/1.1\r\nHost: 127.0.0.1\r\nProxy-Connection: keep-alive\r\n\r\n");
    return client.read();
}

QByteArray connectTo(const NetworkProxy &proxy, const QByteArray &authority)
{
    ProxyClient client(proxy.socketPath());
    client.send("CONNECT " + authority + " HTTP/1.1\r\n\r\n");
    return client.read();
}

sockaddr_storage address(const char *text)
{
    sockaddr_storage storage{};
    if (inet_pton(AF_INET, text, &reinterpret_cast<sockaddr_in *>(&storage)->sin_addr) == 1) {
        storage.ss_family = AF_INET;
    } else {
        storage.ss_family = AF_INET6;
        inet_pton(AF_INET6, text, &reinterpret_cast<sockaddr_in6 *>(&storage)->sin6_addr);
    }
    return storage;
}

// CPU time of the whole process (every thread) in milliseconds.
qint64 cpuMilliseconds()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return (qint64(usage.ru_utime.tv_sec) + usage.ru_stime.tv_sec) * 1000
        + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000;
}

} // namespace

class TestNetworkProxy : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void plainRequestReachesAnAllowedServerInOriginForm()
    {
        LoopbackServer server(LoopbackServer::Mode::Http, "from A");
        auto proxy = NetworkProxy::start({allow(server.port())});
        QVERIFY(proxy);
        const QByteArray reply = get(**proxy, server.port(), "/data?x=1");
        QVERIFY2(reply.startsWith("HTTP/1.0 200"), reply);
        QVERIFY(reply.endsWith("from A"));
        const QByteArray request = server.lastRequest();
        QVERIFY2(request.startsWith("GET /data?x=1 HTTP/1.1\r\n"), request);
        QVERIFY(request.contains("Connection: close\r\n"));
        QVERIFY(!request.contains("Proxy-Connection"));
        QCOMPARE((*proxy)->attempts(), (QList<NetworkAttempt>{{QStringLiteral("127.0.0.1"), server.port(), true}}));
    }

    void aNameIsAllowedAsWrittenAndResolvedOnTheHost()
    {
        LoopbackServer server(LoopbackServer::Mode::Http, "from A");
        auto proxy = NetworkProxy::start({*parseAllowedDestination(QStringLiteral("LocalHost:%1").arg(server.port()))});
        QVERIFY(proxy);
        ProxyClient client((*proxy)->socketPath());
        client.send("GET http://localhost:" + QByteArray::number(server.port()) + "/ HTTP/1.1\r\n\r\n");
        const QByteArray reply = client.read();
        QVERIFY2(reply.endsWith("from A"), reply);
        QVERIFY2(server.lastRequest().contains("Host: localhost:"), server.lastRequest());
        // By name, as the program asked: 127.0.0.1 is not on the list, though localhost is it.
        const QByteArray byAddress = get(**proxy, server.port());
        QVERIFY2(byAddress.startsWith("HTTP/1.1 403"), byAddress);
        QCOMPARE((*proxy)->attempts(),
                 (QList<NetworkAttempt>{{QStringLiteral("localhost"), server.port(), true},
                                        {QStringLiteral("127.0.0.1"), server.port(), false}}));
    }

    void aDestinationNotOnTheListGets403AndIsNeverReached()
    {
        LoopbackServer allowed(LoopbackServer::Mode::Http, "A");
        LoopbackServer denied(LoopbackServer::Mode::Http, "B");
        auto proxy = NetworkProxy::start({allow(allowed.port())});
        QVERIFY(proxy);
        const QByteArray reply = get(**proxy, denied.port());
        QVERIFY2(reply.startsWith("HTTP/1.1 403"), reply);
        QVERIFY2(reply.contains("Sandpit's allow-list denied 127.0.0.1:" + QByteArray::number(denied.port())), reply);
        QCOMPARE(denied.connections(), 0);
        QCOMPARE((*proxy)->attempts(),
                 (QList<NetworkAttempt>{{QStringLiteral("127.0.0.1"), denied.port(), false}}));
    }

    // A listed host:port on which nothing listens: allowed, but the log and the run's list say
    // the connection failed and why, never that the destination was reached.
    void anAllowedDestinationThatRefusesIsLoggedAsFailed()
    {
        const SandpitTest::RefusingPort refusing;
        const quint16 port = refusing.port();
        QTemporaryDir dir;
        const QString log = dir.filePath(QStringLiteral("network.log"));
        auto proxy = NetworkProxy::start({allow(port)}, log);
        QVERIFY(proxy);
        const QByteArray reply = connectTo(**proxy, "127.0.0.1:" + QByteArray::number(port));
        QVERIFY2(reply.startsWith("HTTP/1.1 502"), reply);
        const QList<NetworkAttempt> expected{
            {QStringLiteral("127.0.0.1"), port, true, false, QStringLiteral("refused")}};
        QCOMPARE((*proxy)->attempts(), expected);
        QCOMPARE(readAttemptLog(log), expected);
        QCOMPARE(expected.first().outcomeId(), QStringLiteral("failed"));
        QVERIFY(!expected.first().reached());
    }

    // A listed host:port that does not answer: the attempt is in the run's list and the log
    // from the moment it is allowed, as pending, even after the client gave up; a run that
    // ends before the connect's deadline still says it was tried.
    void anAttemptIsListedAsPendingUntilItConnects()
    {
        SilentPort silent;
        QTemporaryDir dir;
        const QString log = dir.filePath(QStringLiteral("network.log"));
        auto proxy = NetworkProxy::start({allow(silent.port())}, log);
        QVERIFY(proxy);
        {
            ProxyClient client((*proxy)->socketPath());
            QVERIFY(client.send("CONNECT 127.0.0.1:" + QByteArray::number(silent.port()) + " HTTP/1.1\r\n\r\n"));
        } // the client gives up early
        const QList<NetworkAttempt> pending{{QStringLiteral("127.0.0.1"), silent.port(), true, false, {}, true}};
        QTRY_COMPARE((*proxy)->attempts(), pending);
        QCOMPARE(readAttemptLog(log), pending);
        QCOMPARE(pending.first().outcomeId(), QStringLiteral("pending"));
        QVERIFY(!pending.first().reached());

        // A named sandbox's next command starts reading here: the first command's attempt,
        // completed later, is not listed as the next one's.
        const qint64 nextCommand = QFileInfo(log).size();
        silent.acceptAll();
        const QList<NetworkAttempt> connected{{QStringLiteral("127.0.0.1"), silent.port(), true}};
        QTRY_COMPARE_WITH_TIMEOUT((*proxy)->attempts(), connected, 15000);
        QTRY_COMPARE(readAttemptLog(log), connected);
        QCOMPARE(readAttemptLog(log, nextCommand), QList<NetworkAttempt>{});
    }

    // A log written before attempts were recorded when decided still reads.
    void anOlderLogWithoutPendingLinesStillReads()
    {
        QTemporaryDir dir;
        const QString log = dir.filePath(QStringLiteral("network.log"));
        QFile file(log);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"host\":\"a.org\",\"port\":443,\"allowed\":true}\n"
                   "{\"host\":\"b.org\",\"port\":80,\"allowed\":true,\"failure\":\"refused\"}\n"
                   "{\"host\":\"c.org\",\"port\":80,\"allowed\":false}\n");
        file.close();
        QCOMPARE(readAttemptLog(log),
                 (QList<NetworkAttempt>{{QStringLiteral("a.org"), 443, true},
                                        {QStringLiteral("b.org"), 80, true, false, QStringLiteral("refused")},
                                        {QStringLiteral("c.org"), 80, false}}));
    }

    void connectTunnelsBytesBothWays()
    {
        LoopbackServer echo(LoopbackServer::Mode::Echo);
        auto proxy = NetworkProxy::start({allow(echo.port())});
        QVERIFY(proxy);
        ProxyClient client((*proxy)->socketPath());
        const QByteArray port = QByteArray::number(echo.port());
        QVERIFY(client.send("CONNECT 127.0.0.1:" + port + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\n\r\n"));
        QVERIFY(client.read("\r\n\r\n").startsWith("HTTP/1.1 200"));
        QVERIFY(client.send("ping\n"));
        QCOMPARE(client.read("\n"), QByteArray("ping\n"));
    }

    void attemptsAreLoggedInOrderToTheFileToo()
    {
        LoopbackServer a(LoopbackServer::Mode::Http, "A");
        LoopbackServer b(LoopbackServer::Mode::Http, "B");
        QTemporaryDir dir;
        const QString log = dir.filePath(QStringLiteral("network.jsonl"));
        auto proxy = NetworkProxy::start({allow(a.port())}, log);
        QVERIFY(proxy);
        get(**proxy, a.port());
        get(**proxy, b.port());
        get(**proxy, a.port());
        const QList<NetworkAttempt> expected{{QStringLiteral("127.0.0.1"), a.port(), true},
                                             {QStringLiteral("127.0.0.1"), b.port(), false},
                                             {QStringLiteral("127.0.0.1"), a.port(), true}};
        QCOMPARE((*proxy)->attempts(), expected);
        QCOMPARE(readAttemptLog(log), expected);
    }

    void anOversizedRequestLineGets431()
    {
        LoopbackServer server(LoopbackServer::Mode::Http, "A");
        auto proxy = NetworkProxy::start({allow(server.port())});
        QVERIFY(proxy);
        ProxyClient client((*proxy)->socketPath());
        // 10 MB of request line: the proxy answers once it has read past its bound and closes,
        // so the sending stops early with an error, and the answer is there to read.
        const QByteArray chunk = "GET http://127.0.0.1/" + QByteArray(64 * 1024, 'a');
        for (int sent = 0; sent < 160 && client.send(chunk); ++sent) { }
        const QByteArray reply = client.read();
        QVERIFY2(reply.startsWith("HTTP/1.1 431"), reply.left(200));
        QCOMPARE(server.connections(), 0);
        QVERIFY((*proxy)->attempts().isEmpty());
    }

    void aClientThatStallsDoesNotStallOthers()
    {
        LoopbackServer server(LoopbackServer::Mode::Http, "A");
        auto proxy = NetworkProxy::start({allow(server.port())});
        QVERIFY(proxy);
        ProxyClient stalled((*proxy)->socketPath());
        QVERIFY(stalled.send("GET http://127.0.0.1:"));
        QVERIFY(get(**proxy, server.port()).endsWith("A"));
    }

    void stoppingClosesEveryConnectionAndTheSocket()
    {
        LoopbackServer echo(LoopbackServer::Mode::Echo);
        auto proxy = NetworkProxy::start({allow(echo.port())});
        QVERIFY(proxy);
        const QString socketPath = (*proxy)->socketPath();
        QCOMPARE(QFileInfo(socketPath).permissions() & QFile::WriteOther, QFile::WriteOther);
        QCOMPARE(QFileInfo(QFileInfo(socketPath).path()).permissions() & (QFile::ReadGroup | QFile::ReadOther),
                 QFileDevice::Permissions());
        // A run's folder, so that a later Sandpit sweeps it should this one be killed.
        QVERIFY(QFileInfo(socketPath).path().section(QLatin1Char('/'), -1).startsWith(QLatin1String("sandpit-run-")));
        QVERIFY(QFileInfo::exists(QFileInfo(socketPath).path() + QStringLiteral("/owner")));
        ProxyClient client(socketPath);
        const QByteArray port = QByteArray::number(echo.port());
        QVERIFY(client.send("CONNECT 127.0.0.1:" + port + " HTTP/1.1\r\n\r\n"));
        QVERIFY(client.read("\r\n\r\n").startsWith("HTTP/1.1 200"));
        proxy->reset();
        QVERIFY(client.atEnd());
        QVERIFY(!QFileInfo::exists(socketPath));
        QVERIFY(!QFileInfo::exists(QFileInfo(socketPath).path()));
    }

    void badRequestsGet400()
    {
        auto proxy = NetworkProxy::start({allow(80)});
        QVERIFY(proxy);
        for (const QByteArray &head : {QByteArray("GET /relative HTTP/1.1\r\n\r\n"),
                                       QByteArray("CONNECT nohost HTTP/1.1\r\n\r\n"),
                                       QByteArray("GET https://example.org/ HTTP/1.1\r\n\r\n"),
                                       QByteArray("nonsense\r\n\r\n")}) {
            ProxyClient client((*proxy)->socketPath());
            client.send(head);
            QVERIFY2(client.read().startsWith("HTTP/1.1 400"), head);
        }
        QVERIFY((*proxy)->attempts().isEmpty());
    }

    void aHostOver255CharactersGets400AndIsNotLogged()
    {
        auto proxy = NetworkProxy::start({allow(80)});
        QVERIFY(proxy);
        const QByteArray reply = connectTo(**proxy, QByteArray(256, 'h') + ":443");
        QVERIFY2(reply.startsWith("HTTP/1.1 400"), reply);
        QVERIFY((*proxy)->attempts().isEmpty());
        QVERIFY(connectTo(**proxy, QByteArray(255, 'h') + ":443").startsWith("HTTP/1.1 403"));
        QCOMPARE((*proxy)->attempts().size(), 1);
    }

    void aHostWithBytesNoHostHasIsRefusedAndNotLogged()
    {
        // An escape sequence as a host would reach the terminal of whoever lists the attempts.
        auto proxy = NetworkProxy::start({allow(80)});
        QVERIFY(proxy);
        for (const QByteArray &host : {QByteArray("\x1b]52;c;aGk=\x07"), QByteArray("a b"), QByteArray("user@h")})
            QVERIFY2(connectTo(**proxy, host + ":443").startsWith("HTTP/1.1 400"), host);
        QVERIFY((*proxy)->attempts().isEmpty());
        QVERIFY(connectTo(**proxy, "[::1%lo]:443").startsWith("HTTP/1.1 403")); // a zone is a host's
    }

    void theAttemptListIsCappedAndSaysHowManyWereLeftOut()
    {
        auto proxy = NetworkProxy::start({allow(80)});
        QVERIFY(proxy);
        for (int i = 0; i < kMaxListedAttempts + 3; ++i)
            QVERIFY(connectTo(**proxy, "h" + QByteArray::number(i) + ":443").startsWith("HTTP/1.1 403"));
        const QList<NetworkAttempt> attempts = (*proxy)->attempts();
        QCOMPARE(attempts.size(), kMaxListedAttempts + 1);
        QCOMPARE(attempts.first(), (NetworkAttempt{QStringLiteral("h0"), 443, false}));
        QCOMPARE(attempts.last(), (NetworkAttempt{QStringLiteral("3 more attempts not listed"), 0, false}));
    }

    void theLogOutlivesTheListsCapAndHasACapOfItsOwn()
    {
        QTemporaryDir dir;
        const QString log = dir.filePath(QStringLiteral("network.log"));
        auto proxy = NetworkProxy::start({allow(80)}, log);
        QVERIFY(proxy);
        for (int i = 0; i < kMaxListedAttempts + 1; ++i)
            QVERIFY(connectTo(**proxy, "h" + QByteArray::number(i) + ":443").startsWith("HTTP/1.1 403"));
        // A named sandbox's later command reads its part of the log from where it began.
        const qint64 before = QFileInfo(log).size();
        QVERIFY(connectTo(**proxy, "later:443").startsWith("HTTP/1.1 403"));
        QCOMPARE(readAttemptLog(log, before), (QList<NetworkAttempt>{{QStringLiteral("later"), 443, false}}));
        // Read whole, it is listed as a run's list is: the first ones, then how many more.
        const QList<NetworkAttempt> whole = readAttemptLog(log);
        QCOMPARE(whole.size(), kMaxListedAttempts + 1);
        QCOMPARE(whole.last(), (NetworkAttempt{QStringLiteral("2 more attempts not listed"), 0, false}));
        proxy->reset();

        // Past its denied budget (a program that looped on denied hosts for days), denied
        // attempts are counted, and an allowed one is still logged after their count.
        LoopbackServer server(LoopbackServer::Mode::Http, "A");
        QFile filled(log);
        QVERIFY(filled.open(QIODevice::WriteOnly | QIODevice::Truncate));
        QVERIFY(filled.write(QByteArray(kDeniedLogBytes, '\n')) == kDeniedLogBytes);
        filled.close();
        proxy = NetworkProxy::start({allow(server.port())}, log);
        QVERIFY(proxy);
        const qint64 flooded = QFileInfo(log).size();
        for (int i = 0; i < 3; ++i)
            QVERIFY(connectTo(**proxy, "denied" + QByteArray::number(i) + ":443").startsWith("HTTP/1.1 403"));
        get(**proxy, server.port());
        QCOMPARE(readAttemptLog(log, flooded),
                 (QList<NetworkAttempt>{{QStringLiteral("127.0.0.1"), server.port(), true},
                                        {deniedNotLoggedText(3), 0, false}}));
        QCOMPARE((*proxy)->attempts().size(), 4); // the engine's own list still has them all
        proxy->reset();

        // At its hard cap, one last line says so and nothing follows.
        QVERIFY(filled.open(QIODevice::WriteOnly | QIODevice::Truncate));
        QVERIFY(filled.write(QByteArray(kMaxAttemptLogBytes - 40, '\n')) == kMaxAttemptLogBytes - 40);
        filled.close();
        proxy = NetworkProxy::start({allow(server.port())}, log);
        QVERIFY(proxy);
        get(**proxy, server.port());
        get(**proxy, server.port());
        QVERIFY(QFileInfo(log).size() <= kMaxAttemptLogBytes);
        QCOMPARE(readAttemptLog(log), (QList<NetworkAttempt>{{attemptLogFullText(), 0, false}}));
    }

    void theProgramsHostHeaderIsReplacedByTheTargets()
    {
        LoopbackServer server(LoopbackServer::Mode::Http, "A");
        auto proxy = NetworkProxy::start({allow(server.port())});
        QVERIFY(proxy);
        ProxyClient client((*proxy)->socketPath());
        const QByteArray port = QByteArray::number(server.port());
        client.send("GET http://127.0.0.1:" + port + "/ HTTP/1.1\r\nHost: other-tenant.example\r\nhost: x\r\n\r\n");
        QVERIFY(client.read().endsWith("A"));
        const QByteArray request = server.lastRequest();
        QVERIFY2(request.contains("Host: 127.0.0.1:" + port + "\r\n"), request);
        QCOMPARE(request.toLower().count("host:"), 1);
    }

    void aNameThatResolvesToALoopbackAddressIsRefused()
    {
        // getaddrinfo reads "127.1" as 127.0.0.1, yet it is a name to the allow-list: listing
        // it is not listing the address, so the host's loopback stays closed.
        LoopbackServer server(LoopbackServer::Mode::Http, "A");
        auto proxy = NetworkProxy::start({*parseAllowedDestination(QStringLiteral("127.1:%1").arg(server.port()))});
        QVERIFY(proxy);
        ProxyClient client((*proxy)->socketPath());
        client.send("GET http://127.1:" + QByteArray::number(server.port()) + "/ HTTP/1.1\r\n\r\n");
        const QByteArray reply = client.read();
        QVERIFY2(reply.startsWith("HTTP/1.1 403"), reply);
        QVERIFY2(reply.contains("computer's own"), reply);
        QCOMPARE(server.connections(), 0);
        QCOMPARE((*proxy)->attempts(), (QList<NetworkAttempt>{{QStringLiteral("127.1"), server.port(), false}}));
    }

    void internalAddressesAreTheHostsOwnAndItsLinks()
    {
        for (const char *internal : {"127.0.0.1", "127.9.8.7", "0.0.0.0", "169.254.169.254", "::1", "::", "fe80::1",
                                     "::ffff:127.0.0.1", "::ffff:169.254.169.254"})
            QVERIFY2(isInternalAddress(address(internal)), internal);
        for (const char *outside : {"93.184.216.34", "10.0.0.1", "2606:4700::1111", "::ffff:93.184.216.34"})
            QVERIFY2(!isInternalAddress(address(outside)), outside);
        QVERIFY(namesAddressLiterally(QStringLiteral("localhost")));
        QVERIFY(namesAddressLiterally(QStringLiteral("127.0.0.1")));
        QVERIFY(namesAddressLiterally(QStringLiteral("::1")));
        QVERIFY(!namesAddressLiterally(QStringLiteral("127.1")));
        QVERIFY(!namesAddressLiterally(QStringLiteral("localhost.uni.edu")));
    }

    void aRelayWhoseClientHasGoneDoesNotSpin()
    {
        // A destination that never answers: the kernel completes the connection in the listen
        // queue and nobody ever reads or writes it. The client leaves at once, so its side has
        // nothing to wait for while the proxy waits on the destination.
        const int silent = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        sockaddr_in bound{};
        bound.sin_family = AF_INET;
        bound.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t length = sizeof bound;
        QVERIFY(bind(silent, reinterpret_cast<sockaddr *>(&bound), sizeof bound) == 0 && listen(silent, 4) == 0);
        QVERIFY(getsockname(silent, reinterpret_cast<sockaddr *>(&bound), &length) == 0);
        const quint16 port = ntohs(bound.sin_port);
        auto proxy = NetworkProxy::start({allow(port)});
        QVERIFY(proxy);
        {
            ProxyClient client((*proxy)->socketPath());
            client.send("CONNECT 127.0.0.1:" + QByteArray::number(port) + " HTTP/1.1\r\n\r\n");
            QVERIFY(client.read("\r\n\r\n").startsWith("HTTP/1.1 200"));
        }
        // CPU use over a second, not a wall-clock bound: a relay that spins uses all of it.
        const qint64 before = cpuMilliseconds();
        std::this_thread::sleep_for(std::chrono::seconds(1));
        const qint64 used = cpuMilliseconds() - before;
        proxy->reset();
        close(silent);
        QVERIFY2(used < 300, qPrintable(QStringLiteral("%1 ms of CPU in a second").arg(used)));
    }

    void anEmptyListStartsNoProxy()
    {
        const auto proxy = NetworkProxy::start({});
        QVERIFY(!proxy);
        QCOMPARE(proxy.error().code, RunError::Code::BadRequest);
    }
};

QTEST_GUILESS_MAIN(TestNetworkProxy)
#include "tst_networkproxy.moc"
