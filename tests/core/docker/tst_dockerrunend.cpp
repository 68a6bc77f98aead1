// What the Docker backend makes of its launcher's end marker: the limits a run reached without
// being stopped for them, the same ids and rules as the local sandbox's.
#include "docker/dockerrunend.h"

#include <QTest>

using namespace Sandpit::Core;

class TestDockerRunEnd : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void limitsReachedFromTheMarker_data()
    {
        QTest::addColumn<QByteArray>("marker");
        QTest::addColumn<int>("peakPids");
        QTest::addColumn<KillReason>("killReason");
        QTest::addColumn<QStringList>("reached");

        const QByteArray quiet = "status=1 pids_max=0 oom_kill=0 mem_max=0 open_files=0 file_size= disk_full=";
        QTest::newRow("nothing reached") << quiet << 3 << KillReason::None << QStringList();
        QTest::newRow("refused forks") << QByteArray("status=1 pids_max=12") << 3 << KillReason::None
                                       << QStringList{QStringLiteral("process-limit")};
        QTest::newRow("seen past the limit, counters unknown")
            << QByteArray("status=1 pids_max=") << 17 << KillReason::None
            << QStringList{QStringLiteral("process-limit")};
        QTest::newRow("stopped for processes: not said twice")
            << QByteArray("pids_max=40") << 17 << KillReason::ProcessLimit << QStringList();
        QTest::newRow("memory limit reached, no OOM kill") << QByteArray("status=0 mem_max=5 oom_kill=0") << 1
                                                           << KillReason::None << QStringList{QStringLiteral("memory")};
        QTest::newRow("OOM-killed: memory is the kill reason")
            << QByteArray("status=137 mem_max=5 oom_kill=1") << 1 << KillReason::Memory << QStringList();
        QTest::newRow("everything, in the local sandbox's order")
            << QByteArray("status=1 disk_full=1 open_files=1 file_size=1 mem_max=2 pids_max=1") << 1 << KillReason::None
            << QStringList{QStringLiteral("process-limit"), QStringLiteral("memory"), QStringLiteral("file-size"),
                           QStringLiteral("open-files"), QStringLiteral("disk-full")};
        QTest::newRow("a watch killed by the program answers nothing")
            << QByteArray("status=1 open_files=") << 1 << KillReason::None << QStringList();
    }
    void limitsReachedFromTheMarker()
    {
        QFETCH(QByteArray, marker);
        QFETCH(int, peakPids);
        QFETCH(KillReason, killReason);
        QFETCH(QStringList, reached);
        QMap<QByteArray, QByteArray> fields;
        for (const QByteArray &field : marker.split(' '))
            fields.insert(field.left(field.indexOf('=')), field.mid(field.indexOf('=') + 1));
        DockerRunEnd end;
        end.peakPids = peakPids;
        end.readMarker(fields);
        Limits limits;
        limits.processes = 16;
        QCOMPARE(end.limitsReached(limits, killReason), reached);
    }

    void statusIsNeverTheMarkers()
    {
        // The marker travels in the program's own stdout: a status in it is only as good as
        // the token's secrecy. The Engine API's (set before, as DockerRunClose::readExit does)
        // stands, and the counters are still taken.
        DockerRunEnd end;
        end.exitCode = 3;
        end.readMarker({{"status", "0"}, {"cpu_ns", "5000000"}, {"oom_kill", "0"}});
        QCOMPARE(end.exitCode, 3);
        QCOMPARE(end.cpuMs, 5);
    }

    void onlyASureNoSkipsTheCopyBack_data()
    {
        QTest::addColumn<QByteArray>("field");
        QTest::addColumn<bool>("unchanged");
        QTest::newRow("nothing changed") << QByteArray("0") << true;
        QTest::newRow("changed") << QByteArray("1") << false;
        QTest::newRow("missing (an older init)") << QByteArray() << false;
        QTest::newRow("garbled") << QByteArray("0x") << false;
    }

    void onlyASureNoSkipsTheCopyBack()
    {
        // The field is a hint from init: anything but its plain "0" means the host copies
        // /work back as it always did.
        QFETCH(QByteArray, field);
        QFETCH(bool, unchanged);
        QMap<QByteArray, QByteArray> fields{{"status", "0"}};
        if (!field.isEmpty())
            fields.insert("work_changed", field);
        DockerRunEnd end;
        end.readMarker(fields);
        QCOMPARE(end.workUnchanged, unchanged);
    }
};

QTEST_GUILESS_MAIN(TestDockerRunEnd)
#include "tst_dockerrunend.moc"
