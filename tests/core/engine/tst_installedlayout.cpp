// Sandpit installed as the Debian package lays it out: /usr/bin/sandpit, its helpers in
// /usr/libexec/sandpit. The engine must find them there as it finds them beside the binary in a
// build tree, with no SANDPIT_HELPER to point at them. The layout is copied into a temporary
// folder from the binaries beside this test, so the unprivileged pass (which copies them
// elsewhere) runs it too.
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

constexpr int kRunTimeoutMs = 60000;

QString fixture(const QString &name)
{
    return qEnvironmentVariable("SANDPIT_FIXTURES_DIR", QStringLiteral(SANDPIT_FIXTURES_DIR)) + QLatin1Char('/') + name;
}

bool copyExecutable(const QString &name, const QString &toDir)
{
    const QString from = QCoreApplication::applicationDirPath() + QLatin1Char('/') + name;
    return QDir().mkpath(toDir) && QFile::copy(from, toDir + QLatin1Char('/') + name);
}

struct Run {
    int exitCode = -1;
    QJsonObject json;
    QByteArray err;
};

/// `PREFIX/usr/bin/sandpit run hello.py --json`, with no variable naming a helper.
Run runInstalled(const QString &prefix)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("SANDPIT_HELPER"));
    env.remove(QStringLiteral("SANDPIT_SECCOMP"));
    QProcess process;
    process.setProcessEnvironment(env);
    process.start(prefix + QStringLiteral("/usr/bin/sandpit"),
                  {QStringLiteral("run"), fixture(QStringLiteral("hello.py")), QStringLiteral("--json")});
    process.waitForFinished(kRunTimeoutMs);
    Run run;
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.json = QJsonDocument::fromJson(process.readAllStandardOutput()).object();
    run.err = process.readAllStandardError();
    return run;
}

} // namespace

class TestInstalledLayout : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void findsTheHelperInLibexec()
    {
        QTemporaryDir prefix;
        QVERIFY(prefix.isValid());
        QVERIFY(copyExecutable(QStringLiteral("sandpit"), prefix.filePath(QStringLiteral("usr/bin"))));
        const QString libexec = prefix.filePath(QStringLiteral("usr/libexec/sandpit"));
        QVERIFY(copyExecutable(QStringLiteral("sandpit-helper"), libexec));

        const Run run = runInstalled(prefix.path());
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QCOMPARE(run.json.value(QStringLiteral("stdout")).toString(), QStringLiteral("Hello from Sandpit\n"));
        QCOMPARE(run.json.value(QStringLiteral("isolation")).toObject().value(QStringLiteral("level")).toString(),
                 QStringLiteral("full"));
    }

    // The same layout without the helper: the run must be refused, and the message must say
    // where the helper belongs. Proves the run above used the helper in libexec and no other.
    void saysWhereTheHelperBelongsWhenItIsMissing()
    {
        QTemporaryDir prefix;
        QVERIFY(prefix.isValid());
        QVERIFY(copyExecutable(QStringLiteral("sandpit"), prefix.filePath(QStringLiteral("usr/bin"))));

        const Run run = runInstalled(prefix.path());
        QCOMPARE(run.exitCode, 3);
        const QJsonObject error = run.json.value(QStringLiteral("error")).toObject();
        QCOMPARE(error.value(QStringLiteral("code")).toString(), QStringLiteral("backend-unavailable"));
        QVERIFY2(error.value(QStringLiteral("message")).toString().contains(QStringLiteral("libexec/sandpit")),
                 qPrintable(error.value(QStringLiteral("message")).toString()));
    }
};

QTEST_GUILESS_MAIN(TestInstalledLayout)
#include "tst_installedlayout.moc"
