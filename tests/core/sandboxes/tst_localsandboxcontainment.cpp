// A command in a named local sandbox stays inside what the sandbox promises: it cannot outlive
// its run by killing the process that watches it.

#include "localsandboxesfixture.h"

using namespace SandpitTest;

class TestLocalSandboxContainment : public LocalSandboxesFixture
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_root.isValid()); }
    void cleanup() { removeAllSandboxes(); }

    // The command's init is its parent: killed, it would leave the background sleep running
    // in the sandbox, unwatched, holding the run's output open so the run never ends.
    void aCommandThatKillsItsParentStillEndsAndLeavesNothing()
    {
        created(QStringLiteral("parricide"));
        auto controller = engine();
        RunWatcher command(*controller);
        command.outcome.id = controller->start(exec(QStringLiteral("parricide"),
                                                    {QStringLiteral("sh"), QStringLiteral("-c"),
                                                     QStringLiteral("sleep 57.43 & kill -9 $PPID; echo still here")}));
        QTRY_VERIFY_WITH_TIMEOUT(command.done(), 30000);
        QVERIFY2(command.outcome.result, why(command.outcome).constData());
        QVERIFY(command.outcome.liveStdout.contains("still here"));
        QTRY_VERIFY_WITH_TIMEOUT(
            processesWithToken(QStringLiteral("sleep") + QChar(0) + QStringLiteral("57.43")).isEmpty(), 10000);
        QCOMPARE(listed(store(), QStringLiteral("parricide")).state, SandboxInfo::State::Running);
        const Outcome next = runToEnd(*controller, exec(QStringLiteral("parricide"), {QStringLiteral("true")}));
        QVERIFY2(next.result && next.result->exitCode == 0, why(next).constData());
    }
};

QTEST_GUILESS_MAIN(TestLocalSandboxContainment)
#include "tst_localsandboxcontainment.moc"
