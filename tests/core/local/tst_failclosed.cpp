// Fail closed: on a host that cannot give a program full isolation (user namespaces refused,
// /proc masked as inside a container), `sandpit run` refuses to run it and says why and what
// would fix it, unless the user allowed a weaker sandbox. And at every level the program
// never runs as root and never keeps a capability. But a host that can give full isolation
// must get it: /dev mounted nosuid (every systemd desktop, every Docker container) once made
// the sandbox fail closed where it had no reason to.
#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

#include "support/stagedbinaries.h"

namespace {

constexpr int kRunTimeoutMs = 60000;

struct Run {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
    QJsonObject json;
};

/// `sandpit run PROGRAM --json [extra]` (PROGRAM: reports_privileges.py unless given), under
/// the host emulator `host` (none: this machine as it is).
Run runOn(const QString &host, const QStringList &extra, const QStringList &environment = {},
          const QString &program = QStringLiteral("reports_privileges.py"))
{
    QStringList command;
    if (!host.isEmpty())
        command << binDir() + QStringLiteral("/hosts/") + host;
    command << binDir() + QStringLiteral("/sandpit") << QStringLiteral("run") << fixture(program)
            << QStringLiteral("--json") << extra;
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const QString &variable : environment)
        env.insert(variable.section(QLatin1Char('='), 0, 0), variable.section(QLatin1Char('='), 1));
    process.setProcessEnvironment(env);
    process.start(command.takeFirst(), command);
    process.waitForFinished(kRunTimeoutMs);
    Run run;
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    run.json = QJsonDocument::fromJson(run.out.left(run.out.indexOf("\n}") + 2)).object();
    if (run.json.isEmpty())
        run.json = QJsonDocument::fromJson(run.out).object();
    return run;
}

QString stdoutOf(const Run &run)
{
    return run.json.value(QStringLiteral("stdout")).toString();
}

} // namespace

class TestFailClosed : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // A user namespace locks nosuid on /dev's mount, so the sandbox's /dev/null binds must keep it.
    void fullIsolationWithDevMountedNosuid()
    {
        const Run run = runOn(QStringLiteral("nosuid_dev"), {}, {}, QStringLiteral("hello.py"));
        QVERIFY2(run.exitCode == 0, (run.out + run.err).constData());
        QCOMPARE(stdoutOf(run), QStringLiteral("Hello from Sandpit\n"));
        QCOMPARE(run.json.value(QStringLiteral("isolation")).toObject().value(QStringLiteral("level")).toString(),
                 QStringLiteral("full"));
    }

    void refusesWithoutFullIsolation_data()
    {
        QTest::addColumn<QString>("host");
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QStringList>("environment");
        QTest::addColumn<QStringList>("messageParts");

        const QStringList userns{QStringLiteral("user namespace"), QStringLiteral("AppArmor"), QStringLiteral("sysctl"),
                                 QStringLiteral("Docker backend")};
        QTest::newRow("no user namespaces") << QStringLiteral("no_userns") << QStringList() << QStringList() << userns;
        // Partial isolation needs a user namespace too: allowing it changes nothing here.
        QTest::newRow("no user namespaces, partial allowed")
            << QStringLiteral("no_userns") << QStringList{QStringLiteral("--allow-weaker"), QStringLiteral("partial")}
            << QStringList() << userns;
        QTest::newRow("masked /proc") << QStringLiteral("masked_proc") << QStringList() << QStringList()
                                      << QStringList{QStringLiteral("/proc is masked"), QStringLiteral("container"),
                                                     QStringLiteral("Docker backend")};
        QTest::newRow("masked /proc, never allowed in the environment")
            << QStringLiteral("masked_proc") << QStringList()
            << QStringList{QStringLiteral("SANDPIT_ALLOW_WEAKER=never")}
            << QStringList{QStringLiteral("/proc is masked")};
    }

    void refusesWithoutFullIsolation()
    {
        QFETCH(QString, host);
        QFETCH(QStringList, extra);
        QFETCH(QStringList, environment);
        QFETCH(QStringList, messageParts);

        const Run run = runOn(host, extra, environment);
        QCOMPARE(run.exitCode, 3);
        const QJsonObject error = run.json.value(QStringLiteral("error")).toObject();
        QCOMPARE(error.value(QStringLiteral("code")).toString(), QStringLiteral("sandbox-unavailable"));
        const QString message = error.value(QStringLiteral("message")).toString();
        QVERIFY2(message.startsWith(QStringLiteral("Sandpit did not run the program")), qPrintable(message));
        for (const QString &part : messageParts)
            QVERIFY2(message.contains(part), qPrintable(part + QStringLiteral(" is not in: ") + message));
        QVERIFY2(message.contains(QStringLiteral("--allow-weaker")), qPrintable(message));
        // Nothing ran: not a line of the program's output anywhere.
        QVERIFY(!run.out.contains("ran\\n"));
        QVERIFY2(run.err.contains("Sandpit did not run the program"), run.err.constData());
    }

    void weakerRunsOnlyWhenAllowedAndNeverAsRoot_data()
    {
        QTest::addColumn<QString>("host");
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QStringList>("environment");
        QTest::addColumn<QString>("level");

        QTest::newRow("this machine") << QString() << QStringList() << QStringList() << QStringLiteral("full");
        QTest::newRow("masked /proc, partial allowed")
            << QStringLiteral("masked_proc") << QStringList{QStringLiteral("--allow-weaker"), QStringLiteral("partial")}
            << QStringList() << QStringLiteral("partial");
        QTest::newRow("masked /proc, partial allowed by the setting's variable")
            << QStringLiteral("masked_proc") << QStringList()
            << QStringList{QStringLiteral("SANDPIT_ALLOW_WEAKER=partial")} << QStringLiteral("partial");
        QTest::newRow("no user namespaces, none allowed")
            << QStringLiteral("no_userns") << QStringList{QStringLiteral("--allow-weaker"), QStringLiteral("none")}
            << QStringList() << QStringLiteral("none");
    }

    void weakerRunsOnlyWhenAllowedAndNeverAsRoot()
    {
        QFETCH(QString, host);
        QFETCH(QStringList, extra);
        QFETCH(QStringList, environment);
        QFETCH(QString, level);

        const Run run = runOn(host, extra, environment);
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QCOMPARE(run.json.value(QStringLiteral("isolation")).toObject().value(QStringLiteral("level")).toString(),
                 level);
        const QString out = stdoutOf(run);
        QVERIFY2(out.endsWith(QStringLiteral("ran\n")), qPrintable(out));
        // Never root, not even inside a user namespace, and never a capability.
        QVERIFY2(!out.startsWith(QStringLiteral("uid 0 ")) && !out.contains(QStringLiteral(" 0\nCapInh")),
                 qPrintable(out));
        for (const char *set : {"CapInh", "CapPrm", "CapEff", "CapAmb"})
            QVERIFY2(out.contains(QLatin1String(set) + QStringLiteral(" 0000000000000000\n")), qPrintable(out));
        QVERIFY2(out.contains(QStringLiteral("NoNewPrivs 1\n")), qPrintable(out));
        // Root-only files stay closed to it, even when Sandpit itself runs as root.
        QVERIFY2(out.contains(QStringLiteral("shadow refused\n")), qPrintable(out));
        QVERIFY2(out.contains(QStringLiteral("etc refused\n")), qPrintable(out));
        if (level != QLatin1String("full")) {
            // The weaker level is said where the user reads the result.
            const QJsonArray details
                = run.json.value(QStringLiteral("isolation")).toObject().value(QStringLiteral("details")).toArray();
            QVERIFY(!details.isEmpty());
            QVERIFY2(details.first().toString().contains(QStringLiteral("was refused")),
                     qPrintable(details.first().toString()));
        }
    }

    // The attack corpus's privilege attacks, on the emulated hosts at the weaker levels the
    // user allowed: whatever the level, root stays out of reach.
    void attacksGainNothingBelowFull_data()
    {
        QTest::addColumn<QString>("host");
        QTest::addColumn<QString>("level");
        QTest::addColumn<QString>("attack");
        QTest::addColumn<QStringList>("mustSay");
        QTest::addColumn<QStringList>("mustNotSay");

        const QList<std::pair<QString, QString>> hosts{{QStringLiteral("no_userns"), QStringLiteral("none")},
                                                       {QStringLiteral("masked_proc"), QStringLiteral("partial")}};
        for (const auto &[host, level] : hosts) {
            const QByteArray row = (host + QLatin1Char(' ')).toUtf8();
            QTest::newRow(row + "read_shadow")
                << host << level << QStringLiteral("attacks/read_shadow.py")
                << QStringList{QStringLiteral("== /etc/shadow: Permission denied")}
                << QStringList{QStringLiteral("== /etc/shadow\n"), QStringLiteral("== /etc/gshadow\n")};
            QTest::newRow(row + "setuid_binaries")
                << host << level << QStringLiteral("attacks/setuid_binaries.py")
                << QStringList{QStringLiteral("'CapEff:\\t0000000000000000'"), QStringLiteral("'NoNewPrivs:\\t1'")}
                << QStringList{QStringLiteral("euid after 0\n"), QStringLiteral("euid before 0\n")};
            QTest::newRow(row + "raise_rlimits")
                << host << level << QStringLiteral("attacks/raise_rlimits.py")
                << QStringList{QStringLiteral("RLIMIT_NPROC refused")} << QStringList{QStringLiteral("raised")};
        }
    }

    void attacksGainNothingBelowFull()
    {
        QFETCH(QString, host);
        QFETCH(QString, level);
        QFETCH(QString, attack);
        QFETCH(QStringList, mustSay);
        QFETCH(QStringList, mustNotSay);

        const Run run = runOn(host, {QStringLiteral("--allow-weaker"), level}, {}, attack);
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QCOMPARE(run.json.value(QStringLiteral("isolation")).toObject().value(QStringLiteral("level")).toString(),
                 level);
        const QString out = stdoutOf(run);
        for (const QString &text : mustSay)
            QVERIFY2(out.contains(text), qPrintable(text + QStringLiteral(" is not in: ") + out));
        for (const QString &text : mustNotSay)
            QVERIFY2(!out.contains(text), qPrintable(text + QStringLiteral(" is in: ") + out));
    }
};

QTEST_GUILESS_MAIN(TestFailClosed)
#include "tst_failclosed.moc"
