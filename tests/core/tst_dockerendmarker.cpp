// The end marker the Docker launcher prints, and the launcher script itself, run by the host's
// /bin/sh (dash on Debian, as in the images).
#include "dockerendmarker.h"
#include "dockerlauncher.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandpit::Core;

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

    // Runs the launcher in a pid namespace of its own, as in a container: there `kill -1`
    // reaches only the script's own leftovers, not this test. Returns its stdout and stderr.
    static std::pair<QByteArray, QByteArray> runInPidNamespace(const DockerLauncher &launcher)
    {
        QProcess shell;
        shell.start(QStringLiteral("unshare"), {QStringLiteral("--user"), QStringLiteral("--map-root-user"),
                                                QStringLiteral("--pid"), QStringLiteral("--fork"), QStringLiteral("--kill-child"), QStringLiteral("--mount-proc"),
                                                QStringLiteral("/bin/sh"), QStringLiteral("-c"),
                                                QStringLiteral("token=TOKEN\n") + QString::fromUtf8(launcher.script())});
        // After its markers the launcher waits to be removed (its /work is a tmpfs that goes
        // with the container): the markers are the end.
        QByteArray stdoutData, stderrData;
        const auto ended = [&] {
            stdoutData += shell.readAllStandardOutput();
            stderrData += shell.readAllStandardError();
            return stdoutData.endsWith("\n") && stdoutData.contains("\036sandpit-end") && stderrData.contains("\036sandpit-end");
        };
        [&] { QTRY_VERIFY_WITH_TIMEOUT(ended(), 20000); }();
        [&] { QCOMPARE(shell.state(), QProcess::Running); }();
        shell.kill();
        shell.waitForFinished(5000);
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
                                      {},
                                      0,
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
        const QString program =
            QStringLiteral("import time\nheld = [open('/dev/null') for _ in range(%1)]\ntime.sleep(0.3)\nraise SystemExit(1)\n")
                .arg(held);
        const DockerLauncher launcher{{},
                                      {QStringLiteral("python3"), QStringLiteral("-c"), program},
                                      QStringLiteral("/dev/null"),
                                      {},
                                      QStringLiteral(SANDPIT_BIN_DIR "/sandpit-seccomp"),
                                      16,
                                      0};
        const auto [stdoutData, stderrData] = runInPidNamespace(launcher);
        DockerEndMarker out("TOKEN");
        out.feed(stdoutData);
        QVERIFY2(out.ended(), stdoutData.constData());
        QCOMPARE(out.fields().value("status"), QByteArray("1"));
        QCOMPARE(out.fields().value("open_files"), answer);
    }
};

QTEST_GUILESS_MAIN(TestDockerEndMarker)
#include "tst_dockerendmarker.moc"
