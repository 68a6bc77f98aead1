// The end marker, and the container's init (sandpit-seccomp --init) with the launcher's
// scripts, run by the host's /bin/sh (dash on Debian, as in the images).
#include "docker/dockerendmarker.h"
#include "docker/dockerlauncher.h"

#include <QDir>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>
#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Sandpit::Core;

namespace {
// Later than the one-second deadline init is given.
constexpr int kLateAnswerMs = 1500;
} // namespace

class TestDockerEndMarker : public QObject
{
    Q_OBJECT

private:
    static QByteArray feedInPieces(DockerEndMarker &marker, const QByteArray &stream, int pieceSize)
    {
        QByteArray program;
        for (qsizetype i = 0; i < stream.size(); i += pieceSize)
            program += marker.feed(QByteArrayView(stream).sliced(i, std::min<qsizetype>(pieceSize, stream.size() - i)));
        return program;
    }

    // Runs init with the launcher in a pid namespace of its own, as in a container: there
    // `kill -1` reaches only the run's own leftovers, not this test. The files come as through
    // the archive API (token and ready files). Returns its stdout and stderr.
    static QStringList initArguments(const QString &control, int openFiles)
    {
        return {QStringLiteral("--user"),
                QStringLiteral("--map-root-user"),
                QStringLiteral("--pid"),
                QStringLiteral("--fork"),
                QStringLiteral("--kill-child"),
                QStringLiteral("--mount-proc"),
                QStringLiteral(SANDPIT_BIN_DIR "/sandpit-seccomp"),
                QStringLiteral("--init"),
                control,
                QString::number(openFiles)};
    }

    static void writeScripts(const QString &control, const DockerLauncher &launcher)
    {
        for (const auto &[name, bytes] :
             {std::pair{"run.sh", launcher.script()}, std::pair{"end.sh", launcher.evidenceScript()}}) {
            QFile file(control + QLatin1Char('/') + QLatin1String(name));
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(bytes);
        }
    }

    // The token, then "ready", as the archive API leaves them for init.
    static void writeOrderFiles(const QString &control, const QByteArray &order)
    {
        for (const auto &[name, bytes] : {std::pair{"token", order}, std::pair{"ready", QByteArray()}}) {
            QFile file(control + QLatin1Char('/') + QLatin1String(name));
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(bytes);
        }
    }

    // Starts init, given `order` as through the archive API, with a program that reads a line
    // from its stdin, init's own, and says what it got.
    static void startReader(QProcess &init, const QString &control, const QByteArray &order)
    {
        writeScripts(control,
                     DockerLauncher{{},
                                    {QStringLiteral("/bin/sh"), QStringLiteral("-c"),
                                     QStringLiteral("read -r x; echo \"got $x\"")},
                                    QStringLiteral("/dev/stdin"),
                                    {},
                                    0});
        writeOrderFiles(control, order);
        init.start(QStringLiteral("unshare"), initArguments(control, 0));
    }

    static DockerLauncher sleeper()
    {
        return DockerLauncher{{}, {QStringLiteral("sleep"), QStringLiteral("300")}, QStringLiteral("/dev/null"), {}, 0};
    }

    // `workDir`: init's working folder, the container's /work.
    static std::pair<QByteArray, QByteArray> runInPidNamespace(const DockerLauncher &launcher, int openFiles = 0,
                                                               const QString &workDir = {})
    {
        QTemporaryDir control;
        writeScripts(control.path(), launcher);
        writeOrderFiles(control.path(), "TOKEN 0\n");
        QProcess init;
        if (!workDir.isEmpty())
            init.setWorkingDirectory(workDir);
        init.start(QStringLiteral("unshare"), initArguments(control.path(), openFiles));
        // After its markers init waits to be removed (its /work is a tmpfs that goes with the
        // container): the markers are the end.
        QByteArray stdoutData, stderrData;
        const auto ended = [&] {
            stdoutData += init.readAllStandardOutput();
            stderrData += init.readAllStandardError();
            return stdoutData.endsWith("\n") && stdoutData.contains("\036sandpit-end")
                && stderrData.contains("\036sandpit-end");
        };
        [&] { QTRY_VERIFY_WITH_TIMEOUT(ended(), 20000); }();
        [&] { QCOMPARE(init.state(), QProcess::Running); }();
        [&] { QVERIFY(!QFile::exists(control.filePath(QStringLiteral("token")))); }(); // read, then gone
        init.kill();
        init.waitForFinished(5000);
        return {stdoutData, stderrData};
    }

private Q_SLOTS:
    void markerEndsTheStreamWhereverItIsSplit_data()
    {
        QTest::addColumn<int>("pieceSize");
        for (int size : {1, 2, 3, 7, 16, 1000})
            QTest::addRow("%d bytes a piece", size) << size;
    }
    void markerEndsTheStreamWhereverItIsSplit()
    {
        QFETCH(int, pieceSize);
        DockerEndMarker marker("t0k3n");
        const QByteArray stream = "hello\nworld" + DockerEndMarker::prefix("t0k3n") + " status=3 peak=4096 cpu_ns=\n";
        QCOMPARE(feedInPieces(marker, stream, pieceSize), QByteArray("hello\nworld"));
        QVERIFY(marker.ended());
        QCOMPARE(marker.fields().value("status"), QByteArray("3"));
        QCOMPARE(marker.fields().value("peak"), QByteArray("4096"));
        QCOMPARE(marker.fields().value("cpu_ns"), QByteArray()); // unknown, not zero
        QCOMPARE(marker.feed("after"), QByteArray());
    }

    void aForgedTokenIsJustOutput()
    {
        DockerEndMarker marker("secret");
        const QByteArray forged = DockerEndMarker::prefix("guess") + " status=0\n";
        QCOMPARE(feedInPieces(marker, forged + "more", 5), forged + "more");
        QVERIFY(!marker.ended());
    }

    void aRecordSeparatorOfTheProgramIsHeldOnlyUntilItIsDecided()
    {
        DockerEndMarker marker("tok");
        QCOMPARE(marker.feed("progress\x1e"), QByteArray("progress"));
        QCOMPARE(marker.feed("x"), QByteArray("\x1ex"));
        QCOMPARE(marker.feed("tail\x1esand"), QByteArray("tail"));
        QCOMPARE(marker.takeHeld(), QByteArray("\x1esand")); // the stream ended without a marker
        QVERIFY(!marker.ended());
    }

    void initDoesNotCountATypedInputWaitAgainstItsDeadline()
    {
        // The program reads init's stdin (as through the archive API: the container's own)
        // and gets its answer after its one-second deadline has passed: the host said the
        // input is typed, so the wait was no time of the run's.
        QTemporaryDir control;
        QProcess init;
        startReader(init, control.path(), "TOKEN 1 1\n");
        QByteArray stdoutData, stderrData;
        const auto read = [&] {
            stdoutData += init.readAllStandardOutput();
            stderrData += init.readAllStandardError();
        };
        QTRY_VERIFY_WITH_TIMEOUT((read(), stderrData.contains("\x1esandpit-input-wait TOKEN 1\n")), 10000);
        // The one fixed wait: a person answering later than the deadline. Nothing asserted
        // after it could become true sooner on a faster machine.
        QTest::qWait(kLateAnswerMs);
        init.write("42\n");
        QTRY_VERIFY_WITH_TIMEOUT((read(), stderrData.contains("\x1esandpit-end TOKEN")), 10000);
        init.kill();
        init.waitForFinished(5000);
        DockerEndMarker out("TOKEN");
        QCOMPARE(out.feed(stdoutData), QByteArray("got 42\n"));
        QCOMPARE(out.fields().value("status"), QByteArray("0"));
        QVERIFY2(out.fields().value("input_wait_ms").toLongLong() >= kLateAnswerMs,
                 out.fields().value("input_wait_ms").constData());
    }

    void initCountsTheWaitWhenTheInputIsNotTyped()
    {
        // The same program, but the host did not say the input is typed (a file, an input
        // set): the plain deadline, and no lines for the host.
        QTemporaryDir control;
        QProcess init;
        startReader(init, control.path(), "TOKEN 1 0\n");
        QVERIFY(init.waitForStarted());
        QTRY_COMPARE_WITH_TIMEOUT(init.state(), QProcess::NotRunning, 10000);
        QCOMPARE(init.exitCode(), 137);
        QVERIFY(!init.readAllStandardError().contains("sandpit-input-wait"));
    }

    void launcherReportsStatusAndKillsLeftovers()
    {
        QTemporaryDir dir;
        const QString input = dir.filePath(QStringLiteral("in"));
        QFile file(input);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("abc");
        file.close();
        // The program reads its stdin, says so with a quoted argument, leaves a sleeper behind,
        // and fails with 7.
        const DockerLauncher launcher{{QStringLiteral("GREETING=it's me")},
                                      {QStringLiteral("/bin/sh"), QStringLiteral("-c"),
                                       QStringLiteral("read -r x; echo \"$GREETING: $x $0\"; (sleep 300 &) ; exit 7"),
                                       QStringLiteral("a b")},
                                      input,
                                      {},
                                      0};
        const auto [stdoutData, stderrData] = runInPidNamespace(launcher);
        DockerEndMarker out("TOKEN");
        DockerEndMarker err("TOKEN");
        QCOMPARE(out.feed(stdoutData), QByteArray("it's me: abc a b\n"));
        QCOMPARE(err.feed(stderrData), QByteArray());
        QVERIFY(out.ended());
        QVERIFY(err.ended());
        QCOMPARE(out.fields().value("status"), QByteArray("7"));
        QVERIFY(out.fields().contains("peak"));
        QVERIFY(out.fields().contains("oom_kill"));
        QCOMPARE(out.fields().value("open_files"), QByteArray()); // no watch: unknown
    }

    void launcherAsksTheWatchForOpenFiles_data()
    {
        QTest::addColumn<int>("held");
        QTest::addColumn<QByteArray>("answer");
        QTest::newRow("a process held the limit") << 20 << QByteArray("1");
        QTest::newRow("none came near it") << 3 << QByteArray("0");
    }
    void launcherAsksTheWatchForOpenFiles()
    {
        QFETCH(int, held);
        QFETCH(QByteArray, answer);
        // The program opens `held` more descriptors and holds them a while (the watch looks
        // every 20 ms), then exits 1, as one that logs EMFILE and gives up would.
        const QString program
            = QStringLiteral(
                  "import time\nheld = [open('/dev/null') for _ in range(%1)]\ntime.sleep(0.3)\nraise SystemExit(1)\n")
                  .arg(held);
        const DockerLauncher launcher{
            {}, {QStringLiteral("python3"), QStringLiteral("-c"), program}, QStringLiteral("/dev/null"), {}, 0};
        const auto [stdoutData, stderrData] = runInPidNamespace(launcher, 16);
        DockerEndMarker out("TOKEN");
        out.feed(stdoutData);
        QVERIFY2(out.ended(), stdoutData.constData());
        QCOMPARE(out.fields().value("status"), QByteArray("1"));
        QCOMPARE(out.fields().value("open_files"), answer);
    }

    void initSaysWhetherTheProgramChangedItsWorkingFolder_data()
    {
        QTest::addColumn<QString>("program");
        QTest::addColumn<QByteArray>("changed");
        QTest::newRow("only reads its files") << "cat main.py output/keep.txt > /dev/null" << QByteArray("0");
        QTest::newRow("writes a file") << "echo hi > made.txt" << QByteArray("1");
        QTest::newRow("changes a file it was given") << "echo '# more' >> main.py" << QByteArray("1");
        QTest::newRow("writes deep in a new folder") << "mkdir -p a/b && echo hi > a/b/c.txt" << QByteArray("1");
        QTest::newRow("writes in output/") << "echo hi > output/.plot" << QByteArray("1");
        QTest::newRow("renames a file it was given") << "mv main.py renamed.py" << QByteArray("1");
        // What the host never lists as the program's: a GET would bring nothing.
        QTest::newRow("writes only a hidden file") << "echo hi > .cache && mkdir __pycache__" << QByteArray("0");
    }

    void initSaysWhetherTheProgramChangedItsWorkingFolder()
    {
        // The files are copied in from a read-only folder, as on a local engine, right before
        // the program starts: only what the program did may count, however quick it is.
        QFETCH(QString, program);
        QFETCH(QByteArray, changed);
        QTemporaryDir files;
        QTemporaryDir work;
        QVERIFY(QDir(files.path()).mkpath(QStringLiteral("output")));
        for (const char *name : {"main.py", "output/keep.txt"}) {
            QFile file(files.filePath(QLatin1String(name)));
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("print('hi')\n");
        }
        const DockerLauncher launcher{{},
                                      {QStringLiteral("/bin/sh"), QStringLiteral("-c"), program},
                                      QStringLiteral("/dev/null"),
                                      files.path(),
                                      0};
        const auto [stdoutData, stderrData] = runInPidNamespace(launcher, 0, work.path());
        DockerEndMarker out("TOKEN");
        QCOMPARE(out.feed(stdoutData), QByteArray());
        QCOMPARE(out.fields().value("status"), QByteArray("0"));
        QVERIFY(QFile::exists(work.filePath(QStringLiteral("output/keep.txt")))); // copied in
        QCOMPARE(out.fields().value("work_changed"), changed);
    }

    void initGivesNoWorkVerdictWhenTheCopyFails()
    {
        // The program never ran; the host copies back as it always did.
        QTemporaryDir work;
        const DockerLauncher launcher{
            {}, {QStringLiteral("true")}, QStringLiteral("/dev/null"), work.filePath(QStringLiteral("missing")), 0};
        const auto [stdoutData, stderrData] = runInPidNamespace(launcher, 0, work.path());
        DockerEndMarker out("TOKEN");
        out.feed(stdoutData);
        QVERIFY(out.ended());
        QVERIFY(out.fields().value("status") != "0");
        QVERIFY(!out.fields().contains("work_changed"));
    }

    void initEndsTheRunAtItsDeadline()
    {
        // A container whose Sandpit was killed (nobody left to stop it) still ends near the
        // time limit: the host sends init a deadline with the token.
        QTemporaryDir control;
        writeScripts(control.path(), sleeper());
        writeOrderFiles(control.path(), "TOKEN 1\n");
        QProcess init;
        init.start(QStringLiteral("unshare"), initArguments(control.path(), 0));
        QVERIFY(init.waitForStarted());
        QTRY_COMPARE_WITH_TIMEOUT(init.state(), QProcess::NotRunning, 10000);
        QCOMPARE(init.exitCode(), 137);
        QVERIFY(!init.readAllStandardOutput().contains("sandpit-end")); // not an end of its own
    }

    void initEndsWithTheProgramsStatusWhenTheHostIsDone_data()
    {
        QTest::addColumn<bool>("byPipe");
        QTest::newRow("a line on the go pipe") << true;
        QTest::newRow("SIGUSR1 from outside the container") << false; // a remote engine's kill API
    }
    void initEndsWithTheProgramsStatusWhenTheHostIsDone()
    {
        // After its marker init holds the container (and with it /work) while the host copies
        // what it keeps; told the copy is done, it exits with the program's status, which is
        // what the host reads from the Engine API.
        QFETCH(bool, byPipe);
        QTemporaryDir control;
        writeScripts(control.path(),
                     DockerLauncher{{},
                                    {QStringLiteral("/bin/sh"), QStringLiteral("-c"), QStringLiteral("exit 5")},
                                    QStringLiteral("/dev/null"),
                                    {},
                                    0});
        const QByteArray go = QFile::encodeName(control.filePath(QStringLiteral("go")));
        int writer = -1;
        if (byPipe) {
            QCOMPARE(::mkfifo(go.constData(), 0600), 0);
            writer = ::open(go.constData(), O_RDWR | O_CLOEXEC);
            QVERIFY(writer >= 0);
        } else {
            writeOrderFiles(control.path(), "TOKEN 0\n");
        }
        QProcess init;
        init.start(QStringLiteral("unshare"), initArguments(control.path(), 0));
        QVERIFY(init.waitForStarted());
        if (byPipe)
            QCOMPARE(::write(writer, "TOKEN 0\n", 8), 8);
        QByteArray out;
        QTRY_VERIFY_WITH_TIMEOUT((out += init.readAllStandardOutput()).endsWith("\n"), 20000);
        QVERIFY2(out.contains("\036sandpit-end TOKEN"), out.constData());
        QCOMPARE(init.state(), QProcess::Running);
        if (byPipe) {
            QCOMPARE(::write(writer, "done\n", 5), 5);
        } else {
            // unshare --fork's child: init, in the pid namespace of its own.
            QFile children(QStringLiteral("/proc/%1/task/%1/children").arg(init.processId()));
            QVERIFY(children.open(QIODevice::ReadOnly));
            const pid_t initPid = children.readAll().trimmed().toInt();
            QVERIFY(initPid > 0);
            QCOMPARE(::kill(initPid, SIGUSR1), 0);
        }
        QTRY_COMPARE_WITH_TIMEOUT(init.state(), QProcess::NotRunning, 10000);
        QCOMPARE(init.exitCode(), 5);
        if (writer >= 0)
            ::close(writer);
    }

    void initEndsTheRunWhenSandpitGoes()
    {
        // The go pipe: the host keeps its end open for the whole run; closed (Sandpit was
        // killed), the program is killed at once, whatever its deadline.
        QTemporaryDir control;
        writeScripts(control.path(), sleeper());
        const QByteArray go = QFile::encodeName(control.filePath(QStringLiteral("go")));
        QCOMPARE(::mkfifo(go.constData(), 0600), 0);
        const int writer = ::open(go.constData(), O_RDWR | O_CLOEXEC);
        QVERIFY(writer >= 0);
        QProcess init;
        init.start(QStringLiteral("unshare"), initArguments(control.path(), 0));
        QVERIFY(init.waitForStarted());
        QCOMPARE(::write(writer, "TOKEN 0\n", 8), 8);
        // Taken (the pipe is empty again), and still running: no deadline, the pipe is open.
        const auto queued = [&] {
            int n = -1;
            ::ioctl(writer, FIONREAD, &n);
            return n;
        };
        QTRY_COMPARE_WITH_TIMEOUT(queued(), 0, 10000);
        QCOMPARE(init.state(), QProcess::Running);
        ::close(writer);
        QTRY_COMPARE_WITH_TIMEOUT(init.state(), QProcess::NotRunning, 10000);
        QCOMPARE(init.exitCode(), 137);
    }
};

QTEST_GUILESS_MAIN(TestDockerEndMarker)
#include "tst_dockerendmarker.moc"
