// A fresh run with a network allow-list, end to end: two HTTP servers and an echo server on
// the host's loopback, one HTTP server allowed. Written once and built twice: tst_runnetwork
// in the local sandbox (label sandbox), tst_runnetwork_docker in the offline Python image
// (SANDPIT_TEST_DOCKER, label docker).
#include "files/runfolders.h"
#include "network/networkproxy.h"
#include "support/allowharness.h"
#include "support/loopbackserver.h"
#include "support/runharness.h"
#ifdef SANDPIT_TEST_DOCKER
#include "support/dockerharness.h"
#endif

#include <QDirIterator>

using namespace SandpitTest;

namespace {

// The proxies' folders this user has now (see NetworkProxy::start).
QStringList proxyFolders()
{
    QStringList found;
    const auto parent = RunFolders::parent();
    QDirIterator it(parent ? *parent : QString(), {QStringLiteral("sandpit-run-proxy-*")}, QDir::Dirs);
    while (it.hasNext())
        found << it.next();
    return found;
}

} // namespace

class TestRunNetwork : public QObject, private RunFixture
{
    Q_OBJECT

public:
    TestRunNetwork()
        : RunFixture(makePythonController, 90000)
    {
    }

private Q_SLOTS:
    void init() { startEngine(); }
    void cleanup() { stopEngine(); }

    void onlyTheAllowedServerIsReachedAndEveryAttemptIsLogged()
    {
        LoopbackServer a(LoopbackServer::Mode::Http, "hello from A");
        LoopbackServer b(LoopbackServer::Mode::Http, "hello from B");
        LoopbackServer echo(LoopbackServer::Mode::Echo);
        RunRequest request = reachServers(a, b, echo);
        request.network = {allowLoopback(a.port()), allowLoopback(echo.port())};
        const Outcome o = run(request);
        QVERIFY2(o.result, why(o));
        const QStringList out = outputLines(o.result->stdoutData);
        QVERIFY2(out.size() == 5, o.result->stdoutData + o.result->stderrData);
        QCOMPARE(out[0], QStringLiteral("proxy http://127.0.0.1:3128"));
        QCOMPARE(out[1], QStringLiteral("A 200 hello from A"));
        QCOMPARE(out[2], QStringLiteral("B 403 Sandpit's allow-list denied 127.0.0.1:%1: it is not among the "
                                        "destinations this run may reach.")
                             .arg(b.port()));
        QCOMPARE(out[3], QStringLiteral("tunnel HTTP/1.1 200 Connection established ping"));
        QVERIFY2(out[4].startsWith(QLatin1String("raw refused")), qPrintable(out[4]));
        QCOMPARE(b.connections(), 0);
        QCOMPARE(a.connections(), 1); // through the proxy; the raw connect never arrived
        const QList<NetworkAttempt> expected{{QStringLiteral("127.0.0.1"), a.port(), true},
                                             {QStringLiteral("127.0.0.1"), b.port(), false},
                                             {QStringLiteral("127.0.0.1"), echo.port(), true}};
        QCOMPARE(o.result->network, expected);
        QVERIFY2(o.result->isolation.details.contains(
                     QStringLiteral("Network: only through Sandpit's proxy, to 127.0.0.1:%1, 127.0.0.1:%2.")
                         .arg(a.port())
                         .arg(echo.port())),
                 qPrintable(o.result->isolation.details.join(QLatin1Char('\n'))));
    }

    void aProgramThatFailsForWantOfANetworkIsToldSo()
    {
        const Outcome o = run(pythonRequest(fixture(QStringLiteral("network/fetch_without_network.py"))));
        QVERIFY2(o.result, why(o));
        QCOMPARE(o.result->exitCode, 1);
        QVERIFY2(o.result->killDetail.contains(QStringLiteral("It tried to reach the network")),
                 qPrintable(o.result->killDetail + o.result->stderrData));
        QVERIFY(o.result->killDetail.contains(QStringLiteral("Settings › Network")));
    }

    void theRequestsLibraryGoesThroughTheProxyToo()
    {
        LoopbackServer a(LoopbackServer::Mode::Http, "hello from A");
        LoopbackServer b(LoopbackServer::Mode::Http, "hello from B");
        RunRequest request = pythonRequest(fixture(QStringLiteral("network/reach_with_requests.py")),
                                           QStringList{QString::number(a.port()), QString::number(b.port())});
        request.network = {allowLoopback(a.port())};
        const Outcome o = run(request);
        QVERIFY2(o.result, why(o));
        const QStringList out = outputLines(o.result->stdoutData);
        QVERIFY2(out.size() == 2, o.result->stdoutData + o.result->stderrData);
        QCOMPARE(out[0], QStringLiteral("A 200 hello from A"));
        QVERIFY2(out[1].startsWith(QStringLiteral("B 403 Sandpit's allow-list denied 127.0.0.1:%1").arg(b.port())),
                 qPrintable(out[1]));
        QCOMPARE(a.connections(), 1);
        QCOMPARE(b.connections(), 0);
        const QList<NetworkAttempt> expected{{QStringLiteral("127.0.0.1"), a.port(), true},
                                             {QStringLiteral("127.0.0.1"), b.port(), false}};
        QCOMPARE(o.result->network, expected);
    }

    void withoutAListNothingIsReachableAndThereIsNoProxy()
    {
        LoopbackServer a(LoopbackServer::Mode::Http, "hello from A");
        LoopbackServer b(LoopbackServer::Mode::Http, "hello from B");
        LoopbackServer echo(LoopbackServer::Mode::Echo);
        const Outcome o = run(reachServers(a, b, echo));
        QVERIFY2(o.result, why(o));
        const QStringList out = outputLines(o.result->stdoutData);
        QVERIFY2(out.size() == 5, o.result->stdoutData + o.result->stderrData);
        QCOMPARE(out[0], QStringLiteral("proxy None"));
        QVERIFY2(out[1].startsWith(QLatin1String("A unreachable")), qPrintable(out[1]));
        QVERIFY2(out[2].startsWith(QLatin1String("B unreachable")), qPrintable(out[2]));
        QVERIFY2(out[3].startsWith(QLatin1String("tunnel unreachable")), qPrintable(out[3]));
        QVERIFY2(out[4].startsWith(QLatin1String("raw refused")), qPrintable(out[4]));
        QCOMPARE(a.connections() + b.connections() + echo.connections(), 0);
        QVERIFY(o.result->network.isEmpty());
    }

    void stoppingTheEngineMidRunClosesTheProxyAndItsTunnels()
    {
        LoopbackServer a(LoopbackServer::Mode::Http, "hello from A");
        LoopbackServer b(LoopbackServer::Mode::Http, "hello from B");
        LoopbackServer echo(LoopbackServer::Mode::Echo);
        const QStringList before = proxyFolders();
        RunRequest request = reachServers(a, b, echo, {QStringLiteral("hold")});
        request.network = {allowLoopback(echo.port())};
        RunWatcher watcher(*m_controller);
        watcher.outcome.id = m_controller->start(request);
        QTRY_VERIFY_WITH_TIMEOUT(watcher.outcome.liveStdout.contains("tunnel HTTP/1.1 200"), 60000);
        QCOMPARE(echo.ended(), 0);
        stopEngine();
        QTRY_COMPARE_WITH_TIMEOUT(echo.ended(), 1, 20000);
        QCOMPARE(proxyFolders(), before);
    }

#ifdef SANDPIT_TEST_DOCKER
    void anEngineThatDoesNotShareThisDiskRefusesARunWithAList()
    {
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("SANDPIT_DOCKER_TRANSFER"), QStringLiteral("archive"));
        const auto controller = dockerController(environment);
        const QStringList before = proxyFolders();
        RunRequest request = pythonRequest("print('never runs')\n");
        request.network = {allowLoopback(8080)};
        const Outcome o = runToEnd(*controller, request);
        QVERIFY(o.error);
        QCOMPARE(o.error->code, RunError::Code::BadRequest);
        QVERIFY2(o.error->message.startsWith(QLatin1String("A run with network access (an allow-list) in Docker "
                                                           "needs an engine that shares this computer's disk")),
                 qPrintable(o.error->message));
        QCOMPARE(proxyFolders(), before);
    }
#endif
};

QTEST_GUILESS_MAIN(TestRunNetwork)
#include "tst_runnetwork.moc"
