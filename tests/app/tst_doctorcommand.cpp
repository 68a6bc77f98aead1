// `sandpit doctor` as a user runs it: the real binary and helper, on this machine and on
// emulated hosts that cannot give full isolation (tests/fixtures/hosts/). Its level must be the
// level a real run reports on the same host, each missing protection must come with a fix, and
// the exit status must say whether the sandbox is full. Run as root and, in the unprivileged
// pass, as an ordinary user.
#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

#include "support/stagedbinaries.h"

namespace {

constexpr int kTimeoutMs = 60000;

struct Outcome {
    int exitCode = -1;
    QByteArray out;
    QJsonObject json;
};

/// `PROGRAM ARGS…` from the bin folder, under the host emulator `host` (none: this machine).
Outcome runOn(const QString &host, const QString &program, const QStringList &args)
{
    QStringList command;
    if (!host.isEmpty())
        command << binDir() + QStringLiteral("/hosts/") + host;
    command << binDir() + QLatin1Char('/') + program << args;
    QProcess process;
    process.start(command.takeFirst(), command);
    Outcome outcome;
    if (!process.waitForFinished(kTimeoutMs) || process.exitStatus() != QProcess::NormalExit)
        return outcome;
    outcome.exitCode = process.exitCode();
    outcome.out = process.readAllStandardOutput();
    outcome.json = QJsonDocument::fromJson(outcome.out).object();
    return outcome;
}

QJsonObject protection(const QJsonObject &doctor, const QString &name)
{
    for (const QJsonValue &p :
         doctor.value(QStringLiteral("local")).toObject().value(QStringLiteral("protections")).toArray()) {
        if (p.toObject().value(QStringLiteral("name")).toString() == name)
            return p.toObject();
    }
    return {};
}

} // namespace

class TestDoctorCommand : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void fullIsolationHere()
    {
        const Outcome doctor
            = runOn({}, QStringLiteral("sandpit"), {QStringLiteral("doctor"), QStringLiteral("--json")});
        QVERIFY2(!doctor.json.isEmpty(), doctor.out.constData());
        const QJsonObject local = doctor.json.value(QStringLiteral("local")).toObject();
        QCOMPARE(local.value(QStringLiteral("level")).toString(), QStringLiteral("full"));
        QCOMPARE(doctor.exitCode, 0);
        const QJsonArray protections = local.value(QStringLiteral("protections")).toArray();
        QVERIFY(protections.size() >= 10);
        for (const QJsonValue &value : protections) {
            const QJsonObject p = value.toObject();
            QVERIFY2(p.value(QStringLiteral("present")).toBool(),
                     qPrintable(p.value(QStringLiteral("name")).toString()));
            QVERIFY(p.value(QStringLiteral("fix")).isNull());
            QVERIFY(!p.value(QStringLiteral("detail")).toString().isEmpty());
        }
        QVERIFY(doctor.json.value(QStringLiteral("docker")).toObject().contains(QStringLiteral("reachable")));
        const QJsonArray languages = doctor.json.value(QStringLiteral("languages")).toArray();
        QVERIFY(!languages.isEmpty());
        const QJsonObject python = languages.first().toObject();
        QCOMPARE(python.value(QStringLiteral("id")).toString(), QStringLiteral("python"));
        if (python.value(QStringLiteral("found")).toBool())
            QVERIFY(python.value(QStringLiteral("version")).toString().startsWith(QLatin1String("Python 3")));
        else
            QCOMPARE(python.value(QStringLiteral("install")).toString(), QStringLiteral("sudo apt install python3"));
    }

    // The doctor's probe and a real run, on the same host, must tell the same level.
    void levelIsTheRunsLevel_data()
    {
        QTest::addColumn<QString>("host");
        QTest::addColumn<QString>("level");
        QTest::newRow("this machine") << QString() << QStringLiteral("full");
        QTest::newRow("no user namespaces") << QStringLiteral("no_userns") << QStringLiteral("none");
        QTest::newRow("masked /proc") << QStringLiteral("masked_proc") << QStringLiteral("partial");
    }
    void levelIsTheRunsLevel()
    {
        QFETCH(QString, host);
        QFETCH(QString, level);
        const Outcome doctor
            = runOn(host, QStringLiteral("sandpit"), {QStringLiteral("doctor"), QStringLiteral("--json")});
        const Outcome run = runOn(host, QStringLiteral("sandpit"),
                                  {QStringLiteral("run"), fixture(QStringLiteral("hello.py")), QStringLiteral("--json"),
                                   QStringLiteral("--allow-weaker"), QStringLiteral("none")});
        const QString runLevel
            = run.json.value(QStringLiteral("isolation")).toObject().value(QStringLiteral("level")).toString();
        QVERIFY2(!runLevel.isEmpty(), run.out.constData());
        QCOMPARE(doctor.json.value(QStringLiteral("local")).toObject().value(QStringLiteral("level")).toString(),
                 runLevel);
        QCOMPARE(runLevel, level);
        // And the same memory limit: the kernel's (a cgroup, as root or in a delegated
        // subtree) or Sandpit's own watch.
        const QJsonArray details
            = run.json.value(QStringLiteral("isolation")).toObject().value(QStringLiteral("details")).toArray();
        const bool runHadCgroup = std::any_of(details.begin(), details.end(), [](const QJsonValue &d) {
            return d.toString().startsWith(QLatin1String("Memory: enforced by the kernel"));
        });
        const QString memory
            = protection(doctor.json, QStringLiteral("memory-limit")).value(QStringLiteral("detail")).toString();
        QCOMPARE(memory.startsWith(QLatin1String("enforced by the kernel")), runHadCgroup);
        QCOMPARE(doctor.exitCode, level == QLatin1String("full") ? 0 : 1);
    }

    // A host that refuses user namespaces: each protection that needs one is missing, with a
    // fix, and the plain output says so in words that fit a terminal.
    void missingProtectionsComeWithAFix()
    {
        const Outcome json = runOn(QStringLiteral("no_userns"), QStringLiteral("sandpit"),
                                   {QStringLiteral("doctor"), QStringLiteral("--json")});
        for (const char *name :
             {"user-namespace", "pid-namespace", "mount-namespace", "network-namespace", "seccomp-filter"}) {
            const QJsonObject p = protection(json.json, QLatin1String(name));
            QVERIFY2(!p.isEmpty(), name);
            QCOMPARE(p.value(QStringLiteral("present")).toBool(), false);
            QVERIFY2(p.value(QStringLiteral("fix")).toString().contains(QLatin1String("container")), name);
        }
        QCOMPARE(protection(json.json, QStringLiteral("no-new-privs")).value(QStringLiteral("present")).toBool(), true);

        const Outcome text = runOn(QStringLiteral("no_userns"), QStringLiteral("sandpit"), {QStringLiteral("doctor")});
        QCOMPARE(text.exitCode, 1);
        const QString out = QString::fromUtf8(text.out);
        QVERIFY2(out.contains(QStringLiteral("✗ User namespace")), qPrintable(out));
        QVERIFY(out.contains(QLatin1String("missing: ")));
        QVERIFY(out.contains(QLatin1String("Fix: ")));
        QVERIFY(out.contains(QLatin1String("Runs refuse to start here")));
        for (const QString &line : out.split(QLatin1Char('\n')))
            QVERIFY2(line.size() <= 80, qPrintable(line));
    }

    // The command line without the window has the same command.
    void cliBuildHasIt()
    {
        const Outcome doctor = runOn({}, QStringLiteral("sandpit-cli"), {QStringLiteral("doctor")});
        QCOMPARE(doctor.exitCode, 0);
        QVERIFY(doctor.out.startsWith("Local sandbox: isolation full\n"));
        QVERIFY(doctor.out.contains("✓ Seccomp filter"));
    }
};

QTEST_GUILESS_MAIN(TestDoctorCommand)
#include "tst_doctorcommand.moc"
