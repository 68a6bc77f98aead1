// Attacks on the machine's resources: bombs, floods, endless programs and huge files, each run
// in the real sandbox. Every one must end with its own kill reason (or a plain error inside the
// program) and leave nothing running on the host.
#include "support/runharness.h"

#include "files/runfolders.h"

#include <QCoreApplication>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <unistd.h>

using namespace SandpitTest;

namespace {

constexpr qint64 kMiB = 1024 * 1024;
// Starts the compiled attack copied in as ./prog. Python ignores SIGPIPE and SIGXFSZ, and
// ignored signals survive exec: the program gets the defaults back, as if started directly.
constexpr const char *kLauncher = "import os, signal, sys\n"
                                  "signal.signal(signal.SIGPIPE, signal.SIG_DFL)\n"
                                  "signal.signal(signal.SIGXFSZ, signal.SIG_DFL)\n"
                                  "os.execv('./prog', ['prog'] + sys.argv[1:])\n";
// The token reaches the driver through its environment, so only the sandboxed program, not
// the driver itself, has it in its command line.
constexpr const char *kDriverTokenVariable = "SANDPIT_ATTACK_DRIVER_TOKEN";

RunRequest attack(const QString &name, const QStringList &arguments = {})
{
    return pythonRequest(fixture(QStringLiteral("attacks/") + name), arguments);
}

// True when this user can give a run a cpu cgroup: root with the cpu controller (v2, or a v1
// hierarchy), the case the test run as root checks.
bool cpuCgroupAvailable()
{
    if (geteuid() != 0)
        return false;
    QFile controllers(QStringLiteral("/sys/fs/cgroup/cgroup.controllers"));
    if (controllers.open(QIODevice::ReadOnly))
        return controllers.readAll().trimmed().split(' ').contains("cpu");
    return QFile::exists(QStringLiteral("/sys/fs/cgroup/cpu/cpu.cfs_quota_us"));
}

// True when one of the isolation report's sentences begins with `start`.
bool reportSays(const RunResult &result, const char *start)
{
    const QStringList &lines = result.isolation.details;
    return std::any_of(lines.begin(), lines.end(), [start](const QString &line) { return line.startsWith(QLatin1String(start)); });
}

// The number in "created 8183 files, then ENOSPC" and the like.
int firstNumber(const QByteArray &text)
{
    const QRegularExpressionMatch m = QRegularExpression(QStringLiteral("(\\d+)")).match(QString::fromUtf8(text));
    return m.hasMatch() ? m.captured(1).toInt() : -1;
}

// Driver mode: an engine that starts a sleeper with the token and says "started", then waits
// to be killed with SIGKILL by the test, the way a crashing or force-quit app would end.
int runDriver()
{
    auto controller = makeController();
    bool saidStarted = false;
    QObject::connect(controller.get(), &RunController::outputReceived,
                     [&](RunId, OutputStream, const QByteArray &data) {
                         if (!saidStarted && data.contains("sleeping")) {
                             saidStarted = true;
                             std::fputs("started\n", stdout);
                             std::fflush(stdout);
                         }
                     });
    QObject::connect(controller.get(), &RunController::runFailed, [](RunId, const RunError &e) {
        std::fprintf(stderr, "driver: run failed: %s\n", qPrintable(e.message));
        QCoreApplication::exit(1);
    });
    RunRequest request = attack(QStringLiteral("endless_sleep.py"), {qEnvironmentVariable(kDriverTokenVariable)});
    request.limits.wallTimeMs = 120'000;
    controller->start(request);
    return QCoreApplication::exec();
}

} // namespace

class TestAttacksResources : public QObject
{
    Q_OBJECT

private:
    Outcome run(const RunRequest &request, int timeoutMs = 60000)
    {
        return runToEnd(*m_controller, request, timeoutMs);
    }

    std::unique_ptr<RunController> m_controller;

private Q_SLOTS:
    void init() { m_controller = makeController(); }
    void cleanup() { m_controller.reset(); }

    void bombEndsAtTheProcessLimit_data()
    {
        QTest::addColumn<QString>("program");
        QTest::newRow("fork bomb") << QStringLiteral("fork_bomb.py");
        QTest::newRow("thread bomb") << QStringLiteral("thread_bomb.py");
    }
    void bombEndsAtTheProcessLimit()
    {
        QFETCH(QString, program);
        const QString token = uniqueToken();
        RunRequest request = attack(program, {token});
        request.limits.processes = 32;
        request.limits.wallTimeMs = 30'000;
        const Outcome o = run(request);
        QVERIFY(o.result);
        QCOMPARE(o.result->killReason, KillReason::ProcessLimit);
        QVERIFY2(!processWithTokenExists(token), "a bomb process outlived the run");
    }

    void memoryBombEndsAtTheMemoryLimit_data()
    {
        QTest::addColumn<QString>("program");
        QTest::newRow("in the main program") << QStringLiteral("memory_bomb.py");
        // The parent sees its child end and exits 0: the run still reports what happened.
        QTest::newRow("in a grandchild") << QStringLiteral("memory_bomb_grandchild.py");
        QTest::newRow("in shared memory") << QStringLiteral("memory_bomb_shared.py");
    }
    void memoryBombEndsAtTheMemoryLimit()
    {
        QFETCH(QString, program);
        const QString token = uniqueToken();
        RunRequest request = attack(program, {token});
        request.limits.memoryBytes = 128 * kMiB;
        request.limits.wallTimeMs = 30'000;
        const Outcome o = run(request);
        QVERIFY(o.result);
        // Without a memory cgroup, init's watch counts shared anonymous pages and the run's
        // tmpfs files as well as private ones: RLIMIT_DATA alone would miss them.
        QCOMPARE(o.result->killReason, KillReason::Memory);
        QVERIFY(o.result->killDetail.contains(QStringLiteral("memory")));
        QVERIFY2(!processWithTokenExists(token), "a process outlived the memory kill");
    }

    void initCannotBeBlinded_data()
    {
        QTest::addColumn<int>("initDescriptors");
        QTest::newRow("init cannot read /proc") << 4;
        QTest::newRow("init cannot poll") << 0;
    }
    void initCannotBeBlinded()
    {
        QFETCH(int, initDescriptors);
        RunRequest request = attack(QStringLiteral("blind_init.py"), {QString::number(initDescriptors)});
        request.limits.memoryBytes = 128 * kMiB;
        request.limits.wallTimeMs = 30'000;
        const Outcome o = run(request);
        // Init runs under the program's uid, so only the filter stops prlimit(2) on PID 1.
        QVERIFY(o.result);
        QVERIFY2(o.result->stdoutData.startsWith("prlimit on init refused\n"), o.result->stdoutData.constData());
        QCOMPARE(o.result->killReason, KillReason::Memory);
        QVERIFY(!o.result->stdoutData.contains("held 400 MB"));
    }

    void busyLoopEndsAtTheTimeLimit()
    {
        RunRequest request = attack(QStringLiteral("busy_loop.py"));
        request.limits.wallTimeMs = 1500;
        const Outcome o = run(request);
        QVERIFY(o.result);
        QCOMPARE(o.result->killReason, KillReason::Timeout);
        QCOMPARE(o.result->exitCode, std::nullopt);
    }

    void endlessSleepEndsAtTheTimeLimit()
    {
        const QString token = uniqueToken();
        RunRequest request = attack(QStringLiteral("endless_sleep.py"), {token});
        request.limits.wallTimeMs = 1500;
        const Outcome o = run(request);
        QVERIFY(o.result);
        QCOMPARE(o.result->killReason, KillReason::Timeout);
        QCOMPARE(o.result->stdoutData, QByteArray("sleeping\n"));
        QVERIFY2(!processWithTokenExists(token), "the sleeper outlived its time limit");
    }

    void outputFloodKeepsExactlyTheLimit()
    {
        RunRequest request = attack(QStringLiteral("output_flood.py"));
        request.limits.outputBytes = 100'000;
        const Outcome o = run(request);
        QVERIFY(o.result);
        QCOMPARE(o.result->killReason, KillReason::OutputLimit);
        QCOMPARE(o.result->stdoutData.size() + o.result->stderrData.size(), 100'000);
        QVERIFY(o.result->stdoutTruncated || o.result->stderrTruncated);
    }

    void hugeFileStopsEarly_data()
    {
        QTest::addColumn<QString>("folder");
        QTest::addColumn<qint64>("fileSizeLimit");
        QTest::addColumn<QByteArray>("error");
        QTest::addColumn<int>("maxMiB");
        // Python ignores SIGXFSZ, so the limit shows up as an exception, not a kill.
        QTest::newRow("file-size limit") << QStringLiteral(".") << 16 * kMiB << QByteArray("File too large") << 16;
        // With no file-size limit, the small private tmpfs of each writable place stops it.
        QTest::newRow("workspace tmpfs") << QStringLiteral(".") << qint64(0) << QByteArray("No space left on device") << 64;
        QTest::newRow("private /tmp") << QStringLiteral("/tmp") << qint64(0) << QByteArray("No space left on device") << 64;
        QTest::newRow("private /dev/shm") << QStringLiteral("/dev/shm") << qint64(0) << QByteArray("No space left on device")
                                          << 64;
    }
    void hugeFileStopsEarly()
    {
        QFETCH(QString, folder);
        QFETCH(qint64, fileSizeLimit);
        QFETCH(QByteArray, error);
        QFETCH(int, maxMiB);
        RunRequest request = attack(QStringLiteral("huge_file.py"), {folder});
        request.limits.fileSizeBytes = fileSizeLimit;
        request.limits.wallTimeMs = 30'000;
        const Outcome o = run(request);
        QVERIFY(o.result);
        QCOMPARE(o.result->killReason, KillReason::None);
        QCOMPARE(o.result->exitCode, 1);
        QVERIFY2(o.result->stdoutData.endsWith(" MB: " + error + '\n'), o.result->stdoutData.constData());
        QVERIFY(firstNumber(o.result->stdoutData) <= maxMiB);
    }

    void compiledHugeFileEndsAtTheFileSizeLimit()
    {
        RunRequest request = pythonRequest(kLauncher);
        request.inputFiles = {{QCoreApplication::applicationDirPath() + QStringLiteral("/attacks/write_10gb"),
                               QStringLiteral("prog")}};
        request.limits.fileSizeBytes = 16 * kMiB;
        const Outcome o = run(request);
        QVERIFY(o.result);
        QCOMPARE(o.result->killReason, KillReason::FileSize);
        QCOMPARE(o.result->stdoutData, QByteArray());
    }

    void sparseArtifactsCannotFillTheHostDisk()
    {
        RunRequest request = attack(QStringLiteral("sparse_artifacts.py"), {QStringLiteral("3"), QStringLiteral("48")});
        request.limits.wallTimeMs = 30'000;
        const Outcome o = run(request);
        QVERIFY(o.result);
        QCOMPARE(o.result->stdoutData, QByteArray("made sparse files\n"));
        qint64 copiedOut = 0;
        for (const Artifact &artifact : o.result->artifacts)
            copiedOut += artifact.size;
        // Init copies output/ within the workspace's size, counting each file's apparent size.
        QVERIFY2(copiedOut <= 64 * kMiB, qPrintable(QStringLiteral("%1 bytes copied out").arg(copiedOut)));
    }

    void millionFilesStopAtTheInodeLimit_data()
    {
        QTest::addColumn<QString>("folder");
        QTest::newRow("workspace") << QStringLiteral(".");
        // Every tmpfs has its inode limit, not only the workspace: 1.2 million empty files
        // once pinned a gigabyte of kernel memory that no watch saw.
        QTest::newRow("private /tmp") << QStringLiteral("/tmp");
        QTest::newRow("private /dev/shm") << QStringLiteral("/dev/shm");
    }
    void millionFilesStopAtTheInodeLimit()
    {
        QFETCH(QString, folder);
        RunRequest request = attack(QStringLiteral("million_files.py"), {folder});
        request.limits.wallTimeMs = 30'000;
        const Outcome o = run(request);
        QVERIFY(o.result);
        QCOMPARE(o.result->killReason, KillReason::None);
        QCOMPARE(o.result->exitCode, 0);
        QVERIFY2(o.result->stdoutData.endsWith(" files, then ENOSPC\n"), o.result->stdoutData.constData());
        QVERIFY(firstNumber(o.result->stdoutData) <= 8192);
    }

    void busyThreadsGetOneCpu()
    {
        RunRequest request = pythonRequest(kLauncher);
        request.inputFiles = {{QCoreApplication::applicationDirPath() + QStringLiteral("/attacks/two_busy_threads"),
                               QStringLiteral("prog")}};
        request.limits.wallTimeMs = 30'000;
        const Outcome o = run(request);
        QVERIFY(o.result);
        QCOMPARE(o.result->stdoutData, QByteArray("spun\n"));
        const bool capped = reportSays(*o.result, "CPU: one CPU's worth at most");
        // Where this user can make a cpu cgroup, the cap must be there: the test cannot pass
        // by finding no report line.
        if (cpuCgroupAvailable())
            QVERIFY2(capped, qPrintable(o.result->isolation.details.join(QLatin1Char('\n'))));
        else
            QVERIFY(capped || reportSays(*o.result, "CPU: not capped"));
        if (capped) {
            const QString times = QStringLiteral("cpu %1 ms, wall %2 ms").arg(o.result->cpuMs).arg(o.result->wallMs);
            QVERIFY2(o.result->cpuMs <= o.result->wallMs * 13 / 10, qPrintable(times));
        }
    }

    void socketBuffersAreCountedOrSaidNotToBe()
    {
        RunRequest request = attack(QStringLiteral("socket_buffer_bomb.py"));
        request.limits.memoryBytes = 128 * kMiB;
        request.limits.openFiles = 4096; // about 700 MB of buffers, were nothing to stop them
        request.limits.wallTimeMs = 30'000;
        const Outcome o = run(request);
        QVERIFY(o.result);
        // The cgroup charges the buffers, or without one init's watch counts them: either way
        // the run ends at its memory limit, and the report says which did it.
        QVERIFY2(reportSays(*o.result, "Kernel memory: socket buffers, pipes and file metadata are charged")
                     || reportSays(*o.result, "Kernel memory: no memory cgroup, so Sandpit's watch counts what the run queues"),
                 qPrintable(o.result->isolation.details.join(QLatin1Char('\n'))));
        QVERIFY2(o.result->killReason == KillReason::Memory, o.result->stdoutData.constData());
    }

    void fdBombGetsEmfile()
    {
        RunRequest request = attack(QStringLiteral("fd_bomb.py"));
        request.limits.openFiles = 100;
        const Outcome o = run(request);
        QVERIFY(o.result);
        QCOMPARE(o.result->killReason, KillReason::None);
        QCOMPARE(o.result->exitCode, 0);
        QVERIFY2(o.result->stdoutData.endsWith(" descriptors, then EMFILE\n"), o.result->stdoutData.constData());
        QVERIFY(firstNumber(o.result->stdoutData) < 100);
    }

    void limitsCannotBeRaised()
    {
        RunRequest request = attack(QStringLiteral("raise_rlimits.py"));
        request.limits.cpuTimeMs = 5000;
        const Outcome o = run(request);
        QVERIFY(o.result);
        QCOMPARE(o.result->exitCode, 0);
        for (const char *name : {"RLIMIT_CPU", "RLIMIT_NPROC", "RLIMIT_NOFILE", "RLIMIT_FSIZE", "RLIMIT_CORE"})
            QVERIFY2(o.result->stdoutData.contains(QByteArray(name) + " refused"), o.result->stdoutData.constData());
        QVERIFY(!o.result->stdoutData.contains("raised"));
    }

    void appKilledMidRunLeavesNoProcess()
    {
        const QString token = uniqueToken();
        QTemporaryDir driverTemp; // where the driver's workspaces go
        QProcess driver;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QString::fromLatin1(kDriverTokenVariable), token);
        environment.insert(QStringLiteral("TMPDIR"), driverTemp.path());
        driver.setProcessEnvironment(environment);
        driver.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        driver.start(QCoreApplication::applicationFilePath(), {QStringLiteral("--driver")});
        QByteArray said;
        QTRY_VERIFY_WITH_TIMEOUT((said += driver.readAllStandardOutput()).contains("started"), 30000);
        QVERIFY2(processWithTokenExists(token), "the sandboxed sleeper is not running");
        driver.kill();
        QVERIFY(driver.waitForFinished(5000));
        QCOMPARE(driver.exitStatus(), QProcess::CrashExit);
        QTRY_VERIFY2_WITH_TIMEOUT(!processWithTokenExists(token), "the sandboxed program outlived the app", 5000);
        // The killed app's workspace holds the learner's sources: the next Sandpit to start
        // a run removes it.
        const QByteArray savedTemp = qgetenv("TMPDIR");
        qputenv("TMPDIR", driverTemp.path().toUtf8());
        const QDir driverRuns(RunFolders::candidates().constFirst());
        QVERIFY(!driverRuns.isEmpty());
        {
            auto nextApp = makeController();
            RunWatcher watcher(*nextApp);
            watcher.outcome.id = nextApp->start(pythonRequest("print('next start')"));
            QTRY_VERIFY_WITH_TIMEOUT(watcher.done(), 30000);
            // Only the killed app's workspaces go; the new app's own warm one may be there.
            QTRY_VERIFY_WITH_TIMEOUT(driverRuns.entryList(QDir::Dirs | QDir::NoDotAndDotDot).size() <= 1, 10000);
        }
        qputenv("TMPDIR", savedTemp);
        QVERIFY(driverRuns.isEmpty());
    }
};

// QTEST_GUILESS_MAIN, plus the driver mode that appKilledMidRunLeavesNoProcess starts.
int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    if (argc == 2 && qstrcmp(argv[1], "--driver") == 0)
        return runDriver();
    TestAttacksResources test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_attacks_resources.moc"
