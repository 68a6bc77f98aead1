// A program waiting for the learner's input is not stopped by the wall-clock limit, and
// nothing else can hide behind that wait: a busy program, a sleeping one beside a reader, and
// a run fed its input up front all keep the plain limit. Built as tst_inputwait_docker, the
// same in Docker (the container's init watches the program's stdin), bound or, with
// SANDPIT_DOCKER_TRANSFER=archive, through the archive API.
#include "support/runharness.h"

using namespace SandpitTest;

namespace {
// Docker's host kills a timed-out run only after it has copied its files back, which takes
// longer than a local kill: a second more of limit keeps the margins below apart.
constexpr qint64 kWallLimitMs = kDocker ? 2000 : 1500;
// Longer than the limit, as a learner who reads the question twice.
constexpr int kHumanDelayMs = kDocker ? 3000 : 2500;
} // namespace

class TestInputWait : public QObject, private RunFixture
{
    Q_OBJECT

private:
    RunRequest interactive(const QString &fixtureName, const QStringList &arguments = {})
    {
        RunRequest request = pythonRequest(fixture(fixtureName), arguments);
        request.limits.wallTimeMs = kWallLimitMs;
        request.keepStdinOpen = true;
        return request;
    }

    // Starts `request`, waits for the prompt, answers it as a slow human would, and waits for
    // the end.
    Outcome answerLate(const RunRequest &request)
    {
        RunWatcher watcher(*m_controller);
        watcher.outcome.id = m_controller->start(request);
        [&] {
            QTRY_VERIFY_WITH_TIMEOUT(watcher.outcome.liveStdout.contains("How many names? ") || watcher.done(), 30000);
        }();
        if (watcher.done())
            return watcher.outcome;
        // The one fixed wait: a person taking longer than the limit to type. Nothing is
        // asserted after it that a faster machine could make true sooner.
        QTest::qWait(kHumanDelayMs);
        m_controller->writeInput(watcher.outcome.id, "3\n");
        [&] { QTRY_VERIFY_WITH_TIMEOUT(watcher.done(), 30000); }();
        return watcher.outcome;
    }

public:
    TestInputWait()
        : RunFixture(makePythonController)
    {
    }

private Q_SLOTS:
    void init() { startEngine(); }
    void cleanup() { stopEngine(); }

    void aLateAnswerIsNotATimeout()
    {
        const Outcome o = answerLate(interactive(QStringLiteral("asks_for_input.py")));
        QVERIFY2(o.result, why(o));
        QCOMPARE(o.result->killReason, KillReason::None);
        QCOMPARE(o.result->exitCode, 0);
        QCOMPARE(o.result->stdoutData, QByteArray("How many names? You said 3.\n"));
        // It waited about as long as the human took (less what it took to notice the wait).
        QVERIFY2(o.result->inputWaitMs >= kHumanDelayMs - 500, QByteArray::number(o.result->inputWaitMs));
        QVERIFY2(o.result->inputWaitMs <= o.result->wallMs, QByteArray::number(o.result->wallMs));
        QVERIFY2(o.result->wallMs > kWallLimitMs, QByteArray::number(o.result->wallMs));
        QVERIFY(o.result->cpuMs < kWallLimitMs);
        QVERIFY2(o.result->killDetail.contains(QStringLiteral("for input, which does not count")),
                 qPrintable(o.result->killDetail));
    }

    void computingAfterTheAnswerStillTimesOut()
    {
        const Outcome o
            = answerLate(interactive(QStringLiteral("asks_for_input.py"), {QStringLiteral("then-compute")}));
        QVERIFY2(o.result, why(o));
        QCOMPARE(o.result->killReason, KillReason::Timeout);
        QVERIFY(o.result->stdoutData.contains("You said 3."));
        // The limit counted the computing only: the run lasted the wait plus the limit.
        QVERIFY2(o.result->inputWaitMs >= kHumanDelayMs - 500, QByteArray::number(o.result->inputWaitMs));
        QVERIFY2(o.result->wallMs - o.result->inputWaitMs >= kWallLimitMs - 100, QByteArray::number(o.result->wallMs));
        QVERIFY2(o.result->killDetail.contains(QStringLiteral("for input")), qPrintable(o.result->killDetail));
    }

    void aBusyLoopStillTimesOut()
    {
        RunRequest request = interactive(QStringLiteral("cpu_burner.py"));
        const Outcome o = run(request);
        QVERIFY2(o.result, why(o));
        QCOMPARE(o.result->killReason, KillReason::Timeout);
        QCOMPARE(o.result->inputWaitMs, 0);
    }

    void aReaderChildBuysNoTimeForItsParent_data()
    {
        QTest::addColumn<QString>("parent");
        QTest::newRow("computing parent") << QStringLiteral("compute");
        QTest::newRow("sleeping parent") << QStringLiteral("sleep");
        // In a container init has no capability to read a non-dumpable process's call: what
        // it cannot see may be a sleep.
        QTest::newRow("sleeping parent hidden from init") << QStringLiteral("hidden-sleep");
    }

    void aReaderChildBuysNoTimeForItsParent()
    {
        QFETCH(QString, parent);
        const Outcome o = run(interactive(QStringLiteral("reader_child_and_busy_parent.py"), {parent}));
        QVERIFY2(o.result, why(o));
        QCOMPARE(o.result->killReason, KillReason::Timeout);
        QVERIFY(o.result->stdoutData.contains("child reading"));
        // Had the child's read bought time, the wait would be the whole run; what is counted is
        // the sampling's slack, which a loaded machine stretches (206 ms once in CI's rehearsal).
        QVERIFY2(o.result->inputWaitMs < kWallLimitMs / 2, QByteArray::number(o.result->inputWaitMs));
        QVERIFY2(o.result->wallMs < kWallLimitMs + 1000, QByteArray::number(o.result->wallMs));
    }

    void inputFedUpFrontKeepsThePlainLimit()
    {
        RunRequest request = pythonRequest(fixture(QStringLiteral("reads_then_sleeps.py")));
        request.limits.wallTimeMs = kWallLimitMs;
        request.stdinData = "3\n";
        request.keepStdinOpen = false;
        const Outcome o = run(request);
        QVERIFY2(o.result, why(o));
        QCOMPARE(o.result->killReason, KillReason::Timeout);
        QCOMPARE(o.result->stdoutData, QByteArray("read '3'\n"));
        QCOMPARE(o.result->inputWaitMs, 0);
        QVERIFY(!o.result->killDetail.contains(QStringLiteral("for input")));
    }
};

QTEST_GUILESS_MAIN(TestInputWait)
#include "tst_inputwait.moc"
