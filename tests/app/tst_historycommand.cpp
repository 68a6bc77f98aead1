// `sandpit history` and the recording done by `sandpit run`, through the real binary: each
// store policy, --json and --limit, the table, and a corrupt record.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

#include "clitest.h"

class TestHistoryCommand : public CliTest
{
    Q_OBJECT

private:
    // No SANDPIT_* from the developer's shell at all (a store policy among them), private
    // settings, and the history in m_dir.
    QProcessEnvironment environment(const QString &policy = {}) const
    {
        QProcessEnvironment env = CliTest::environment();
        const QStringList inherited = env.keys();
        for (const QString &name : inherited) {
            if (name.startsWith(QStringLiteral("SANDPIT_")))
                env.remove(name);
        }
        env.insert(QStringLiteral("SANDPIT_DATA_DIR"), m_dir->filePath(QStringLiteral("data")));
        if (!policy.isEmpty())
            env.insert(QStringLiteral("SANDPIT_STORE_RUNS"), policy);
        return env;
    }

    static SandpitProcess sandpit(const QStringList &arguments, const QProcessEnvironment &env)
    {
        return SandpitProcess::run(arguments, env, kRunTimeoutMs);
    }

    /// Runs the fixture `name`, which ends with `status` (`sandpit run` exits with it).
    void runFixture(const QString &name, const QString &policy = {}, int status = 0) const
    {
        const SandpitProcess o = sandpit({QStringLiteral("run"), fixture(name)}, environment(policy));
        QVERIFY2(o.exitCode == status, o.err.constData());
    }

    QJsonArray historyJson(const QStringList &extra = {}) const
    {
        const SandpitProcess o
            = sandpit(QStringList{QStringLiteral("history"), QStringLiteral("--json")} + extra, environment());
        if (o.exitCode != 0)
            qWarning("sandpit history failed: %s", o.err.constData());
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(o.out, &error);
        if (error.error != QJsonParseError::NoError || !doc.isArray())
            qWarning("stdout is not a JSON array (%s): %s", qPrintable(error.errorString()), o.out.constData());
        return doc.array();
    }

    QString historyDir() const { return m_dir->filePath(QStringLiteral("data/history")); }

private Q_SLOTS:

    void runIsRecordedWithItsCodeAndResult()
    {
        runFixture(QStringLiteral("hello.py"));
        const QJsonArray records = historyJson();
        QCOMPARE(records.size(), 1);
        const QJsonObject record = records.at(0).toObject();
        QStringList keys{QStringLiteral("format"),        QStringLiteral("id"),           QStringLiteral("time"),
                         QStringLiteral("file"),          QStringLiteral("language"),     QStringLiteral("backend"),
                         QStringLiteral("limits"),        QStringLiteral("code"),         QStringLiteral("result"),
                         QStringLiteral("stdout_capped"), QStringLiteral("stderr_capped")};
        keys.sort();
        QCOMPARE(record.keys(), keys);
        QFile source(fixture(QStringLiteral("hello.py")));
        QVERIFY(source.open(QIODevice::ReadOnly));
        QCOMPARE(record.value(QStringLiteral("code")).toString(), QString::fromUtf8(source.readAll()));
        QCOMPARE(record.value(QStringLiteral("file")).toString(), QStringLiteral("hello.py"));
        QCOMPARE(record.value(QStringLiteral("language")).toString(), QStringLiteral("python"));
        QCOMPARE(record.value(QStringLiteral("limits")).toObject().value(QStringLiteral("wall_time_ms")).toInt(),
                 10000);
        const QJsonObject result = record.value(QStringLiteral("result")).toObject();
        QCOMPARE(result.value(QStringLiteral("stdout")).toString(), QStringLiteral("Hello from Sandpit\n"));
        QCOMPARE(result.value(QStringLiteral("kill_reason")).toString(), QStringLiteral("none"));
        QCOMPARE(result.value(QStringLiteral("exit_code")).toInt(-1), 0);
        QVERIFY(QFile::exists(
            QDir(historyDir()).filePath(record.value(QStringLiteral("id")).toString() + QStringLiteral(".json"))));
    }

    void onErrorKeepsOnlyFailures()
    {
        runFixture(QStringLiteral("hello.py"), QStringLiteral("on-error"));
        runFixture(QStringLiteral("stderr_exit3.py"), QStringLiteral("on-error"), 3);
        const QJsonArray records = historyJson();
        QCOMPARE(records.size(), 1);
        QCOMPARE(records.at(0).toObject().value(QStringLiteral("file")).toString(), QStringLiteral("stderr_exit3.py"));
        QCOMPARE(records.at(0)
                     .toObject()
                     .value(QStringLiteral("result"))
                     .toObject()
                     .value(QStringLiteral("exit_code"))
                     .toInt(),
                 3);
    }

    void neverKeepsNothing()
    {
        runFixture(QStringLiteral("stderr_exit3.py"), QStringLiteral("never"), 3);
        QCOMPARE(historyJson().size(), 0);
        QVERIFY(!QDir(historyDir()).exists());
    }

    void newestFirstWithLimitAndTable()
    {
        runFixture(QStringLiteral("hello.py"));
        runFixture(QStringLiteral("stderr_exit3.py"), {}, 3);
        const QJsonArray all = historyJson();
        QCOMPARE(all.size(), 2);
        QCOMPARE(all.at(0).toObject().value(QStringLiteral("file")).toString(), QStringLiteral("stderr_exit3.py"));
        const QJsonArray newest = historyJson({QStringLiteral("--limit"), QStringLiteral("1")});
        QCOMPARE(newest.size(), 1);
        QCOMPARE(newest.at(0), all.at(0));

        const SandpitProcess table = sandpit({QStringLiteral("history")}, environment());
        QCOMPARE(table.exitCode, 0);
        const QList<QByteArray> lines = table.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 3);
        QVERIFY2(lines.at(0).startsWith("TIME") && lines.at(0).contains("STATUS") && lines.at(0).contains("DURATION"),
                 table.out.constData());
        QVERIFY2(lines.at(1).contains("stderr_exit3.py") && lines.at(1).contains("exit 3"), table.out.constData());
        QVERIFY2(lines.at(2).contains("hello.py") && lines.at(2).contains(" ok "), table.out.constData());
    }

    void corruptRecordIsSkippedWithANote()
    {
        runFixture(QStringLiteral("hello.py"));
        QFile bad(QDir(historyDir()).filePath(QStringLiteral("29990101T000000000Z-badbad.json")));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("{ not json");
        bad.close();
        const SandpitProcess o = sandpit({QStringLiteral("history"), QStringLiteral("--json")}, environment());
        QCOMPARE(o.exitCode, 0);
        QCOMPARE(QJsonDocument::fromJson(o.out).array().size(), 1);
        QVERIFY2(o.err.contains("29990101T000000000Z-badbad.json"), o.err.constData());
    }

    void badValuesAreUsageErrors()
    {
        const SandpitProcess run = sandpit({QStringLiteral("run"), fixture(QStringLiteral("hello.py"))},
                                           environment(QStringLiteral("sometimes")));
        QCOMPARE(run.exitCode, 125); // `sandpit run`'s own errors are 125, as with `docker run`
        QVERIFY2(run.err.contains("SANDPIT_STORE_RUNS") && run.err.contains("\"sometimes\""), run.err.constData());
        QVERIFY(!run.out.contains("Hello"));

        const SandpitProcess limit
            = sandpit({QStringLiteral("history"), QStringLiteral("--limit"), QStringLiteral("none")}, environment());
        QCOMPARE(limit.exitCode, 2);
        QVERIFY2(limit.err.contains("--limit"), limit.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestHistoryCommand)
#include "tst_historycommand.moc"
