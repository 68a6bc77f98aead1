// `sandpit run --backend docker`: the same JSON and kill reasons as the local sandbox, and what
// a killed app left behind removed at the next start. They need dockerd and
// sandpit-offline/python:3.11 (packaging/docker/build-offline-images.sh).
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

#include <unistd.h>

#include "clitest.h"

namespace {
const QString kDockerImage = QStringLiteral("sandpit-offline/python:3.11");

/// Every key path of a JSON object ("isolation.level"), for comparing the shape of two results.
QStringList jsonKeys(const QJsonObject &object, const QString &prefix = {})
{
    QStringList keys;
    for (auto it = object.begin(); it != object.end(); ++it) {
        keys << prefix + it.key();
        if (it.value().isObject())
            keys << jsonKeys(it.value().toObject(), prefix + it.key() + QLatin1Char('.'));
    }
    keys.sort();
    return keys;
}

/// "ID STATE" of each container that matches a `docker ps --filter`, through the docker CLI
/// (this test links no Docker client of its own).
QStringList dockerContainers(const QString &filter)
{
    QProcess docker;
    docker.start(QStringLiteral("docker"),
                 {QStringLiteral("ps"), QStringLiteral("--all"), QStringLiteral("--no-trunc"),
                  QStringLiteral("--filter"), filter, QStringLiteral("--format"),
                  QStringLiteral("{{.ID}} {{.State}}")});
    if (!docker.waitForFinished(30000) || docker.exitCode() != 0)
        qFatal("docker ps failed: %s", docker.readAllStandardError().constData());
    return QString::fromUtf8(docker.readAllStandardOutput()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

/// Workspace folders (sandpit-run-*) whose owner file names `pid`, in the folder of this user's
/// own that Sandpit makes in `temp` for them.
QStringList workspacesOf(const QString &temp, qint64 pid)
{
    QStringList found;
    const QDir dir(temp + QStringLiteral("/sandpit-%1").arg(::geteuid()));
    for (const QString &name : dir.entryList({QStringLiteral("sandpit-run-*")}, QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile owner(dir.filePath(name + QStringLiteral("/owner")));
        if (owner.open(QIODevice::ReadOnly) && owner.readAll().trimmed().toLongLong() == pid)
            found << name;
    }
    return found;
}
} // namespace

class TestCliDocker : public CliTest
{
    Q_OBJECT

private Q_SLOTS:
    void dockerGivesTheSameJsonAsLocal()
    {
        QProcessEnvironment env = environment();
        env.insert(QStringLiteral("SANDPIT_DOCKER_IMAGE_PYTHON"), kDockerImage);
        const QString hello = fixture(QStringLiteral("hello.py"));
        const Cli local
            = run({hello, QStringLiteral("--backend"), QStringLiteral("local"), QStringLiteral("--json")}, env);
        const Cli docker
            = run({hello, QStringLiteral("--backend"), QStringLiteral("docker"), QStringLiteral("--json")}, env);
        QCOMPARE(local.exitCode, 0);
        QVERIFY2(docker.exitCode == 0, (docker.out + docker.err).constData());
        const QJsonObject o = docker.json();
        QCOMPARE(jsonKeys(o), jsonKeys(local.json()));
        QCOMPARE(local.value("backend"), QStringLiteral("local"));
        QCOMPARE(docker.value("backend"), QStringLiteral("docker"));
        QCOMPARE(docker.value("language"), QStringLiteral("python"));
        QCOMPARE(docker.value("kill_reason"), QStringLiteral("none"));
        QCOMPARE(o.value(QStringLiteral("exit_code")).toInt(-1), 0);
        QVERIFY(o.value(QStringLiteral("signal")).isNull());
        QCOMPARE(docker.value("stdout"), QStringLiteral("Hello from Sandpit\n"));
        QCOMPARE(docker.value("stderr"), QString());
        QCOMPARE(o.value(QStringLiteral("isolation")).toObject().value(QStringLiteral("level")).toString(),
                 QStringLiteral("full"));
    }

    // The container's command line gets them as data: its shell must not see "$HOME" or ";".
    void argumentsReachTheProgramInAContainer()
    {
        QProcessEnvironment env = environment();
        env.insert(QStringLiteral("SANDPIT_DOCKER_IMAGE_PYTHON"), kDockerImage);
        const QStringList arguments{QStringLiteral("two words"),
                                    QStringLiteral("it's \"quoted\""),
                                    QStringLiteral("$HOME"),
                                    QStringLiteral("; echo leaked"),
                                    QString(),
                                    QStringLiteral("naïve café")};
        const Cli cli = run(QStringList{fixture(QStringLiteral("prints_its_arguments.py")), QStringLiteral("--backend"),
                                        QStringLiteral("docker"), QStringLiteral("--json"), QStringLiteral("--")}
                                + arguments,
                            env);
        QVERIFY2(cli.exitCode == 0, (cli.out + cli.err).constData());
        QCOMPARE(cli.value("backend"), QStringLiteral("docker"));
        QStringList printed;
        for (const QJsonValue &v : QJsonDocument::fromJson(cli.value("stdout").toUtf8()).array())
            printed << v.toString();
        QCOMPARE(printed, arguments);
        QCOMPARE(cli.json().value(QStringLiteral("args")).toVariant().toStringList(), arguments);
    }

    void aMissingImageSaysHowToPullItAndIsNotRunLocally()
    {
        // Docker is the default with its fallback on, yet a missing image is the user's to
        // pull: the run fails with its own code rather than run in the local sandbox.
        const QString image = QStringLiteral("sandpit-offline/no-such-image:0");
        QProcessEnvironment env = environment();
        env.insert(QStringLiteral("SANDPIT_BACKEND"), QStringLiteral("docker"));
        env.insert(QStringLiteral("SANDPIT_DOCKER_IMAGE_PYTHON"), image);
        const Cli cli = run({fixture(QStringLiteral("hello.py")), QStringLiteral("--json")}, env);
        QCOMPARE(cli.exitCode, 3);
        const QJsonObject error = cli.json().value(QStringLiteral("error")).toObject();
        QCOMPARE(error.value(QStringLiteral("code")).toString(), QStringLiteral("missing-image"));
        QVERIFY2(cli.err.contains(QStringLiteral("docker pull %1").arg(image).toUtf8()), cli.err.constData());
    }

    void dockerGivesTheSameKillReasonsAsLocal_data()
    {
        QTest::addColumn<QString>("program");
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<QString>("killReason");
        QTest::newRow("timeout") << QStringLiteral("sleeper.py")
                                 << QStringList{QStringLiteral("--timeout"), QStringLiteral("1")}
                                 << QStringLiteral("timeout");
        QTest::newRow("output limit") << QStringLiteral("flood_stdout.py")
                                      << QStringList{QStringLiteral("--output-limit"), QStringLiteral("16")}
                                      << QStringLiteral("output-limit");
        QTest::newRow("memory") << QStringLiteral("attacks/memory_bomb.py")
                                << QStringList{QStringLiteral("--memory"), QStringLiteral("64")}
                                << QStringLiteral("memory");
    }

    void dockerGivesTheSameKillReasonsAsLocal()
    {
        QFETCH(QString, program);
        QFETCH(QStringList, options);
        QFETCH(QString, killReason);
        QProcessEnvironment env = environment();
        env.insert(QStringLiteral("SANDPIT_DOCKER_IMAGE_PYTHON"), kDockerImage);
        const QStringList arguments = QStringList{fixture(program), QStringLiteral("--json")} + options;
        const Cli local = run(arguments + QStringList{QStringLiteral("--backend"), QStringLiteral("local")}, env);
        const Cli docker = run(arguments + QStringList{QStringLiteral("--backend"), QStringLiteral("docker")}, env);
        QCOMPARE(local.exitCode, 0);
        QCOMPARE(docker.exitCode, 0);
        QCOMPARE(docker.value("backend"), QStringLiteral("docker"));
        QCOMPARE(local.value("kill_reason"), killReason);
        QCOMPARE(docker.value("kill_reason"), killReason);
        QCOMPARE(docker.json().value(QStringLiteral("exit_code")).isNull(),
                 local.json().value(QStringLiteral("exit_code")).isNull());
        QCOMPARE(docker.json().value(QStringLiteral("stdout_truncated")),
                 local.json().value(QStringLiteral("stdout_truncated")));
        QCOMPARE(jsonKeys(docker.json()), jsonKeys(local.json()));
    }

    void dockerRunOfAKilledAppIsRemovedAtTheNextStart()
    {
        // The app is SIGKILLed while its program sleeps in a container: nothing of Sandpit's
        // can clean up then. The next Sandpit to start must remove what it left.
        QProcessEnvironment env = environment();
        env.insert(QStringLiteral("SANDPIT_DOCKER_IMAGE_PYTHON"), kDockerImage);
        const QString temp = m_dir->filePath(QStringLiteral("tmp")); // where both apps' workspaces go
        QVERIFY(QDir().mkpath(temp));
        env.insert(QStringLiteral("TMPDIR"), temp);
        QProcess app;
        app.setProcessEnvironment(env);
        app.start(QStringLiteral(SANDPIT_BIN_DIR "/sandpit"),
                  {QStringLiteral("run"), fixture(QStringLiteral("sleeper.py")), QStringLiteral("--backend"),
                   QStringLiteral("docker"), QStringLiteral("--timeout"), QStringLiteral("120")});
        QVERIFY(app.waitForStarted());
        const qint64 killedPid = app.processId();
        const QString ownedByKilled = QStringLiteral("label=org.sandpit.owner=%1").arg(killedPid);
        QByteArray said;
        QTRY_VERIFY_WITH_TIMEOUT((said += app.readAllStandardOutput()).contains("going to sleep"), 30000);
        QTRY_VERIFY_WITH_TIMEOUT(
            dockerContainers(ownedByKilled).join(QLatin1Char(' ')).contains(QStringLiteral(" running")), 10000);
        QVERIFY(!workspacesOf(temp, killedPid).isEmpty());
        app.kill();
        QVERIFY(app.waitForFinished(5000));
        QCOMPARE(app.exitStatus(), QProcess::CrashExit);
        // Nobody removes the sleeping program's container now: it is still there.
        QVERIFY2(!dockerContainers(ownedByKilled).isEmpty(), "the killed app's container vanished on its own");

        const Cli next
            = run({fixture(QStringLiteral("hello.py")), QStringLiteral("--backend"), QStringLiteral("docker")}, env);
        QCOMPARE(next.exitCode, 0);
        QCOMPARE(next.out, QByteArray("Hello from Sandpit\n"));
        const QStringList left = dockerContainers(ownedByKilled);
        QVERIFY2(left.isEmpty(), qPrintable(left.join(QStringLiteral(", "))));
        // Its workspace holds the learner's sources: it goes too.
        const QStringList workspaces = workspacesOf(temp, killedPid);
        QVERIFY2(workspaces.isEmpty(), qPrintable(workspaces.join(QStringLiteral(", "))));
    }
};

QTEST_GUILESS_MAIN(TestCliDocker)
#include "tst_clidocker.moc"
