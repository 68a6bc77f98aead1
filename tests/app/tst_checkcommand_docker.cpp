// `sandpit check --backend docker`: the same table and JSON as on the local sandbox, in the
// offline images (sandpit-offline/python:3.11 and gcc:12, packaging/docker/build-offline-images.sh).

#include "clitest.h"

#include <QJsonArray>

class TestCheckCommandDocker : public CliTest
{
    Q_OBJECT

    Cli check(const QStringList &arguments) const
    {
        QProcessEnvironment env = environment();
        env.insert(QStringLiteral("SANDPIT_DOCKER_IMAGE_PYTHON"), QStringLiteral("sandpit-offline/python:3.11"));
        env.insert(QStringLiteral("SANDPIT_DOCKER_IMAGE_C"), QStringLiteral("sandpit-offline/gcc:12"));
        return SandpitProcess::run(
            QStringList{QStringLiteral("check"), QStringLiteral("--backend"), QStringLiteral("docker")} + arguments,
            env, 180000);
    }
    static QString pack(const QString &path) { return fixture(QStringLiteral("packs/runner/") + path); }

private Q_SLOTS:
    void pythonSolutionPasses()
    {
        const Cli c = check(
            {QStringLiteral("--json"), pack(QStringLiteral("sum")), pack(QStringLiteral("sum/solution/sum.py"))});
        QCOMPARE(c.exitCode, 0);
        const QList<QByteArray> lines = c.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 4);
        const QJsonObject summary = QJsonDocument::fromJson(lines.last()).object();
        QCOMPARE(summary.value(QStringLiteral("backend")).toString(), QStringLiteral("docker"));
        QCOMPARE(summary.value(QStringLiteral("score")).toInt(), 4);
    }

    // add() that subtracts: right for 0 + 0 only.
    void cHarnessWithAWrongFunctionFails()
    {
        const Cli c = check({pack(QStringLiteral("add")), pack(QStringLiteral("add/wrong/subtracts.c"))});
        QCOMPARE(c.exitCode, 1);
        QVERIFY2(c.out.contains("Wrong answer"), c.out.constData());
        QVERIFY2(c.out.contains("Score 1/2: 1 of 2 tests passed (docker)"), c.out.constData());
    }
};

QTEST_GUILESS_MAIN(TestCheckCommandDocker)
#include "tst_checkcommand_docker.moc"
