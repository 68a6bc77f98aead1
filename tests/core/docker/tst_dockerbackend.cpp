// The Docker backend end to end: the real daemon, the offline Python image, through the
// RunController. Needs sandpit-offline/python:3.11 (packaging/docker/build-offline-images.sh).
#include "docker/dockerbackend.h"
#include "docker/dockercontainer.h"
#include "files/artifactstore.h"
#include "support/backendchecks.h"
#include "support/dockerharness.h"
#include "support/dockerproxy.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QUrl>

using namespace SandpitTest;

namespace {
const QString kImage = kOfflinePythonImage;

/// An engine on `image`, through the daemon at `dockerHost` (the default one when empty).
std::unique_ptr<RunController> dockerEngine(const QString &image, const QString &dockerHost = {})
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    if (!dockerHost.isEmpty())
        environment.insert(QStringLiteral("DOCKER_HOST"), dockerHost);
    return dockerController(environment, image);
}

/// Containers this test's Sandpit made, optionally only those in `state`.
QList<QJsonObject> sandpitContainers(const QString &state = {})
{
    QList<QJsonObject> containers = containersOwnedBy(QCoreApplication::applicationPid());
    if (!state.isEmpty())
        containers.removeIf([&](const QJsonObject &c) { return c.value(QLatin1String("State")).toString() != state; });
    return containers;
}

QStringList sandpitContainerIds(const QString &state = {})
{
    QStringList ids;
    for (const QJsonObject &c : sandpitContainers(state))
        ids << c.value(QLatin1String("Id")).toString();
    return ids;
}

/// Those of `now` not in `before`.
QStringList newSince(const QStringList &before, const QStringList &now)
{
    QStringList added;
    for (const QString &id : now) {
        if (!before.contains(id))
            added << id;
    }
    return added;
}

bool noneOfThemExists(const QStringList &ids)
{
    const QStringList now = sandpitContainerIds();
    return std::none_of(ids.begin(), ids.end(), [&](const QString &id) { return now.contains(id); });
}

/// Their states ("created", "running", "exited").
QStringList sandpitContainerStates()
{
    QStringList states;
    for (const QJsonObject &c : sandpitContainers())
        states << c.value(QLatin1String("State")).toString();
    return states;
}
} // namespace

class TestDockerBackend : public QObject, private RunFixture
{
    Q_OBJECT

public:
    TestDockerBackend()
        : RunFixture([] { return dockerEngine(kImage); })
    {
    }

private:
    /// Only the warm pool's container may exist between runs, and it has never been started.
    /// Used containers are removed just after their result: in the end only the pool's warm
    /// one, waiting for the next run, may be there.
    static bool onlyTheWarmContainerRemains()
    {
        const QStringList states = sandpitContainerStates();
        return states.isEmpty() || states == QStringList{QStringLiteral("running")};
    }

private Q_SLOTS:
    // One engine for all: its warm container is slow to make ready.
    void initTestCase() { startEngine(); }

    void removesContainersOfACrashedSandpit()
    {
        auto client = DockerClient::connect(*DockerEndpoint::fromDockerHost(QString()));
        QVERIFY(client);
        QTemporaryDir work;
        QJsonObject body
            = DockerContainer::createBody(DockerContainerKey::from(kImage, Limits{}, {}), work.path(), work.path());
        QJsonObject labels = body.value(QLatin1String("Labels")).toObject();
        labels.insert(QLatin1String(DockerContainer::kOwnerLabel), QStringLiteral("999999999")); // no such pid
        body.insert(QLatin1String("Labels"), labels);
        auto created = client->call("POST", QStringLiteral("/containers/create"), QJsonDocument(body).toJson());
        QVERIFY(created && created->ok());
        const QString id = created->object().value(QLatin1String("Id")).toString();
        const auto exists
            = [&] { return client->call("GET", QStringLiteral("/containers/%1/json").arg(id))->status == 200; };
        QVERIFY(exists());
        auto sweeper = dockerEngine(kImage); // a new backend sweeps at start
        QTRY_VERIFY_WITH_TIMEOUT(!exists(), 10000);
    }

    void withoutSandpitsFilterNothingRuns()
    {
        // Fail closed: PID 1 of every container is sandpit-seccomp's init, which keeps the
        // token from the program; a shell in its place could be read and taken over.
        auto client = DockerClient::connect(*DockerEndpoint::fromDockerHost(QString()));
        QVERIFY(client);
        const auto prepared = DockerContainer::prepare(*client, DockerContainerKey::from(kImage, Limits{}, {}));
        QVERIFY(!prepared);
        QCOMPARE(prepared.error().code, RunError::Code::BackendUnavailable);
        QVERIFY(prepared.error().message.contains(QStringLiteral("sandpit-seccomp")));
    }

    void hello()
    {
        checkHello(*m_controller, QStringLiteral("docker"), [](const RunResult &result) {
            QCOMPARE(result.isolation.level, IsolationReport::Level::Full);
            const QString details = result.isolation.details.join(QLatin1Char(' '));
            QVERIFY(details.contains(kImage));
            QVERIFY(details.contains(QStringLiteral("/work, /tmp and /dev/shm")));
        });
        QTRY_VERIFY_WITH_TIMEOUT(onlyTheWarmContainerRemains(), 30000);
    }

    void stderrAndExitCode() { checkStderrAndExitCode(*m_controller); }

    void runsAsLearnerWithoutNetworkOnAReadOnlyRoot()
    {
        const Outcome o
            = run(pythonRequest("import os, socket\n"
                                "print(os.getuid(), os.getcwd())\n"
                                "try:\n    open('/etc/x', 'w')\nexcept OSError as e:\n    print('ro', e.errno)\n"
                                "print(sorted(n for _, n in socket.if_nameindex()))\n"
                                "open('output/plot.txt', 'w').write('made')\n"));
        QVERIFY(o.result);
        QCOMPARE(o.result->stdoutData, QByteArray::number(DockerContainer::kLearnerUid) + " /work\nro 30\n['lo']\n");
        QCOMPARE(o.result->artifacts.size(), 1);
        QCOMPARE(o.result->artifacts.first().path, QStringLiteral("plot.txt"));
    }

    void artifactsAreKeptAfterTheContainerIsGone()
    {
        QTemporaryDir parent;
        auto store = std::make_shared<ArtifactStore>(parent.path());
        RunRequest request = pythonRequest(fixture(QStringLiteral("writes_artifacts.py")));
        request.keepArtifacts = ArtifactStore::reserve(store);
        const Outcome o = run(request);
        QVERIFY2(o.result, why(o));
        QCOMPARE(o.result->artifacts.size(), 2);
        QVERIFY(!o.result->artifactsDir.isEmpty());
        for (const Artifact &a : o.result->artifacts)
            QVERIFY2(a.kept, qPrintable(a.path));
        // Each copy is where the file was in the working folder.
        QFile csv(o.result->artifactsDir + QStringLiteral("/output/data.csv"));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        QCOMPARE(csv.readAll(), QByteArray("x,y\n1,2\n"));
        QVERIFY(QFileInfo::exists(o.result->artifactsDir + QStringLiteral("/output/sub/notes.txt")));
    }

    void filesBesideTheProgramAreKeptAndMarked() { checkFilesBesideTheProgramAreKept(*m_controller); }

    void stdinUpFront() { checkStdinGivenUpFront(*m_controller); }

    /// Input given up front, then lines typed one at a time, each answered before the next,
    /// then end-of-input.
    static void checkInteractiveStdin(RunController &controller)
    {
        RunRequest request
            = pythonRequest("import sys\nfor line in sys.stdin:\n    print('echo:', line.strip())\nprint('eof')\n");
        request.keepStdinOpen = true;
        request.stdinData = "zero\n";
        RunWatcher watcher(controller);
        watcher.outcome.id = controller.start(request);
        QTRY_VERIFY_WITH_TIMEOUT(watcher.outcome.liveStdout.contains("echo: zero\n"), 20000);
        controller.writeInput(watcher.outcome.id, "one\n");
        QTRY_VERIFY_WITH_TIMEOUT(watcher.outcome.liveStdout.contains("echo: one\n"), 10000);
        QVERIFY(!watcher.done());
        controller.writeInput(watcher.outcome.id, "two\n");
        controller.closeInput(watcher.outcome.id);
        QTRY_VERIFY_WITH_TIMEOUT(watcher.done(), 10000);
        QVERIFY(watcher.outcome.result);
        QCOMPARE(watcher.outcome.result->stdoutData, QByteArray("echo: zero\necho: one\necho: two\neof\n"));
        QCOMPARE(watcher.outcome.result->exitCode, 0);
    }

    void interactiveStdin() { checkInteractiveStdin(*m_controller); }

    void filesAreListedWhileTheProgramRuns()
    {
        // output/ is on the container's own tmpfs: it is listed through the archive API.
        RunRequest request;
        request.backend = QStringLiteral("docker");
        checkFilesListedWhileRunning(*m_controller, request);
    }

    void timeoutKillsAndRemovesTheContainer()
    {
        checkWallTimeLimit(*m_controller, pythonRequest(fixture(QStringLiteral("sleeper.py"))), "going to sleep\n");
        QTRY_VERIFY_WITH_TIMEOUT(onlyTheWarmContainerRemains(), 30000);
    }

    void cancel()
    {
        RunWatcher watcher(*m_controller);
        watcher.outcome.id = m_controller->start(pythonRequest(fixture(QStringLiteral("sleeper.py"))));
        QTRY_VERIFY_WITH_TIMEOUT(watcher.outcome.liveStdout.contains("sleep"), 20000);
        m_controller->cancel(watcher.outcome.id);
        QTRY_VERIFY_WITH_TIMEOUT(watcher.done(), 10000);
        QVERIFY(watcher.outcome.result);
        QCOMPARE(watcher.outcome.result->killReason, KillReason::Cancelled);
        QVERIFY(watcher.outcome.result->wallMs < 5000);
    }

    void memoryLimit()
    {
        RunRequest request = pythonRequest(fixture(QStringLiteral("attacks/memory_bomb.py")));
        request.limits.memoryBytes = 64LL * 1024 * 1024;
        const Outcome o = run(request);
        QVERIFY(o.result);
        QCOMPARE(o.result->killReason, KillReason::Memory);
        QVERIFY(o.result->killDetail.contains(QStringLiteral("memory")));
    }

    void outputLimit() { checkOutputLimit(*m_controller); }

    void processLimit()
    {
        // The pids cgroup makes fork() fail with EAGAIN; fork_bomb.py ignores that and keeps
        // trying. The stats watch sees it past the limit in two samples a second apart and ends
        // it, well before the time limit, with the same reason as the local sandbox.
        RunRequest request = pythonRequest(fixture(QStringLiteral("attacks/fork_bomb.py")), {uniqueToken()});
        request.limits.processes = 32;
        request.limits.wallTimeMs = 8000;
        const Outcome o = run(request);
        QVERIFY(o.result);
        qInfo() << "fork bomb:" << killReasonId(o.result->killReason) << o.result->killDetail << o.result->wallMs
                << "ms";
        QCOMPARE(o.result->killReason, KillReason::ProcessLimit);
        QVERIFY(o.result->wallMs < request.limits.wallTimeMs);
        QTRY_VERIFY_WITH_TIMEOUT(onlyTheWarmContainerRemains(), 30000);

        // A program that gives up when fork fails ends with its own error, as in the local
        // sandbox; the kernel's count of refused forks, or the watch, says what it reached.
        RunRequest failing = pythonRequest("import os, time\nkids = []\nwhile True:\n"
                                           "    pid = os.fork()\n    if pid == 0:\n        time.sleep(30)\n"
                                           "    kids.append(pid)\n    time.sleep(0.05)\n");
        failing.limits.processes = 32;
        const Outcome f = run(failing);
        QVERIFY(f.result);
        qInfo() << "fork until failure:" << killReasonId(f.result->killReason) << f.result->exitCode.value_or(-1)
                << f.result->killDetail;
        QVERIFY(f.result->stderrData.contains("Resource temporarily unavailable"));
        QCOMPARE(f.result->killReason, KillReason::None);
        QCOMPARE(f.result->exitCode, 1);
        QCOMPARE(f.result->limitsReached, QStringList{QStringLiteral("process-limit")});

        // The limit counts the program's processes, not the init that waits for it:
        // a one-process program runs under a limit of 1, as in the local sandbox.
        RunRequest single = pythonRequest("print('just me')\n");
        single.limits.processes = 1;
        const Outcome one = run(single);
        QVERIFY(one.result);
        QCOMPARE(one.result->killReason, KillReason::None);
        QCOMPARE(one.result->exitCode, 0);
        QCOMPARE(one.result->stdoutData, QByteArray("just me\n"));
    }

    void cpuTimeLimit() { checkCpuTimeLimit(*m_controller, 900); }

    void neverReusesAContainer()
    {
        // Each container's root file system has a writable layer of its own, named in its
        // overlay's options (its cgroup path no longer names the container).
        const QByteArray code = "import os, re\n"
                                "root = [l for l in open('/proc/self/mountinfo') if l.split()[4] == '/'][0]\n"
                                "print(os.path.exists('marker'), re.search('upperdir=([^,]+)', root).group(1))\n"
                                "open('marker', 'w').write('x')\n";
        QSet<QByteArray> containers;
        QElapsedTimer clock;
        clock.start();
        for (int i = 0; i < 10; ++i) {
            const Outcome o = run(pythonRequest(code));
            QVERIFY(o.result);
            QVERIFY2(o.result->stdoutData.startsWith("False "), o.result->stdoutData.constData());
            containers.insert(o.result->stdoutData);
        }
        qInfo() << "10 sequential runs through the pool:" << clock.elapsed() << "ms";
        QCOMPARE(containers.size(), 10);
    }

    void aMissingImageFails()
    {
        auto controller = dockerEngine(QStringLiteral("sandpit-offline/no-such-image:0"));
        const Outcome o = run(*controller, pythonRequest(fixture(QStringLiteral("hello.py"))));
        QVERIFY(o.error);
        QCOMPARE(o.error->code, RunError::Code::MissingImage);
        QCOMPARE(o.error->image, QStringLiteral("sandpit-offline/no-such-image:0"));
        QVERIFY2(o.error->message.contains(QStringLiteral("sandpit-offline/no-such-image:0")),
                 qPrintable(o.error->message));
        QVERIFY(o.error->message.contains(QStringLiteral("docker pull")));
    }

    void aMissingDaemonFails()
    {
        auto controller = dockerEngine(kImage, QStringLiteral("unix:///nonexistent.sock"));
        const Outcome o = run(*controller, pythonRequest(fixture(QStringLiteral("hello.py"))));
        QVERIFY(o.error);
        QCOMPARE(o.error->code, RunError::Code::BackendUnavailable);
        QVERIFY2(o.error->message.contains(QStringLiteral("Docker is not running")), qPrintable(o.error->message));
        // The engine keeps working: the same controller answers the next run too.
        const Outcome again = run(*controller, pythonRequest(fixture(QStringLiteral("hello.py"))));
        QVERIFY(again.error);
    }

    void aDaemonThatDiesMidRunFailsAndIsCleanedUpAfter()
    {
        const QStringList before = sandpitContainerIds();
        DockerProxy proxy;
        QVERIFY(proxy.isListening());
        auto controller = dockerEngine(kImage, proxy.dockerHost());
        RunWatcher watcher(*controller);
        RunRequest request = pythonRequest(fixture(QStringLiteral("sleeper.py")));
        request.limits.wallTimeMs = 120'000;
        watcher.outcome.id = controller->start(request);
        QTRY_VERIFY_WITH_TIMEOUT(watcher.outcome.liveStdout.contains("going to sleep"), 30000);
        const QStringList ours = newSince(before, sandpitContainerIds(QStringLiteral("running")));
        QVERIFY(!ours.isEmpty());

        proxy.die();
        // Said plainly, long before the two-minute time limit.
        QTRY_VERIFY_WITH_TIMEOUT(watcher.done(), 20000);
        QVERIFY(watcher.outcome.error);
        QCOMPARE(watcher.outcome.error->code, RunError::Code::BackendUnavailable);
        QVERIFY2(watcher.outcome.error->message.contains(QStringLiteral("Docker stopped answering")),
                 qPrintable(watcher.outcome.error->message));

        // The daemon is back: the app runs again, and the container it could not remove goes
        // too, at the latest when the engine does.
        proxy.revive();
        const Outcome again = run(*controller, pythonRequest(fixture(QStringLiteral("hello.py"))));
        QVERIFY2(again.result, why(again));
        QCOMPARE(again.result->stdoutData, QByteArray("Hello from Sandpit\n"));
        controller.reset();
        QTRY_VERIFY_WITH_TIMEOUT(noneOfThemExists(ours), 10000);
        QVERIFY(noneOfThemExists(newSince(before, sandpitContainerIds())));
    }

    void aRemoteEngineGetsTheFilesThroughTheArchiveApi()
    {
        // tcp:// is how a classroom points every desktop at one engine; nothing of this
        // machine's file system may be assumed there, so nothing of it is mounted.
        const QStringList before = sandpitContainerIds();
        DockerProxy proxy(DockerProxy::Listen::Tcp);
        QVERIFY(proxy.isListening());
        auto controller = dockerEngine(kImage, proxy.dockerHost());

        const Outcome artifacts = run(*controller, pythonRequest(fixture(QStringLiteral("writes_artifacts.py"))));
        QVERIFY2(artifacts.result, why(artifacts));
        QCOMPARE(artifacts.result->stdoutData, QByteArray("wrote 2 files\n"));
        QStringList paths;
        for (const Artifact &a : artifacts.result->artifacts)
            paths << a.path;
        QCOMPARE(paths, (QStringList{QStringLiteral("data.csv"), QStringLiteral("sub/notes.txt")}));

        RunRequest withInput = pythonRequest(fixture(QStringLiteral("stdin_echo.py")));
        withInput.stdinData = "abc\n";
        const Outcome echoed = run(*controller, withInput);
        QVERIFY(echoed.result);
        QCOMPARE(echoed.result->stdoutData, QByteArray("got 4 bytes: ABC\n"));

        // While a program runs, its container has no bind mount, only its own /work volume.
        RunWatcher watcher(*controller);
        RunRequest sleeper = pythonRequest(fixture(QStringLiteral("sleeper.py")));
        sleeper.limits.wallTimeMs = 1500;
        watcher.outcome.id = controller->start(sleeper);
        QTRY_VERIFY_WITH_TIMEOUT(watcher.outcome.liveStdout.contains("going to sleep"), 30000);
        // (The shared controller's warm container, bind-mounted, runs too; ours waits for its
        // files in .sandpit.)
        QJsonArray remote;
        for (const QJsonObject &c : sandpitContainers(QStringLiteral("running"))) {
            if (c.value(QLatin1String("Command")).toString().contains(QLatin1String(".sandpit-run/ready")))
                remote.append(c);
        }
        QCOMPARE(remote.size(), 1);
        for (const QJsonValue &c : remote) {
            // No folder of ours; /dev/null over /etc/hostname is the daemon's own device.
            for (const QJsonValue &mount : c.toObject().value(QLatin1String("Mounts")).toArray()) {
                QVERIFY2(mount.toObject().value(QLatin1String("Type")).toString() != QLatin1String("bind")
                             || mount.toObject().value(QLatin1String("Source")).toString()
                                 == QLatin1String("/dev/null"),
                         qPrintable(mount.toObject().value(QLatin1String("Source")).toString()));
            }
        }
        QTRY_VERIFY_WITH_TIMEOUT(watcher.done(), 30000);
        QVERIFY(watcher.outcome.result);
        QCOMPARE(watcher.outcome.result->killReason, KillReason::Timeout);

        // Typed input goes over an attach of its own there, and its end is the program's EOF.
        checkInteractiveStdin(*controller);

        controller.reset();
        QTRY_VERIFY_WITH_TIMEOUT(noneOfThemExists(newSince(before, sandpitContainerIds())), 10000);
    }

    void noContainerRemains()
    {
        stopEngine();
        QCOMPARE(sandpitContainerStates(), QStringList());
    }
};

QTEST_GUILESS_MAIN(TestDockerBackend)
#include "tst_dockerbackend.moc"
