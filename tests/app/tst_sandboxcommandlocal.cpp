// `sandpit sandbox …` on the local sandbox as a user types it: a stopped sandbox started
// again, and `logs --follow` that fell further behind than the log keeps, which goes on from
// the log's end and says what it lost instead of printing bytes twice. Run as root and, with
// the sandbox label, as an ordinary user.
#include <QDir>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <unistd.h>

#include "sandpitprocess.h"

namespace {
constexpr int kTimeoutMs = 60000;
} // namespace

class TestSandboxCommandLocal : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_home;
    QStringList m_made;

    QProcessEnvironment environment() const
    {
        QProcessEnvironment env = SandpitProcess::homeEnvironment(m_home);
        env.insert(QStringLiteral("XDG_RUNTIME_DIR"), m_home.filePath(QStringLiteral("run")));
        return env;
    }
    SandpitProcess sandbox(const QStringList &arguments) const
    {
        return SandpitProcess::sandbox(arguments, environment(), kTimeoutMs);
    }
    QString create(const QString &name)
    {
        const SandpitProcess made = sandbox({QStringLiteral("create"), name, QStringLiteral("--local")});
        if (made.exitCode != 0)
            qWarning("create failed: %s", made.err.constData());
        m_made << name;
        return name;
    }
    QByteArray execOut(const QString &name, const QString &script) const
    {
        const SandpitProcess ran = sandbox(
            {QStringLiteral("exec"), name, QStringLiteral("--"), QStringLiteral("sh"), QStringLiteral("-c"), script});
        if (ran.exitCode != 0)
            qWarning("exec %s: %d %s", qPrintable(script), ran.exitCode, ran.err.constData());
        return ran.out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_home.isValid());
        QVERIFY(QDir().mkpath(m_home.filePath(QStringLiteral("run"))));
        QVERIFY(QFile::setPermissions(m_home.filePath(QStringLiteral("run")),
                                      QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner));
    }

    void cleanupTestCase()
    {
        for (const QString &name : std::as_const(m_made))
            sandbox({QStringLiteral("rm"), name});
    }

    void startBringsAStoppedSandboxBack()
    {
        const QString name = create(QStringLiteral("again"));
        QCOMPARE(execOut(name, QStringLiteral("echo one")), QByteArray("one\n"));
        QCOMPARE(sandbox({QStringLiteral("stop"), name}).exitCode, 0);
        const SandpitProcess refused
            = sandbox({QStringLiteral("exec"), name, QStringLiteral("--"), QStringLiteral("true")});
        QVERIFY(refused.exitCode != 0);
        QVERIFY2(refused.err.contains("not running"), refused.err.constData());

        const SandpitProcess started = sandbox({QStringLiteral("start"), name});
        QVERIFY2(started.exitCode == 0, started.err.constData());
        QCOMPARE(started.out, name.toUtf8() + '\n');
        QCOMPARE(execOut(name, QStringLiteral("echo two")), QByteArray("two\n"));
        QCOMPARE(sandbox({QStringLiteral("logs"), name}).out, QByteArray("one\ntwo\n"));

        const SandpitProcess twice = sandbox({QStringLiteral("start"), name});
        QVERIFY(twice.exitCode != 0);
        QVERIFY2(twice.err.contains("running already"), twice.err.constData());
        const SandpitProcess unknown = sandbox({QStringLiteral("start"), QStringLiteral("nosuch")});
        QVERIFY(unknown.exitCode != 0);
        QVERIFY2(unknown.err.contains("no sandbox named nosuch"), unknown.err.constData());
    }

    // The follower is stopped (SIGSTOP) while the commands print more than the 1 MB log keeps,
    // then let go: what it prints next starts where the log is, with every line once.
    void aFollowerThatFellBehindRepeatsNothing()
    {
        const QString name = create(QStringLiteral("followed"));
        QCOMPARE(execOut(name, QStringLiteral("echo early")), QByteArray("early\n"));
        LogFollower follower(name, environment());
        QProcess &follow = follower.process();
        const QByteArray &followed = follower.out();
        QTRY_VERIFY_WITH_TIMEOUT(followed.contains("early\n"), kTimeoutMs);
        QCOMPARE(::kill(static_cast<pid_t>(follow.processId()), SIGSTOP), 0);
        for (int part = 0; part < 3; ++part) { // 590 KB each, under the output limit; 1.8 MB in all
            const QByteArray out
                = execOut(name, QStringLiteral("seq %1 %2").arg(part * 100000 + 1).arg(part * 100000 + 100000));
            QVERIFY(out.endsWith(QByteArray::number(part * 100000 + 100000) + '\n'));
        }
        QCOMPARE(execOut(name, QStringLiteral("echo late")), QByteArray("late\n"));
        QCOMPARE(::kill(static_cast<pid_t>(follow.processId()), SIGCONT), 0);
        QTRY_VERIFY_WITH_TIMEOUT(followed.contains("late\n"), kTimeoutMs);
        // A follower that counted what it printed would now print the log's kept part again.
        QCOMPARE(execOut(name, QStringLiteral("echo final")), QByteArray("final\n"));
        QTRY_VERIFY_WITH_TIMEOUT(followed.contains("final\n"), kTimeoutMs);
        follow.terminate();
        QTRY_COMPARE_WITH_TIMEOUT(follow.state(), QProcess::NotRunning, kTimeoutMs);
        const QByteArray said = follow.readAllStandardError();
        QVERIFY2(said.contains(" bytes dropped"), said.constData());

        QVERIFY(followed.startsWith("early\n"));
        QVERIFY2(followed.endsWith("\n300000\nlate\nfinal\n"), followed.right(200).constData());
        QCOMPARE(followed.count("late\n"), 1);
        const QList<QByteArray> lines = followed.sliced(6).chopped(11).split('\n');
        // The first number comes after a dropped part, perhaps from a line's middle: past it,
        // each line is the one before plus one.
        for (qsizetype i = 2; i + 1 < lines.size(); ++i)
            QVERIFY2(lines[i].toLongLong() == lines[i - 1].toLongLong() + 1, lines[i].constData());
    }
};

QTEST_GUILESS_MAIN(TestSandboxCommandLocal)
#include "tst_sandboxcommandlocal.moc"
