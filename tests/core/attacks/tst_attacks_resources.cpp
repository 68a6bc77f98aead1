// Attacks on the machine's resources: bombs, floods, endless programs and huge files, each run
// in the local sandbox (tst_attacks_resources) and in a container (tst_attacks_resources_docker).
// Every one must end with its own kill reason (or a plain error inside the program), the same
// on both, and leave nothing running on the host.
//
// Asserted in the local sandbox only:
// - million_files.py and sparse_artifacts.py: what the local init's tmpfs workspace holds and
//   what it copies out of it; a container's /work, /tmp and /dev/shm are bounded as
//   fillingTheWorkspaceStaysOffTheHostsDisk shows.
// - two busy threads on one CPU, and socket buffers: the local isolation report's words on
//   cgroups and init's watch.
// - the app killed mid-run: in Docker, a stuck Sandpit's container ends by itself instead
//   (tst_attacks_docker_end).
#include "support/attackharness.h"

#include "files/runfolders.h"

#include <QDir>
#include <QProcess>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <sys/statvfs.h>
#include <tuple>
#include <unistd.h>

namespace {

#ifndef SANDPIT_TEST_DOCKER
// The token reaches the driver through its environment, so only the sandboxed program, not
// the driver itself, has it in its command line.
constexpr const char *kDriverTokenVariable = "SANDPIT_ATTACK_DRIVER_TOKEN";

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
    return std::any_of(lines.begin(), lines.end(),
                       [start](const QString &line) { return line.startsWith(QLatin1String(start)); });
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

#endif

qint64 freeBytes(const QString &path)
{
    struct statvfs fs { };
    if (::statvfs(QFile::encodeName(path).constData(), &fs) != 0)
        qFatal("statvfs %s failed", qPrintable(path));
    return qint64(fs.f_bavail) * qint64(fs.f_frsize);
}

/// Where a run's writes could reach this computer's disk: the run folders, and in Docker its
/// own folder too (its volumes and container layers).
QStringList hostFolders()
{
    if (!kDocker)
        return {QDir::tempPath()};
    auto client = DockerClient::connect(*DockerEndpoint::fromDockerHost(QString()));
    auto info = client ? client->call("GET", QStringLiteral("/info")) : Expected<DockerResponse>{};
    const QString root = info ? info->object().value(QLatin1String("DockerRootDir")).toString() : QString();
    return {QDir::tempPath(), root.isEmpty() ? QStringLiteral("/var/lib/docker") : root};
}

/// The program stopped by itself (no kill) with `exitCode`, at an error it was told of: its
/// output ends with `ending`, and the number in it (what it managed first) is at most `most`.
void checkStoppedByItself(const Outcome &o, int exitCode, const QByteArray &ending, int most)
{
    QVERIFY2(o.result, why(o));
    QCOMPARE(o.result->killReason, KillReason::None);
    QCOMPARE(o.result->exitCode, exitCode);
    QVERIFY2(o.result->stdoutData.endsWith(ending), o.result->stdoutData.constData());
    QVERIFY2(firstNumber(o.result->stdoutData) <= most, o.result->stdoutData.constData());
}

/// Rows of a "folder" column: the run's three writable places, each a small tmpfs of its own.
void addWritablePlaces()
{
    QTest::addColumn<QString>("folder");
    const std::pair<const char *, const char *> places[]
        = {{"workspace", "."}, {"private /tmp", "/tmp"}, {"private /dev/shm", "/dev/shm"}};
    for (const auto &[row, folder] : places)
        QTest::newRow(row) << QString::fromLatin1(folder);
}

} // namespace

class TestAttacksResources : public AttackSuite
{
    Q_OBJECT

private Q_SLOTS:
    void bombEndsAtItsLimit_data()
    {
        // The fork and thread bombs end at "process-limit", not at the time limit they would
        // otherwise reach: both ignore the failed fork and keep trying. The grandchild's parent
        // sees its child end and exits 0: the run still reports what happened.
        const std::tuple<const char *, KillReason> bombs[] = {{"fork_bomb", KillReason::ProcessLimit},
                                                              {"thread_bomb", KillReason::ProcessLimit},
                                                              {"memory_bomb", KillReason::Memory},
                                                              {"memory_bomb_grandchild", KillReason::Memory},
                                                              {"memory_bomb_shared", KillReason::Memory}};
        QTest::addColumn<QString>("program");
        QTest::addColumn<KillReason>("reason");
        for (const auto &[name, reason] : bombs)
            QTest::newRow(name) << QString::fromLatin1(name) + QStringLiteral(".py") << reason;
    }
    void bombEndsAtItsLimit()
    {
        QFETCH(QString, program);
        QFETCH(KillReason, reason);
        const QString token = uniqueToken();
        RunRequest request = attack(program, {token});
        request.limits.wallTimeMs = 30'000;
        if (reason == KillReason::ProcessLimit) {
            request.limits.processes = 32;
            request.limits.wallTimeMs = kDocker ? 10'000 : 30'000;
        } else {
            request.limits.memoryBytes = 128 * kMiB;
        }
        const Outcome o = run(request);
        QVERIFY(o.result);
        QVERIFY2(!processWithTokenExists(token), "a process of the bomb outlived the run");
        QCOMPARE(killReasonId(o.result->killReason), killReasonId(reason));
        // Without a memory cgroup, init's watch counts shared anonymous pages and the run's
        // tmpfs files as well as private ones: RLIMIT_DATA alone would miss them.
        if (reason == KillReason::Memory)
            QVERIFY(o.result->killDetail.contains(QStringLiteral("memory")));
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
        QVERIFY(o.result);
        QCOMPARE(killReasonId(o.result->killReason), killReasonId(KillReason::Memory));
        // Docker's init (sandpit-seccomp) runs as the learner's uid, though non-dumpable, so
        // its prlimit may well succeed; the memory limit is the kernel's there. The local init
        // runs under the program's uid too, so only the filter stops prlimit(2) on PID 1.
        if (!kDocker) {
            QVERIFY2(o.result->stdoutData.startsWith("prlimit on init refused\n"), o.result->stdoutData.constData());
            QVERIFY(!o.result->stdoutData.contains("held 400 MB"));
        }
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

    void busyLoopEndsAtTheCpuTimeLimit()
    {
        // A CPU-time limit well inside the wall time ends the run as "cpu-time".
        RunRequest request = attack(QStringLiteral("busy_loop.py"));
        request.limits.cpuTimeMs = 1000;
        request.limits.wallTimeMs = 10'000;
        const Outcome o = run(request);
        QVERIFY(o.result);
        qInfo("cpu-time run: %s after %lld ms wall, %lld ms CPU", qPrintable(killReasonId(o.result->killReason)),
              o.result->wallMs, o.result->cpuMs);
        QCOMPARE(killReasonId(o.result->killReason), killReasonId(KillReason::CpuTime));
        QCOMPARE(o.result->exitCode, std::nullopt);
        QVERIFY(o.result->wallMs < 8000);
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
        // With no file-size limit, the small private tmpfs of each writable place stops it (in
        // Docker, /work's is fillingTheWorkspaceStaysOffTheHostsDisk's).
        if (!kDocker)
            QTest::newRow("workspace tmpfs")
                << QStringLiteral(".") << qint64(0) << QByteArray("No space left on device") << 64;
        QTest::newRow("private /tmp") << QStringLiteral("/tmp") << qint64(0) << QByteArray("No space left on device")
                                      << 64;
        QTest::newRow("private /dev/shm")
            << QStringLiteral("/dev/shm") << qint64(0) << QByteArray("No space left on device") << 64;
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
        checkStoppedByItself(run(request), 1, " MB: " + error + '\n', maxMiB);
    }

    void fillingTheWorkspaceStaysOffTheHostsDisk_data()
    {
        // Docker's /work was a bound host folder with no size limit: 1 GB landed in the
        // host's /tmp.
        addWritablePlaces();
    }
    void fillingTheWorkspaceStaysOffTheHostsDisk()
    {
        QFETCH(QString, folder);
        const QStringList folders = hostFolders();
        QList<qint64> freeBefore;
        for (const QString &path : folders)
            freeBefore << freeBytes(path);
        RunRequest request = attack(QStringLiteral("fill_disk_50mb.py"), {folder});
        request.limits.fileSizeBytes = 0;
        request.limits.wallTimeMs = 60'000;
        const Outcome o = run(request);
        // Nothing of it on the host's disk: other work on this machine moves the free space by
        // far less than the 1 GB the program tried to write.
        for (int i = 0; i < folders.size(); ++i) {
            const qint64 lost = freeBefore.at(i) - freeBytes(folders.at(i));
            QVERIFY2(lost < 512 * kMiB,
                     qPrintable(QStringLiteral("%1 lost %2 MB").arg(folders.at(i)).arg(lost / kMiB)));
        }
        // It ended by itself, with its own error, not at the time limit.
        checkStoppedByItself(o, 1, " MB: No space left on device\n", 64);
    }

    void compiledHugeFileEndsAtTheFileSizeLimit()
    {
        RunRequest request = compiledAttack(QStringLiteral("write_10gb"));
        request.limits.fileSizeBytes = 16 * kMiB;
        const Outcome o = run(request);
        QVERIFY(o.result);
        QCOMPARE(o.result->killReason, KillReason::FileSize);
        QCOMPARE(o.result->signal, SIGXFSZ);
        QCOMPARE(o.result->stdoutData, QByteArray());
    }

    void fdBombGetsEmfile()
    {
        RunRequest request = attack(QStringLiteral("fd_bomb.py"));
        request.limits.openFiles = 100;
        checkStoppedByItself(run(request), 0, " descriptors, then EMFILE\n", 99);
    }

    void limitsCannotBeRaised()
    {
        RunRequest request = attack(QStringLiteral("raise_rlimits.py"));
        request.limits.cpuTimeMs = 5000;
        const Outcome o = run(request);
        QVERIFY(o.result);
        QCOMPARE(o.result->exitCode, 0);
        // Docker sets only these as ulimits; the process count is the pids cgroup's instead.
        QList<const char *> names{"RLIMIT_NOFILE", "RLIMIT_FSIZE", "RLIMIT_CORE"};
        if (!kDocker)
            names << "RLIMIT_CPU"
                  << "RLIMIT_NPROC";
        for (const char *name : std::as_const(names))
            QVERIFY2(o.result->stdoutData.contains(QByteArray(name) + " refused"), o.result->stdoutData.constData());
        QVERIFY2(!o.result->stdoutData.contains("raised"), o.result->stdoutData.constData());
    }

#ifndef SANDPIT_TEST_DOCKER
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
        // Every tmpfs has its inode limit, not only the workspace: 1.2 million empty files
        // once pinned a gigabyte of kernel memory that no watch saw.
        addWritablePlaces();
    }
    void millionFilesStopAtTheInodeLimit()
    {
        QFETCH(QString, folder);
        RunRequest request = attack(QStringLiteral("million_files.py"), {folder});
        request.limits.wallTimeMs = 30'000;
        checkStoppedByItself(run(request), 0, " files, then ENOSPC\n", 8192);
    }

    void busyThreadsGetOneCpu()
    {
        RunRequest request = compiledAttack(QStringLiteral("two_busy_threads"));
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
                     || reportSays(*o.result,
                                   "Kernel memory: no memory cgroup, so Sandpit's watch counts what the run queues"),
                 qPrintable(o.result->isolation.details.join(QLatin1Char('\n'))));
        QVERIFY2(o.result->killReason == KillReason::Memory, o.result->stdoutData.constData());
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
#endif
};

// QTEST_GUILESS_MAIN, plus the driver mode that appKilledMidRunLeavesNoProcess starts.
int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
#ifndef SANDPIT_TEST_DOCKER
    if (argc == 2 && qstrcmp(argv[1], "--driver") == 0)
        return runDriver();
#endif
    TestAttacksResources test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_attacks_resources.moc"
