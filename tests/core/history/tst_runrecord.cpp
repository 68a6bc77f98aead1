// One run as the history keeps it: what is taken from the request and result, the output cap,
// and the JSON round trip.
#include "history/runrecord.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Sandpit::Core;

namespace {
RunRequest request()
{
    RunRequest r;
    r.language = QStringLiteral("python");
    r.entryFile = QStringLiteral("main.py");
    r.sources = {{QStringLiteral("helper.py"), "x = 1\n"}, {QStringLiteral("main.py"), "print('é')\n"}};
    r.limits.wallTimeMs = 2500;
    r.limits.processes = 7;
    r.backend = QStringLiteral("docker");
    return r;
}
} // namespace

class TestRunRecord : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void takesTheEntryFileAndResult()
    {
        RunResult result;
        result.exitCode = 0;
        result.wallMs = 42;
        result.backend = QStringLiteral("local");
        result.stdoutData = "é\n";
        result.artifacts = {{QStringLiteral("plot.png"), 1234, QStringLiteral("image/png")}};
        const QDateTime time = QDateTime::fromString(QStringLiteral("2026-11-23T14:00:00.250Z"), Qt::ISODateWithMs);
        const RunRecord record = RunRecord::fromRun(request(), result, time);
        QCOMPARE(record.code, QStringLiteral("print('é')\n"));
        QCOMPARE(record.fileName, QStringLiteral("main.py"));
        QCOMPARE(record.backend, QStringLiteral("docker"));
        QCOMPARE(record.result.value(QStringLiteral("backend")).toString(), QStringLiteral("local"));
        QCOMPARE(record.status(), QStringLiteral("ok"));
        QCOMPARE(record.wallMs(), 42);
        QVERIFY(!record.stdoutCapped);

        const auto back = RunRecord::fromJson(record.toJson());
        QVERIFY(back.has_value());
        QCOMPARE(back->time, time);
        QCOMPARE(back->code, record.code);
        QCOMPARE(back->limits, record.limits);
        QCOMPARE(back->result, record.result);
        const QJsonObject artifact = back->result.value(QStringLiteral("artifacts")).toArray().at(0).toObject();
        QCOMPARE(artifact.value(QStringLiteral("mime")).toString(), QStringLiteral("image/png"));
    }

    void outputIsCappedOnACharacterBoundary()
    {
        RunResult result;
        result.killReason = KillReason::OutputLimit;
        // 'é' is two bytes: the cap falls inside one, which must not be split.
        result.stdoutData = QByteArray("a") + QString(RunRecord::kOutputCapBytes, QChar(0xE9)).toUtf8();
        result.stderrData = "short";
        const RunRecord record = RunRecord::fromRun(request(), result, QDateTime::currentDateTimeUtc());
        QVERIFY(record.stdoutCapped);
        QVERIFY(!record.stderrCapped);
        const QString out = record.result.value(QStringLiteral("stdout")).toString();
        QCOMPARE(out.toUtf8().size(), RunRecord::kOutputCapBytes - 1);
        QVERIFY(!out.contains(QChar::ReplacementCharacter));
        QCOMPARE(record.status(), QStringLiteral("stopped"));
        QCOMPARE(record.killReason(), KillReason::OutputLimit);
    }

    void statusWords()
    {
        RunRecord record;
        record.result = {{QStringLiteral("kill_reason"), QStringLiteral("none")}, {QStringLiteral("exit_code"), 3}};
        QCOMPARE(record.status(), QStringLiteral("exit 3"));
        record.result = {{QStringLiteral("kill_reason"), QStringLiteral("signal")},
                         {QStringLiteral("signal"), QStringLiteral("SIGSEGV")}};
        QCOMPARE(record.status(), QStringLiteral("crashed"));
        record.result = {{QStringLiteral("kill_reason"), QStringLiteral("none")},
                         {QStringLiteral("signal"), QStringLiteral("SIGTERM")}};
        QCOMPARE(record.status(), QStringLiteral("crashed"));
        record.result = {{QStringLiteral("kill_reason"), QStringLiteral("cancelled")},
                         {QStringLiteral("signal"), QStringLiteral("SIGKILL")}};
        QCOMPARE(record.status(), QStringLiteral("stopped"));
    }

    void malformedJsonSaysWhat_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("mention");
        QTest::newRow("no format") << QByteArray("{}") << QStringLiteral("format");
        QTest::newRow("future format") << QByteArray(R"({"format": 99})") << QStringLiteral("99");
        QTest::newRow("bad time") << QByteArray(R"({"format": 1, "time": "yesterday"})") << QStringLiteral("time");
        QTest::newRow("no code") << QByteArray(
            R"({"format": 1, "time": "2026-01-01T00:00:00Z", "file": "a", "language": "c"})")
                                 << QStringLiteral("code");
        QTest::newRow("no result") << QByteArray(
            R"({"format": 1, "time": "2026-01-01T00:00:00Z", "file": "a", "language": "c", "code": ""})")
                                   << QStringLiteral("result");
    }

    void malformedJsonSaysWhat()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, mention);
        const auto record = RunRecord::fromJson(QJsonDocument::fromJson(json).object());
        QVERIFY(!record.has_value());
        QVERIFY2(record.error().contains(mention), qPrintable(record.error()));
    }
};

QTEST_GUILESS_MAIN(TestRunRecord)
#include "tst_runrecord.moc"
