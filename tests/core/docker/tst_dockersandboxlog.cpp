// A Docker named sandbox's log on the host: appends from two writers kept whole, the cap
// keeping the newest part, and an offset into the log as it grows still valid across a trim
// (what `sandpit sandbox logs --follow` reads from).
#include "docker/dockersandboxlog.h"

#include <QTemporaryDir>
#include <QTest>

#include <thread>

using namespace Sandpit::Core;

class TestDockerSandboxLog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readsFromAnOffset()
    {
        QTemporaryDir dir;
        const DockerSandboxLog log(dir.filePath(QStringLiteral("sandbox.log")));
        QCOMPARE(log.read(0)->bytes, QByteArray());
        QVERIFY(log.append("first\n"));
        const SandboxLogRead first = *log.read(0);
        QCOMPARE(first.bytes, QByteArray("first\n"));
        QCOMPARE(first.end, 6);
        QVERIFY(log.append("second\n"));
        QCOMPARE(log.read(first.end)->bytes, QByteArray("second\n"));
    }

    void twoWritersAtOnceLoseNothing()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("sandbox.log"));
        const auto write = [path](char letter) {
            const DockerSandboxLog log(path);
            for (int i = 0; i < 200; ++i)
                log.append(QByteArray(100, letter) + '\n');
        };
        std::thread a(write, 'a');
        std::thread b(write, 'b');
        a.join();
        b.join();
        const QList<QByteArray> lines = DockerSandboxLog(path).read(0)->bytes.split('\n');
        QCOMPARE(lines.size(), 401); // and an empty piece after the last newline
        for (const QByteArray &line : lines.first(400))
            QVERIFY2(line == QByteArray(100, 'a') || line == QByteArray(100, 'b'), line.constData());
    }

    void theCapKeepsTheNewestAndOffsetsStayTrue()
    {
        QTemporaryDir dir;
        const DockerSandboxLog log(dir.filePath(QStringLiteral("sandbox.log")));
        const QByteArray line = QByteArray(1023, 'x') + '\n';
        qint64 written = 0;
        while (written <= DockerSandboxLog::kCapBytes) {
            QVERIFY(log.append(line));
            written += line.size();
        }
        QVERIFY(log.append("newest\n"));
        written += 7;
        const SandboxLogRead all = *log.read(0);
        const QByteArray &kept = all.bytes;
        QVERIFY(kept.size() <= DockerSandboxLog::kCapBytes / 2 + line.size());
        QVERIFY(kept.endsWith("xx\nnewest\n"));
        QVERIFY(kept.startsWith("xxx")); // from a line's start
        // The offset counts everything ever written, trimmed or not.
        QCOMPARE(all.end, written);
        QCOMPARE(all.dropped, written - kept.size());
        QCOMPARE(log.read(written - 7)->bytes, QByteArray("newest\n"));
    }

    // A follower further behind than the log holds goes on from where the read ended, so it
    // never gets a byte twice, and is told how many it lost.
    void aSlowFollowerGetsNoByteTwice()
    {
        QTemporaryDir dir;
        const DockerSandboxLog log(dir.filePath(QStringLiteral("sandbox.log")));
        QVERIFY(log.append("start\n"));
        const SandboxLogRead first = *log.read(0);
        const QByteArray line = QByteArray(1023, 'y') + '\n';
        qint64 written = first.end;
        while (written <= DockerSandboxLog::kCapBytes * 2) { // two trims while the follower sleeps
            QVERIFY(log.append(line));
            written += line.size();
        }
        const SandboxLogRead late = *log.read(first.end);
        QVERIFY(late.dropped > 0);
        QCOMPARE(late.end, written);
        QCOMPARE(first.end + late.dropped + late.bytes.size(), late.end);
        QVERIFY(log.append("after\n"));
        QCOMPARE(log.read(late.end)->bytes, QByteArray("after\n"));
    }
};

QTEST_GUILESS_MAIN(TestDockerSandboxLog)
#include "tst_dockersandboxlog.moc"
