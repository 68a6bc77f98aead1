// A command in a named local sandbox stays inside what the sandbox promises: it cannot outlive
// its run by killing the process that watches it, nor run outside the sandbox's limits.

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

    // As from another login session, where cgroup v2 refuses to move the command into the
    // sandbox's group: the command would run past the sandbox's memory limit, so it must not run.
    void aCommandTheSandboxGroupRefusesDoesNotRun()
    {
        created(QStringLiteral("grouped"));
        const QString statePath = m_root.path() + QStringLiteral("/grouped/state");
        QFile stateFile(statePath);
        QVERIFY(stateFile.open(QIODevice::ReadOnly));
        const QByteArray saved = stateFile.readAll();
        stateFile.close();
        // A group whose cgroup.procs no one can write, root included: it is a folder.
        QTemporaryDir refusing;
        QVERIFY(QDir(refusing.path()).mkdir(QStringLiteral("cgroup.procs")));
        QByteArray edited;
        for (const QByteArray &line : saved.split('\n')) {
            if (!line.isEmpty())
                edited
                    += (line.startsWith("cgroup_memory=") ? "cgroup_memory=" + refusing.path().toUtf8() : line) + '\n';
        }
        if (!edited.contains("cgroup_memory="))
            edited += "cgroup_memory=" + refusing.path().toUtf8() + '\n';
        QVERIFY(stateFile.open(QIODevice::WriteOnly | QIODevice::Truncate));
        stateFile.write(edited);
        stateFile.close();

        auto controller = engine();
        const Outcome refused
            = runToEnd(*controller,
                       exec(QStringLiteral("grouped"),
                            {QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("echo ran > /work/ran")}));
        QVERIFY2(refused.error, why(refused).constData());
        QCOMPARE(refused.error->code, RunError::Code::SetupFailed);
        QVERIFY2(refused.error->message.contains(QStringLiteral("enter-cgroup")), qPrintable(refused.error->message));
        QVERIFY(!QFileInfo::exists(m_root.path() + QStringLiteral("/grouped/work/ran")));

        QVERIFY(stateFile.open(QIODevice::WriteOnly | QIODevice::Truncate));
        stateFile.write(saved);
        stateFile.close();
        const Outcome ran = runToEnd(*controller, exec(QStringLiteral("grouped"), {QStringLiteral("true")}));
        QVERIFY2(ran.result && ran.result->exitCode == 0, why(ran).constData());
    }
};

QTEST_GUILESS_MAIN(TestLocalSandboxContainment)
#include "tst_localsandboxcontainment.moc"
