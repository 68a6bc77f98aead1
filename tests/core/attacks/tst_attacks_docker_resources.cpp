// The resource half of the attack corpus against the Docker backend: bombs, time, output,
// disk and limits, each ending with the same kill reason as in the local sandbox. The files,
// network and process half, and the list of programs not run in Docker and why, are in
// tst_attacks_docker.cpp.
#include "support/dockerattacks.h"

#include <QDir>

#include <sys/statvfs.h>

class TestAttacksDockerResources : public QObject, private DockerAttackRunner
{
    Q_OBJECT

    static qint64 freeBytes(const QString &path)
    {
        struct statvfs fs {};
        if (::statvfs(QFile::encodeName(path).constData(), &fs) != 0)
            qFatal("statvfs %s failed", qPrintable(path));
        return qint64(fs.f_bavail) * qint64(fs.f_frsize);
    }
    static QString dockerRootDir()
    {
        auto client = DockerClient::connect(*DockerEndpoint::fromDockerHost(QString()));
        auto info = client ? client->call("GET", QStringLiteral("/info")) : Expected<DockerResponse>{};
        const QString root = info ? info->object().value(QLatin1String("DockerRootDir")).toString() : QString();
        return root.isEmpty() ? QStringLiteral("/var/lib/docker") : root;
    }

private Q_SLOTS:
    void initTestCase() { setUpEngine(); }
    void cleanupTestCase() { tearDownEngine(); }

    // --- the machine's resources ----------------------------------------------------------

    void bombEndsAtTheProcessLimit_data()
    {
        QTest::addColumn<QString>("program");
        QTest::newRow("fork bomb") << QStringLiteral("fork_bomb.py");
        QTest::newRow("thread bomb") << QStringLiteral("thread_bomb.py");
    }
    void bombEndsAtTheProcessLimit()
    {
        // As in the local sandbox: "process-limit", not the time limit it would otherwise
        // reach (both bombs ignore the failed fork and keep trying).
        QFETCH(QString, program);
        const QString token = uniqueToken();
        RunRequest request = attack(program, {token});
        request.limits.processes = 32;
        request.limits.wallTimeMs = 10'000;
        const Outcome o = run(request);
        QVERIFY(o.result);
        QVERIFY2(!processWithTokenExists(token), "a bomb process outlived the run");
        QCOMPARE(killReasonId(o.result->killReason), killReasonId(KillReason::ProcessLimit));
    }

    void memoryBombEndsAtTheMemoryLimit_data()
    {
        QTest::addColumn<QString>("program");
        QTest::newRow("in the main program") << QStringLiteral("memory_bomb.py");
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
        QVERIFY2(!processWithTokenExists(token), "a process outlived the memory kill");
        QCOMPARE(killReasonId(o.result->killReason), killReasonId(KillReason::Memory));
        QVERIFY(o.result->killDetail.contains(QStringLiteral("memory")));
    }

    void memoryLimitHoldsWithInitLimited_data()
    {
        QTest::addColumn<int>("initDescriptors");
        QTest::newRow("init's descriptors 4") << 4;
        QTest::newRow("init's descriptors 0") << 0;
    }
    void memoryLimitHoldsWithInitLimited()
    {
        // Init (sandpit-seccomp) runs as the learner's uid, though non-dumpable, so its prlimit
        // may well succeed here; the memory limit is the kernel's, and the run must still end
        // as "memory" and be reported.
        QFETCH(int, initDescriptors);
        RunRequest request = attack(QStringLiteral("blind_init.py"), {QString::number(initDescriptors)});
        request.limits.memoryBytes = 128 * kMiB;
        request.limits.wallTimeMs = 30'000;
        const Outcome o = run(request);
        QVERIFY(o.result);
        QCOMPARE(killReasonId(o.result->killReason), killReasonId(KillReason::Memory));
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
        // As in the local sandbox (tst_localbackend::cpuTimeLimit): a CPU-time limit well
        // inside the wall time ends the run as "cpu-time".
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
        // With no file-size limit, the container's small /tmp and /dev/shm stop it.
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

    void fillingTheWorkspaceStopsAtItsBudgetOffTheHostsDisk_data()
    {
        QTest::addColumn<QString>("folder");
        // /work was a bound host folder with no size limit: 1 GB landed in the host's /tmp.
        QTest::newRow("/work") << QStringLiteral(".");
        QTest::newRow("/tmp") << QStringLiteral("/tmp");
        QTest::newRow("/dev/shm") << QStringLiteral("/dev/shm");
    }
    void fillingTheWorkspaceStopsAtItsBudgetOffTheHostsDisk()
    {
        QFETCH(QString, folder);
        // Where a container's writes could reach this computer's disk: the run folders, and
        // Docker's own (its volumes and container layers).
        const QStringList hostFolders{QDir::tempPath(), dockerRootDir()};
        QList<qint64> freeBefore;
        for (const QString &path : hostFolders)
            freeBefore << freeBytes(path);
        RunRequest request = attack(QStringLiteral("fill_disk_50mb.py"), {folder});
        request.limits.fileSizeBytes = 0;
        request.limits.wallTimeMs = 60'000;
        const Outcome o = run(request);
        QVERIFY(o.result);
        // It ended by itself, with its own error, not at the time limit.
        QCOMPARE(o.result->killReason, KillReason::None);
        QCOMPARE(o.result->exitCode, 1);
        QVERIFY2(o.result->stdoutData.endsWith(" MB: No space left on device\n"), o.result->stdoutData.constData());
        QVERIFY(firstNumber(o.result->stdoutData) <= 64);
        // Nothing of it on the host's disk: other work on this machine moves the free space by
        // far less than the 1 GB the program tried to write.
        for (int i = 0; i < hostFolders.size(); ++i) {
            const qint64 lost = freeBefore.at(i) - freeBytes(hostFolders.at(i));
            QVERIFY2(lost < 512 * kMiB, qPrintable(QStringLiteral("%1 lost %2 MB").arg(hostFolders.at(i)).arg(lost / kMiB)));
        }
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
        // The limits Docker sets as ulimits; the process count is the pids cgroup's instead.
        for (const char *name : {"RLIMIT_NOFILE", "RLIMIT_FSIZE", "RLIMIT_CORE"})
            QVERIFY2(o.result->stdoutData.contains(QByteArray(name) + " refused"), o.result->stdoutData.constData());
        QVERIFY2(!o.result->stdoutData.contains("raised"), o.result->stdoutData.constData());
    }
};

QTEST_GUILESS_MAIN(TestAttacksDockerResources)
#include "tst_attacks_docker_resources.moc"
