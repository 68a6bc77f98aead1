// The keeper of a named local sandbox, where things go wrong: a stop that meets an init already
// dead, and a sandbox whose build fails half-way. Either way nothing of it may stay behind.

#include "local/sandboxpolicy.h"
#include "localsandboxesfixture.h"

#include <QProcess>

#include <csignal>

using namespace SandpitTest;

class TestSandboxKeeper : public LocalSandboxesFixture
{
    Q_OBJECT

private:
    // A zombie has ended too: a keeper reparented to a slow reaper stays one for a while.
    static bool isAlive(pid_t pid)
    {
        QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
        return stat.open(QIODevice::ReadOnly) && !stat.readAll().split(')').last().startsWith(" Z");
    }

    // The run-PID groups in `parents` whose PID has ended: what a keeper that died without
    // cleaning up leaves.
    static QStringList abandonedGroups(const QStringList &parents)
    {
        QStringList abandoned;
        for (const QString &parent : parents) {
            const QStringList names = QDir(parent).entryList({QStringLiteral("run-*")}, QDir::Dirs);
            for (const QString &name : names) {
                const pid_t pid = name.mid(4).toInt();
                if (pid > 0 && !isAlive(pid))
                    abandoned << parent + QLatin1Char('/') + name;
            }
        }
        return abandoned;
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_root.isValid()); }
    void cleanup() { removeAllSandboxes(); }

    // The keeper, stopped, misses init's death; then comes the stop. Its order goes to a pipe
    // nobody reads any more: that must not kill the keeper before it records the end.
    void aStopJustAfterInitDiedIsRecorded()
    {
        created(QStringLiteral("brief"));
        const auto saved = state(QStringLiteral("brief"));
        const auto keeper = static_cast<pid_t>(process(saved, QStringLiteral("keeper")).pid);
        QVERIFY(::kill(keeper, SIGSTOP) == 0);
        ::kill(static_cast<pid_t>(process(saved, QStringLiteral("init")).pid), SIGKILL);
        QTRY_VERIFY_WITH_TIMEOUT(!process(saved, QStringLiteral("init")).isRunning(), 10000);
        ::kill(keeper, SIGTERM); // what `sandpit sandbox stop` sends
        ::kill(keeper, SIGCONT);
        QTRY_COMPARE_WITH_TIMEOUT(listed(store(), QStringLiteral("brief")).state, SandboxInfo::State::Stopped, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(livingProcesses(saved), 0, 10000);
        for (const QString &group : cgroupsOf(saved))
            QVERIFY2(!QFileInfo::exists(group), qPrintable(group));
    }

    // The state cannot be written (a folder stands where it goes): the last step of the build
    // fails after init and the sandbox's groups were made. Both must go with the keeper.
    void aFailedBuildLeavesNoProcessAndNoGroup()
    {
        created(QStringLiteral("probe"));
        QStringList parents;
        for (const QString &group : cgroupsOf(state(QStringLiteral("probe"))))
            parents << QFileInfo(group).path();
        QVERIFY(store().remove(QStringLiteral("probe")));

        const QString dir = m_root.path() + QStringLiteral("/unbuilt");
        QVERIFY(QDir().mkpath(dir + QStringLiteral("/state.new")));
        QStringList args{QStringLiteral("--hold"),         dir,
                         QStringLiteral("--memory-bytes"), QStringLiteral("268435456"),
                         QStringLiteral("--processes"),    QStringLiteral("64"),
                         QStringLiteral("--cpu-millis"),   QStringLiteral("0")};
        for (const QString &path : sandboxReadOnlyPaths())
            args << QStringLiteral("--ro-bind-try") << path;
        QProcess helper;
        helper.start(LocalBackend::findHelper(), args);
        QVERIFY(helper.waitForFinished(30000));
        QVERIFY(helper.exitCode() != 0);
        const QByteArray why = helper.readAllStandardError();
        QVERIFY2(why.contains("hold-write-state"), why.constData());
        QTRY_VERIFY_WITH_TIMEOUT(processesWithToken(QStringLiteral("--hold") + QChar(0) + dir).isEmpty(), 10000);
        // Without cgroups (an unprivileged user without a delegated subtree) there are none to leave.
        QCOMPARE(abandonedGroups(parents), QStringList());
    }
};

QTEST_GUILESS_MAIN(TestSandboxKeeper)
#include "tst_sandboxkeeper.moc"
