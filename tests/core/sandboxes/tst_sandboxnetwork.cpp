// A named sandbox with a network allow-list, end to end: two HTTP servers and an echo server on
// the host's loopback, one HTTP server (and the echo server) allowed at create. The sandbox's
// proxy (sandpit-proxy) lives as long as the sandbox and no longer. Written once and built
// twice: tst_sandboxnetwork on the local backend (label sandbox, so also run as an unprivileged
// user), tst_sandboxnetwork_docker on the local daemon with the offline Python image
// (SANDPIT_TEST_DOCKER, label docker).
#include "sandboxes/localsandboxes.h"
#include "sandboxes/sandboxproxy.h"
#include "support/allowharness.h"
#include "support/loopbackserver.h"
#include "support/runharness.h"
#ifdef SANDPIT_TEST_DOCKER
#include "docker/dockerbackend.h"
#include "docker/dockersandboxes.h"
#include "docker/dockersandboxfolder.h"
#include "support/dockerharness.h"
#endif

#include <QDirIterator>
#include <QScopeGuard>
#include <QTemporaryDir>

#include <csignal>
#include <unistd.h>

using namespace SandpitTest;

namespace {

// Every running sandpit-proxy whose command line names `folder`: a proxy is started with its
// sandbox's folder as its first argument.
QList<qint64> proxiesServing(const QString &folder)
{
    QList<qint64> found;
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &entry : entries) {
        bool isPid = false;
        const qint64 pid = entry.toLongLong(&isPid);
        QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(pid));
        if (!isPid || !cmdline.open(QIODevice::ReadOnly))
            continue;
        const QList<QByteArray> arguments = cmdline.readAll().split('\0');
        if (arguments.size() > 1 && arguments[0].endsWith("sandpit-proxy") && arguments[1] == QFile::encodeName(folder)
            && ProcessIdentity::of(pid).isRunning())
            found << pid;
    }
    return found;
}

QStringList socketsUnder(const QString &folder)
{
    QStringList found;
    QDirIterator it(folder, QDir::System | QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        if (it.fileInfo().fileName() == QLatin1String("proxy.sock"))
            found << path;
    }
    return found;
}

} // namespace

class TestSandboxNetwork : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_root{QDir::tempPath() + QStringLiteral("/tst_sandboxnetwork-XXXXXX")};
    std::unique_ptr<SandboxStore> m_store;
    std::unique_ptr<RunController> m_engine;
    QStringList m_made;
    int m_count = 0;
#ifdef SANDPIT_TEST_DOCKER
    QProcessEnvironment m_environment;
    std::shared_ptr<DockerConnector> m_connector;
    const QString m_backend = QStringLiteral("docker");
#else
    const QString m_backend = QStringLiteral("local");
#endif

    QString create(const QList<AllowedDestination> &network)
    {
        SandboxSpec spec;
        spec.name = QStringLiteral("net-%1-%2").arg(::getpid()).arg(++m_count);
        spec.backend = m_backend;
        spec.network = network;
        const auto made = m_store->create(spec);
        if (!made)
            qWarning("create failed: %s", qPrintable(made.error().message));
        m_made << spec.name;
        return made ? made->name : QString();
    }

    // The sandbox's own folder on the host, where its proxy keeps its socket and its log.
    QString folderOf(const QString &name) const
    {
#ifdef SANDPIT_TEST_DOCKER
        return DockerSandboxFolder(name, m_environment).root();
#else
        return m_root.path() + QLatin1Char('/') + name;
#endif
    }

    // Ends the sandbox behind the store's back: its keeper killed, or its container killed.
    void endByItself(const QString &name)
    {
#ifdef SANDPIT_TEST_DOCKER
        const auto client = m_connector->client();
        QVERIFY(client);
        const auto killed = client->call("POST", QStringLiteral("/containers/sandpit-%1/kill").arg(name));
        QVERIFY(killed && killed->ok());
#else
        const auto state = readKeyValueFile(folderOf(name) + QStringLiteral("/state"));
        QVERIFY(::kill(static_cast<pid_t>(state.value(QStringLiteral("keeper_pid")).toLongLong()), SIGKILL) == 0);
#endif
    }

    Outcome reachServersFrom(const QString &name, const LoopbackServer &a, const LoopbackServer &b,
                             const LoopbackServer &echo, const QList<AllowedDestination> &requested = {})
    {
        RunRequest request = SandpitTest::reachServers(a, b, echo);
        request.backend = m_backend;
        request.sandbox = name;
        request.network = requested;
        request.limits.wallTimeMs = 60'000;
        return runToEnd(*m_engine, request, 90'000);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_root.isValid());
#ifdef SANDPIT_TEST_DOCKER
        m_environment = QProcessEnvironment::systemEnvironment();
        m_environment.insert(QStringLiteral("XDG_STATE_HOME"), m_root.path());
        m_connector
            = std::make_shared<DockerConnector>(m_environment.value(QStringLiteral("DOCKER_HOST")), m_environment);
        QVERIFY2(m_connector->client(), "these tests need a Docker daemon");
        DockerSandboxes::Config config;
        config.environment = m_environment;
        config.defaultImage = kOfflinePythonImage;
        m_store = std::make_unique<DockerSandboxes>(m_connector, config);
        m_engine = dockerController(m_environment);
#else
        m_store = std::make_unique<LocalSandboxes>(LocalSandboxes::Config{.root = m_root.path()});
        LocalBackend::Config config;
        config.keepWarm = false;
        config.sandboxesRoot = m_root.path();
        std::vector<std::unique_ptr<Backend>> backends;
        backends.push_back(std::make_unique<LocalBackend>(LanguageRegistry::builtIn(), config));
        m_engine = std::make_unique<RunController>(std::move(backends));
#endif
    }

    // A test that failed half-way must not leave its sandbox running: it outlives us by design.
    void cleanupTestCase()
    {
        for (const QString &name : std::as_const(m_made))
            m_store->remove(name);
    }

    void onlyTheAllowedServerIsReachedAndEachCommandGetsItsOwnAttempts()
    {
        LoopbackServer a(LoopbackServer::Mode::Http, "hello from A");
        LoopbackServer b(LoopbackServer::Mode::Http, "hello from B");
        LoopbackServer echo(LoopbackServer::Mode::Echo);
        const QString name = create({allowLoopback(a.port()), allowLoopback(echo.port())});
        QVERIFY(!name.isEmpty());
        const QList<NetworkAttempt> expected{{QStringLiteral("127.0.0.1"), a.port(), true},
                                             {QStringLiteral("127.0.0.1"), b.port(), false},
                                             {QStringLiteral("127.0.0.1"), echo.port(), true}};
        for (int command = 1; command <= 2; ++command) {
            const Outcome o = reachServersFrom(name, a, b, echo);
            QVERIFY2(o.result, why(o));
            const QStringList out = outputLines(o.result->stdoutData);
            QVERIFY2(out.size() == 5, o.result->stdoutData + o.result->stderrData);
            QCOMPARE(out[0], QStringLiteral("proxy http://127.0.0.1:3128"));
            QCOMPARE(out[1], QStringLiteral("A 200 hello from A"));
            QVERIFY2(out[2].startsWith(QStringLiteral("B 403 Sandpit's allow-list denied 127.0.0.1:%1").arg(b.port())),
                     qPrintable(out[2]));
            QCOMPARE(out[3], QStringLiteral("tunnel HTTP/1.1 200 Connection established ping"));
            QVERIFY2(out[4].startsWith(QLatin1String("raw refused")), qPrintable(out[4]));
            // The second command's list holds its own attempts, not the first's too.
            QCOMPARE(o.result->network, expected);
            QCOMPARE(a.connections(), command); // through the proxy; the raw connects never arrived
            QCOMPARE(b.connections(), 0);
            QVERIFY2(o.result->isolation.details.contains(
                         QStringLiteral("Network: only through Sandpit's proxy, to 127.0.0.1:%1, 127.0.0.1:%2.")
                             .arg(a.port())
                             .arg(echo.port())),
                     qPrintable(o.result->isolation.details.join(QLatin1Char('\n'))));
        }
        QCOMPARE(m_store->networkAttempts(name).value(), expected + expected); // what `logs --network` prints
        const auto listed = m_store->list();
        QVERIFY(listed);
        const auto it
            = std::find_if(listed->begin(), listed->end(), [&](const SandboxInfo &s) { return s.name == name; });
        QVERIFY(it != listed->end());
        QCOMPARE(it->network, (QList<AllowedDestination>{allowLoopback(a.port()), allowLoopback(echo.port())}));
    }

    // start: a stopped sandbox comes back with its list and a proxy of its own again, which
    // its commands reach as before, and which ends with the sandbox again.
    void aSandboxStartedAgainHasItsProxyAgain()
    {
        LoopbackServer a(LoopbackServer::Mode::Http, "hello from A");
        LoopbackServer b(LoopbackServer::Mode::Http, "hello from B");
        LoopbackServer echo(LoopbackServer::Mode::Echo);
        const QList<AllowedDestination> list{allowLoopback(a.port()), allowLoopback(echo.port())};
        const QString name = create(list);
        QVERIFY(!name.isEmpty());
        QVERIFY(m_store->stop(name));
        QVERIFY(!SandboxProxy::process(folderOf(name)).isRunning());
        const auto started = m_store->start(name);
        QVERIFY2(started, started ? "" : qPrintable(started.error().message));
        QCOMPARE(started->state, SandboxInfo::State::Running);
        QCOMPARE(started->network, list);
        const Outcome o = reachServersFrom(name, a, b, echo);
        QVERIFY2(o.result, why(o));
        const QStringList out = outputLines(o.result->stdoutData);
        QVERIFY2(out.size() == 5, o.result->stdoutData + o.result->stderrData);
        QCOMPARE(out[1], QStringLiteral("A 200 hello from A"));
        QVERIFY2(out[2].startsWith(QStringLiteral("B 403 ")), qPrintable(out[2]));
        QCOMPARE(a.connections(), 1);
        QCOMPARE(b.connections(), 0);
        QVERIFY(m_store->stop(name));
        QVERIFY(!SandboxProxy::process(folderOf(name)).isRunning());
    }

    // The window's or the request's list does not apply in a sandbox: its own (none) does.
    void aRecordLeftByAnEarlierProxyIsNotTaken()
    {
        // As a create that crashed would leave it: its socket is no proxy's now.
        QTemporaryDir folder;
        const QString stale = folder.filePath(QStringLiteral("stale.sock"));
        QFile record(folder.filePath(QLatin1String(SandboxProxy::kRecordFile)));
        QVERIFY(record.open(QIODevice::WriteOnly));
        record.write("pid=1\nstart=0\nsocket=" + QFile::encodeName(stale) + '\n');
        record.close();
        const auto socket = SandboxProxy::start(folder.path(), {allowLoopback(8080)});
        const auto ended = qScopeGuard([&] { SandboxProxy::end(folder.path()); });
        QVERIFY2(socket, socket ? "" : qPrintable(socket.error().message));
        QVERIFY(*socket != stale);
        QCOMPARE(socketsUnder(folder.path()), QStringList{*socket});
    }

    void aSandboxWithoutAListReachesNothing()
    {
        LoopbackServer a(LoopbackServer::Mode::Http, "hello from A");
        LoopbackServer b(LoopbackServer::Mode::Http, "hello from B");
        LoopbackServer echo(LoopbackServer::Mode::Echo);
        const QString name = create({});
        QVERIFY(!name.isEmpty());
        const Outcome o = reachServersFrom(name, a, b, echo, {allowLoopback(a.port())});
        QVERIFY2(o.result, why(o));
        const QStringList out = outputLines(o.result->stdoutData);
        QVERIFY2(out.size() == 5, o.result->stdoutData + o.result->stderrData);
        QCOMPARE(out[0], QStringLiteral("proxy None"));
        QVERIFY2(out[1].startsWith(QLatin1String("A unreachable")), qPrintable(out[1]));
        QVERIFY2(out[3].startsWith(QLatin1String("tunnel unreachable")), qPrintable(out[3]));
        QVERIFY2(out[4].startsWith(QLatin1String("raw refused")), qPrintable(out[4]));
        QCOMPARE(a.connections() + b.connections() + echo.connections(), 0);
        QVERIFY(o.result->network.isEmpty());
        QVERIFY(o.result->notice.isEmpty());
        QVERIFY(proxiesServing(folderOf(name)).isEmpty());
    }

    void rmLeavesNoProxyAndNoSocket()
    {
        const QString name = create({allowLoopback(8080)});
        QVERIFY(!name.isEmpty());
        const QString folder = folderOf(name);
        QCOMPARE(proxiesServing(folder).size(), 1);
        QCOMPARE(socketsUnder(folder).size(), 1);
        QVERIFY(m_store->remove(name));
        QVERIFY(proxiesServing(folder).isEmpty());
        QVERIFY(!QFileInfo::exists(folder));
    }

    void theProxyEndsWhenTheSandboxEndsByItself()
    {
        const QString name = create({allowLoopback(8080)});
        QVERIFY(!name.isEmpty());
        const QString folder = folderOf(name);
        QCOMPARE(proxiesServing(folder).size(), 1);
        endByItself(name);
        QTRY_VERIFY_WITH_TIMEOUT(proxiesServing(folder).isEmpty(), 20000);
        QVERIFY(socketsUnder(folder).isEmpty());
        QVERIFY(m_store->remove(name));
        QVERIFY(!QFileInfo::exists(folder));
    }

#ifndef SANDPIT_TEST_DOCKER
    // The held init's forwarder runs for the sandbox's whole life and is no command: the state
    // names it, and `list` counts what else runs there (owner gone means none does).
    void theForwarderIsNotCountedAsACommand()
    {
        const QString name = create({allowLoopback(8080)});
        QVERIFY(!name.isEmpty());
        const LocalSandboxRecord record(folderOf(name));
        const auto state = readKeyValueFile(folderOf(name) + QStringLiteral("/state"));
        const ProcessIdentity forwarder{state.value(QStringLiteral("forwarder_pid")).toLongLong(),
                                        state.value(QStringLiteral("forwarder_start")).toLongLong()};
        QVERIFY(forwarder.isRunning());
        QCOMPARE(record.processesInside(), 0);

        RunWatcher waiting(*m_engine);
        RunRequest reading;
        reading.backend = m_backend;
        reading.sandbox = name;
        reading.command = {QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("echo ready; read line")};
        reading.keepStdinOpen = true;
        reading.limits.wallTimeMs = 60'000;
        waiting.outcome.id = m_engine->start(reading);
        QTRY_VERIFY_WITH_TIMEOUT(waiting.outcome.liveStdout.contains("ready") || waiting.done(), 30000);
        QVERIFY(record.processesInside() > 0);
        m_engine->closeInput(waiting.outcome.id);
        QTRY_VERIFY_WITH_TIMEOUT(waiting.done(), 30000);
        QTRY_COMPARE_WITH_TIMEOUT(record.processesInside(), 0, 10000);
        QVERIFY(forwarder.isRunning());
    }
#endif
};

QTEST_GUILESS_MAIN(TestSandboxNetwork)
#include "tst_sandboxnetwork.moc"
