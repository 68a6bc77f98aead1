// The keeper of a named local sandbox, where things go wrong: a stop that meets an init already
// dead, and a sandbox whose build fails half-way. Either way nothing of it may stay behind.

#include "local/sandboxpolicy.h"
#include "localsandboxesfixture.h"

#include <QProcess>
#include <QScopeGuard>

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

    // The sandbox stands, then a later step of create fails (the proxy's watch file cannot be
    // written: a folder stands where it goes). The keeper is detached: create must end it, or
    // the sandbox runs on with no folder by which list, stop or rm could find it.
    void aCreateFailingAfterTheSandboxStoodEndsIt()
    {
        QTemporaryDir bin;
        QVERIFY(bin.isValid());
        // The real helper, then the failure planted, and the state kept where the test finds it
        // once create has removed the sandbox's folder.
        const QString wrapper = bin.path() + QStringLiteral("/helper");
        QFile script(wrapper);
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write("#!/bin/sh\n\"" + QFile::encodeName(LocalBackend::findHelper())
                     + "\" \"$@\" || exit $?\ncp \"$2/state\" \"$2.state\"\nmkdir \"$2/proxy.watch\"\n");
        script.close();
        QVERIFY(script.setPermissions(QFileDevice::ReadOwner | QFileDevice::ExeOwner));

        SandboxSpec spec;
        spec.name = QStringLiteral("halfmade");
        spec.backend = QStringLiteral("local");
        spec.network = {*parseAllowedDestination(QStringLiteral("example.org:443"))};
        LocalSandboxes sandboxes({.root = m_root.path(), .helperPath = wrapper});
        const auto made = sandboxes.create(spec);
        const auto saved = readKeyValueFile(m_root.path() + QStringLiteral("/halfmade.state"));
        auto leftover = qScopeGuard([&] {
            const ProcessIdentity keeper = process(saved, QStringLiteral("keeper"));
            if (keeper.isRunning() && ::kill(static_cast<pid_t>(keeper.pid), SIGKILL) == 0)
                process(saved, QStringLiteral("init")).waitUntilEnded(10000);
            for (const QString &group : cgroupsOf(saved))
                QDir().rmdir(group);
        });
        QVERIFY(!made);
        QVERIFY2(made.error().message.contains(QLatin1String("proxy.watch")), qPrintable(made.error().message));
        QVERIFY(process(saved, QStringLiteral("keeper")).pid > 0);
        QCOMPARE(livingProcesses(saved), 0);
        for (const QString &group : cgroupsOf(saved))
            QVERIFY2(!QFileInfo::exists(group), qPrintable(group));
        QVERIFY(!QFileInfo::exists(m_root.path() + QStringLiteral("/halfmade")));
        leftover.dismiss();
    }
};

QTEST_GUILESS_MAIN(TestSandboxKeeper)
#include "tst_sandboxkeeper.moc"
