// The command line on a remote engine: the TLS daemon of scripts/start-tls-dockerd.sh, which
// cannot see this computer's folders. `sandpit doctor` names it and says TLS; `sandpit run`
// gets its input there and its files back; `sandpit check` judges expected files there.

#include "clitest.h"
#include "support/tlsengine.h"

#include <QDir>

class TestCliTls : public CliTest
{
    Q_OBJECT

    QProcessEnvironment tlsEnvironment() const
    {
        const auto engine = SandpitTest::tlsEngineEnvironment();
        if (!engine)
            qFatal("No TLS engine: %s is missing. Start it with sudo scripts/start-tls-dockerd.sh.",
                   qPrintable(SandpitTest::tlsEngineEnvFile()));
        QProcessEnvironment env = environment();
        for (const QString &name :
             {QStringLiteral("DOCKER_HOST"), QStringLiteral("DOCKER_TLS_VERIFY"), QStringLiteral("DOCKER_CERT_PATH")})
            env.insert(name, engine->value(name));
        env.insert(QStringLiteral("SANDPIT_DOCKER_IMAGE_PYTHON"), QStringLiteral("sandpit-offline/python:3.11"));
        return env;
    }

private Q_SLOTS:
    void doctorNamesTheEndpointAndSaysTls()
    {
        const QProcessEnvironment env = tlsEnvironment();
        const Cli c = SandpitProcess::run({QStringLiteral("doctor")}, env, kRunTimeoutMs);
        const QString expected
            = QStringLiteral("Docker: reachable at %1 over TLS, its certificate checked against "
                             "%2/ca.pem, server ")
                  .arg(env.value(QStringLiteral("DOCKER_HOST")), env.value(QStringLiteral("DOCKER_CERT_PATH")));
        QVERIFY2(QString::fromUtf8(c.out).contains(expected), c.out.constData());
    }

    void doctorNamesAMissingCertificate()
    {
        QProcessEnvironment env = tlsEnvironment();
        const QString empty = m_dir->filePath(QStringLiteral("no-certs"));
        QVERIFY(QDir().mkpath(empty));
        env.insert(QStringLiteral("DOCKER_CERT_PATH"), empty);
        const Cli c = SandpitProcess::run({QStringLiteral("doctor")}, env, kRunTimeoutMs);
        // Wrapped to the terminal's width: compare the words.
        const QString said = QString::fromUtf8(c.out).simplified();
        QVERIFY2(said.contains(
                     QStringLiteral("Docker over TLS needs its certificates, but %1/ca.pem does not exist").arg(empty)),
                 c.out.constData());
    }

    void runGetsItsInputAndGivesItsFilesBack()
    {
        const QString program = writeFile(QStringLiteral("greet.py"),
                                          "name = input()\nprint('hi', name)\n"
                                          "open('output/greeting.txt', 'w').write('hi ' + name)\n");
        const QString workspace = m_dir->filePath(QStringLiteral("ws"));
        const Cli c = SandpitProcess::run({QStringLiteral("run"), QStringLiteral("--backend"), QStringLiteral("docker"),
                                           QStringLiteral("--stdin"), QStringLiteral("-"),
                                           QStringLiteral("--workspace"), workspace, program},
                                          tlsEnvironment(), kRunTimeoutMs, QStringLiteral("sandpit"), "Ada\n");
        QCOMPARE(c.exitCode, 0);
        QCOMPARE(c.out, QByteArray("hi Ada\n"));
        QFile kept(workspace + QStringLiteral("/output/greeting.txt"));
        QVERIFY(kept.open(QIODevice::ReadOnly));
        QCOMPARE(kept.readAll(), QByteArray("hi Ada"));
    }

    void checkJudgesExpectedFilesOnTheEngine()
    {
        const QString exercise = QStringLiteral(SANDPIT_SOURCE_DIR "/resources/exercises/intro/07-grades-file-py");
        const Cli c
            = SandpitProcess::run({QStringLiteral("check"), QStringLiteral("--backend"), QStringLiteral("docker"),
                                   exercise, exercise + QStringLiteral("/wrong/ten_fails.py")},
                                  tlsEnvironment(), 180000);
        QCOMPARE(c.exitCode, 1);
        QVERIFY2(c.out.contains("Score 2/3: 2 of 3 tests passed (docker)."), c.out.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliTls)
#include "tst_clitls.moc"
