// The sentence that tells a learner their program failed for want of a network, not a bug:
// only for a run with no network at all, which ended with an error of its own, and whose last
// words are a failed lookup or an unreachable network.
#include "network/nonetworkhint.h"

#include <QTest>

using namespace Sandpit::Core;

namespace {
RunResult failedWithoutNetwork()
{
    RunResult result;
    result.stage = RunStage::Run;
    result.exitCode = 1;
    result.isolation.level = IsolationReport::Level::Full;
    result.isolation.details = {QStringLiteral("Network: none; the program has only its own loopback device.")};
    return result;
}

const QByteArray kPythonLookup = "urllib.error.URLError: <urlopen error [Errno -3] Temporary failure in name "
                                 "resolution>\n";
} // namespace

class TestNoNetworkHint : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void lookupsAndUnreachableNetworksInEachLanguagesWords_data()
    {
        QTest::addColumn<QByteArray>("said");
        QTest::newRow("python urllib") << kPythonLookup;
        QTest::newRow("python requests")
            << QByteArray("requests.exceptions.ConnectionError: HTTPConnectionPool(host='example.org', port=80): "
                          "Max retries exceeded (Caused by NewConnectionError(... [Errno -3] Temporary failure in "
                          "name resolution'))\n");
        QTest::newRow("python address") << QByteArray("OSError: [Errno 101] Network is unreachable\n");
        QTest::newRow("node") << QByteArray("Error: getaddrinfo EAI_AGAIN example.org\n");
        QTest::newRow("java") << QByteArray("Exception in thread \"main\" java.net.UnknownHostException: example.org\n");
        QTest::newRow("rust")
            << QByteArray("called `Result::unwrap()` on an `Err` value: failed to lookup address information\n");
        QTest::newRow("curl") << QByteArray("curl: (6) Could not resolve host: example.org\n");
    }

    void lookupsAndUnreachableNetworksInEachLanguagesWords()
    {
        QFETCH(QByteArray, said);
        const QString hint = noNetworkHint(failedWithoutNetwork(), said);
        QVERIFY2(hint.contains(QStringLiteral("Settings › Network")), qPrintable(hint));
        QVERIFY(hint.contains(QStringLiteral("--allow-net")));
    }

    void anyOtherErrorGetsNoHint()
    {
        QVERIFY(noNetworkHint(failedWithoutNetwork(), "ZeroDivisionError: division by zero\n").isEmpty());
    }

    void aRunThatMayReachHostsGetsNoHint()
    {
        RunResult proxied = failedWithoutNetwork();
        proxied.isolation.details = {QStringLiteral("Network: only through Sandpit's proxy, to pypi.org:443.")};
        QVERIFY(noNetworkHint(proxied, kPythonLookup).isEmpty());
        RunResult tried = failedWithoutNetwork();
        tried.network = {NetworkAttempt{QStringLiteral("pypi.org"), 443, false}};
        QVERIFY(noNetworkHint(tried, kPythonLookup).isEmpty());
    }

    void aSandboxWithoutItsOwnNetworkGetsNoHint()
    {
        RunResult partial = failedWithoutNetwork();
        partial.isolation.level = IsolationReport::Level::Partial;
        QVERIFY(noNetworkHint(partial, kPythonLookup).isEmpty());
        RunResult shared = failedWithoutNetwork();
        shared.isolation.details = {QStringLiteral("Network: shared with this computer, as you allowed.")};
        QVERIFY(noNetworkHint(shared, kPythonLookup).isEmpty());
    }

    void onlyARunThatEndedWithItsOwnError()
    {
        RunResult fine = failedWithoutNetwork();
        fine.exitCode = 0;
        QVERIFY(noNetworkHint(fine, kPythonLookup).isEmpty());
        RunResult timedOut = failedWithoutNetwork();
        timedOut.killReason = KillReason::Timeout;
        QVERIFY(noNetworkHint(timedOut, kPythonLookup).isEmpty());
        RunResult compiling = failedWithoutNetwork();
        compiling.stage = RunStage::Compile;
        QVERIFY(noNetworkHint(compiling, kPythonLookup).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestNoNetworkHint)
#include "tst_nonetworkhint.moc"
