#pragma once
// Shared by the engine tests: builds requests from fixture programs and runs them through a
// real RunController, waiting with QSignalSpy (never with sleeps).

#include "docker/dockerbackend.h"
#include "engine/backendfactory.h"
#include "engine/runcontroller.h"
#include "files/artifactstore.h"
#include "languages/languageregistry.h"
#include "local/localbackend.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUuid>

#include <functional>
#include <optional>

#include <csignal>

namespace SandpitTest {

using namespace Sandpit::Core;

/// True in the build of a test that runs its programs in Docker (tst_*_docker).
#ifdef SANDPIT_TEST_DOCKER
inline constexpr bool kDocker = true;
#else
inline constexpr bool kDocker = false;
#endif

/// The fixtures folder: $SANDPIT_FIXTURES_DIR when set (the unprivileged test run copies the
/// fixtures somewhere that user can read), else the source tree's.
inline QString fixturesDir()
{
    const QString fromEnvironment = qEnvironmentVariable("SANDPIT_FIXTURES_DIR");
    return fromEnvironment.isEmpty() ? QStringLiteral(SANDPIT_FIXTURES_DIR) : fromEnvironment;
}

inline QByteArray fixture(const QString &name)
{
    QFile f(fixturesDir() + QLatin1Char('/') + name);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(name));
    return f.readAll();
}

inline RunRequest pythonRequest(const QByteArray &code, const QStringList &arguments = {})
{
    RunRequest r;
    r.language = QStringLiteral("python");
    r.entryFile = QStringLiteral("main.py");
    r.sources = {{r.entryFile, code}};
    r.arguments = arguments;
    return r;
}

/// A program from tests/fixtures/languages/, run as `language`.
inline RunRequest languageRequest(const QString &language, const QString &file)
{
    RunRequest r;
    r.language = language;
    r.entryFile = file;
    r.sources = {{r.entryFile, fixture(QStringLiteral("languages/") + file)}};
    return r;
}

struct Outcome {
    RunId id = 0;
    std::optional<RunResult> result;
    std::optional<RunError> error;
    QByteArray liveStdout;
    QByteArray liveStderr;
    QList<ArtifactListing> listings; ///< what artifactsListed said while the run went
};

/// Connects to `controller` and collects what it says about one run id.
class RunWatcher
{
public:
    explicit RunWatcher(RunController &controller)
    {
        QObject::connect(&controller, &RunController::outputReceived, &m_context,
                         [this](RunId id, OutputStream s, const QByteArray &d) {
                             if (id == outcome.id)
                                 (s == OutputStream::Stdout ? outcome.liveStdout : outcome.liveStderr) += d;
                         });
        QObject::connect(&controller, &RunController::artifactsListed, &m_context,
                         [this](RunId id, const ArtifactListing &listing) {
                             if (id == outcome.id)
                                 outcome.listings << listing;
                         });
        QObject::connect(&controller, &RunController::runFinished, &m_context, [this](RunId id, const RunResult &r) {
            if (id == outcome.id)
                outcome.result = r;
        });
        QObject::connect(&controller, &RunController::runFailed, &m_context, [this](RunId id, const RunError &e) {
            if (id == outcome.id)
                outcome.error = e;
        });
    }
    bool done() const { return outcome.result || outcome.error; }
    Outcome outcome;

private:
    QObject m_context;
};

/// Starts `request` and waits, at most `timeoutMs`, for its result or its error. A run that
/// fails says why in the log, so a test that expected a result shows the reason.
inline Outcome runToEnd(RunController &controller, const RunRequest &request, int timeoutMs = 30000)
{
    RunWatcher watcher(controller);
    watcher.outcome.id = controller.start(request);
    [&] { QTRY_VERIFY_WITH_TIMEOUT(watcher.done(), timeoutMs); }();
    if (watcher.outcome.error)
        qWarning("run failed: %s", qPrintable(watcher.outcome.error->message));
    return watcher.outcome;
}

/// For a failed QVERIFY(o.result): what came instead.
inline QByteArray why(const Outcome &o)
{
    return o.error ? o.error->message.toUtf8() : QByteArray("no result");
}

/// A program (files_then_wait.py) writes a file, a CSV in a subfolder and a symlink to a host
/// file into output/, and log.txt beside itself, then waits for a line: while it waits, the
/// listing shows exactly the three files (log.txt marked as outside output/, and not its own
/// source), with sizes and types; after, the result has all four files it wrote.
inline void checkFilesListedWhileRunning(RunController &controller, RunRequest request = {})
{
    const RunRequest fixtureRun = pythonRequest(fixture(QStringLiteral("files_then_wait.py")));
    request.language = fixtureRun.language;
    request.entryFile = fixtureRun.entryFile;
    request.sources = fixtureRun.sources;
    request.keepStdinOpen = true;
    RunWatcher watcher(controller);
    watcher.outcome.id = controller.start(request);
    const auto listed = [&watcher] {
        QStringList paths;
        if (!watcher.outcome.listings.isEmpty()) {
            for (const Artifact &a : watcher.outcome.listings.last().artifacts)
                paths << a.path + QLatin1Char(' ') + QString::number(a.size) + QLatin1Char(' ') + a.mimeType
                        + (a.inOutput ? QString() : QStringLiteral(" outside"));
        }
        return paths;
    };
    QTRY_COMPARE_WITH_TIMEOUT(listed(),
                              (QStringList{QStringLiteral("a.txt 6 text/plain"), QStringLiteral("sub/b.csv 8 text/csv"),
                                           QStringLiteral("log.txt 4 text/plain outside")}),
                              30000);
    QVERIFY(!watcher.done()); // still running: it waits for our line
    controller.writeInput(watcher.outcome.id, "\n");
    controller.closeInput(watcher.outcome.id);
    QTRY_VERIFY_WITH_TIMEOUT(watcher.done(), 30000);
    QVERIFY2(watcher.outcome.result, why(watcher.outcome));
    QCOMPARE(watcher.outcome.result->artifacts.size(), 4);
}

/// A learner's program (writes_beside_its_source.py) writes temps.csv beside itself and
/// output/plot.txt, and reads an attached readings.csv: both files it wrote are kept and listed,
/// temps.csv marked as outside output/, and neither its source nor the file it only read is.
inline void checkFilesBesideTheProgramAreKept(RunController &controller, RunRequest request = {})
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile readings(dir.filePath(QStringLiteral("readings.csv")));
    QVERIFY(readings.open(QIODevice::WriteOnly));
    readings.write("day,temp\n1,20\n");
    readings.close();
    // In this user's folder for runs, as the window's: it outlives `dir` while the controller
    // holds the request.
    auto store = std::make_shared<ArtifactStore>();
    const RunRequest fixtureRun = pythonRequest(fixture(QStringLiteral("writes_beside_its_source.py")));
    request.language = fixtureRun.language;
    request.entryFile = fixtureRun.entryFile;
    request.sources = fixtureRun.sources;
    request.inputFiles = {{readings.fileName(), {}}};
    request.keepArtifacts = ArtifactStore::reserve(store);
    const Outcome o = runToEnd(controller, request);
    QVERIFY2(o.result, why(o));
    QCOMPARE(o.result->exitCode, 0);
    QCOMPARE(o.result->stdoutData, QByteArray("day,temp\n1,20\n"));
    QStringList listed;
    for (const Artifact &a : o.result->artifacts)
        listed << a.path + (a.inOutput ? QStringLiteral(" in output/") : QStringLiteral(" outside output/"));
    QCOMPARE(listed, (QStringList{QStringLiteral("plot.txt in output/"), QStringLiteral("temps.csv outside output/")}));
    QCOMPARE(o.result->artifactsFound, 2);
    const Artifact &temps = o.result->artifacts.at(1);
    QVERIFY(temps.kept);
    QCOMPARE(temps.mimeType, QStringLiteral("text/csv"));
    QFile kept(o.result->artifactsDir + QLatin1Char('/') + temps.workPath());
    QVERIFY2(kept.open(QIODevice::ReadOnly), qPrintable(kept.fileName()));
    QCOMPARE(kept.readAll(), QByteArray("day,temp\n1,21\n"));
}

inline std::unique_ptr<RunController> makeController()
{
    return std::make_unique<RunController>(makeBackends(LanguageRegistry::builtIn(), EngineSettings{}));
}

/// makeController(), or in a Docker build of the test (kDocker) a Docker backend alone whose
/// Python (and C, for the bundled examples) runs in the offline images.
inline std::unique_ptr<RunController> makePythonController()
{
    if (!kDocker)
        return makeController();
    DockerBackend::Config config;
    config.environment.insert(QStringLiteral("SANDPIT_DOCKER_IMAGE_PYTHON"),
                              QStringLiteral("sandpit-offline/python:3.11"));
    config.environment.insert(QStringLiteral("SANDPIT_DOCKER_IMAGE_C"), QStringLiteral("sandpit-offline/gcc:12"));
    std::vector<std::unique_ptr<Backend>> backends;
    backends.push_back(std::make_unique<DockerBackend>(LanguageRegistry::builtIn(), std::move(config)));
    return std::make_unique<RunController>(std::move(backends));
}

/// The processes on this machine with `token` in their command line.
inline QList<int> processesWithToken(const QString &token)
{
    const QByteArray needle = token.toUtf8();
    QList<int> pids;
    QDirIterator it(QStringLiteral("/proc"), QDir::Dirs | QDir::NoDotAndDotDot);
    while (it.hasNext()) {
        const QString dir = it.next();
        bool isPid = false;
        const int pid = QFileInfo(dir).fileName().toInt(&isPid);
        QFile cmdline(dir + QStringLiteral("/cmdline"));
        if (isPid && cmdline.open(QIODevice::ReadOnly) && cmdline.readAll().contains(needle))
            pids << pid;
    }
    return pids;
}

inline bool processWithTokenExists(const QString &token)
{
    return !processesWithToken(token).isEmpty();
}

inline void killProcessesWithToken(const QString &token)
{
    for (const int pid : processesWithToken(token))
        ::kill(pid, SIGKILL);
}

inline QString uniqueToken()
{
    return QStringLiteral("sandpit-token-") + QUuid::createUuid().toString(QUuid::WithoutBraces);
}

/// The engine a test's runs go through. A test class derives from it privately, beside
/// QObject, and starts the engine from init() (a fresh engine for each test function, so no
/// run's leftovers reach the next) or from initTestCase() (one for all, where an engine is slow
/// to make ready, as a Docker one with its warm container is).
class RunFixture
{
protected:
    using EngineFactory = std::function<std::unique_ptr<RunController>()>;

    explicit RunFixture(EngineFactory makeEngine = makeController, int timeoutMs = 30000)
        : m_makeEngine(std::move(makeEngine))
        , m_timeoutMs(timeoutMs)
    {
    }

    /// Another engine like the one the fixture starts, for a test that needs its own.
    std::unique_ptr<RunController> newEngine() const { return m_makeEngine(); }
    void startEngine() { m_controller = newEngine(); }
    void stopEngine() { m_controller.reset(); }

    Outcome run(RunController &controller, const RunRequest &request, int timeoutMs = 0) const
    {
        return runToEnd(controller, request, timeoutMs > 0 ? timeoutMs : m_timeoutMs);
    }
    Outcome run(const RunRequest &request, int timeoutMs = 0) const { return run(*m_controller, request, timeoutMs); }

    std::unique_ptr<RunController> m_controller;

private:
    EngineFactory m_makeEngine;
    int m_timeoutMs;
};

} // namespace SandpitTest
