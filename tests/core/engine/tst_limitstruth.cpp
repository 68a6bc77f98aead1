// Every limit tells the truth: the same program gets the same verdict whichever way its limits
// are enforced. CI runs this table as root (cgroups), as an ordinary user (rlimits and init's
// watch), as that user in a delegated cgroup, and in Docker (tst_limitstruth_docker). A limit
// that stopped the program is its kill_reason; one the kernel enforced by refusing a call is
// in limits_reached, and the sentence for people names it with its value.
#include "support/runharness.h"

using namespace SandpitTest;

class TestLimitsTruth : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<RunController> m_controller;

private Q_SLOTS:
    void initTestCase() { m_controller = makePythonController(); }
    void cleanupTestCase() { m_controller.reset(); }

    void sameVerdictOnEveryPath_data()
    {
        QTest::addColumn<QString>("program");
        QTest::addColumn<QString>("killReason");
        QTest::addColumn<QStringList>("limitsReached");
        QTest::addColumn<QString>("sentence");

        QTest::newRow("gives up on a refused fork")
            << QStringLiteral("limits/gives_up_forking.py") << QStringLiteral("none")
            << QStringList{QStringLiteral("process-limit")}
            << QStringLiteral("It ended with an error (exit code 1) after it reached the process limit (16).");
        QTest::newRow("keeps forking") << QStringLiteral("attacks/fork_bomb.py") << QStringLiteral("process-limit")
                                       << QStringList()
                                       << QStringLiteral("It tried to run more than 16 processes or threads at once.");
        QTest::newRow("writes past the file-size limit")
            << QStringLiteral("limits/writes_past_file_size.py") << QStringLiteral("none")
            << QStringList{QStringLiteral("file-size")}
            << QStringLiteral("It ended with an error (exit code 1) after it reached the file-size limit (8 MB).");
        QTest::newRow("fills its workspace")
            << QStringLiteral("limits/fills_workspace.py") << QStringLiteral("none")
            << QStringList{QStringLiteral("disk-full")}
            << QStringLiteral("It ended with an error (exit code 1) after it reached a full disk");
        QTest::newRow("runs out of open files")
            << QStringLiteral("limits/runs_out_of_files.py") << QStringLiteral("none")
            << QStringList{QStringLiteral("open-files")}
            << QStringLiteral("It ended with an error (exit code 1) after it reached the open-files limit (64).");
        QTest::newRow("memory bomb") << QStringLiteral("attacks/memory_bomb.py") << QStringLiteral("memory")
                                     << QStringList() << QStringLiteral("It tried to use more than 64 MB of memory");
        QTest::newRow("stays within its limits") << QStringLiteral("hello.py") << QStringLiteral("none")
                                                 << QStringList() << QStringLiteral("The program finished normally.");
    }

    void sameVerdictOnEveryPath()
    {
        QFETCH(QString, program);
        QFETCH(QString, killReason);
        QFETCH(QStringList, limitsReached);
        QFETCH(QString, sentence);

        RunRequest request = pythonRequest(fixture(program));
        request.backend = kDocker ? QStringLiteral("docker") : QStringLiteral("local");
        request.limits.processes = 16;
        request.limits.fileSizeBytes = 8LL << 20;
        request.limits.openFiles = 64;
        // A full 64 MB workspace is memory too (tmpfs): only the memory bomb gets less room.
        request.limits.memoryBytes = (killReason == QLatin1String("memory") ? 64LL : 256LL) << 20;
        request.limits.wallTimeMs = 20000;
        const Outcome o = runToEnd(*m_controller, request, 60000);
        QVERIFY2(o.result, why(o));
        const RunResult &r = *o.result;
        const QString seen
            = QStringLiteral("%1 %2 [%3]: %4 / %5")
                  .arg(killReasonId(r.killReason), r.exitCode ? QString::number(*r.exitCode) : QStringLiteral("-"),
                       r.limitsReached.join(QLatin1Char(',')), r.killDetail,
                       QString::fromUtf8(r.stderrData.right(300)));
        QVERIFY2(killReasonId(r.killReason) == killReason, qPrintable(seen));
        QVERIFY2(r.limitsReached == limitsReached, qPrintable(seen));
        QVERIFY2(r.killDetail.contains(sentence), qPrintable(seen));
    }
};

QTEST_GUILESS_MAIN(TestLimitsTruth)
#include "tst_limitstruth.moc"
