// What `sandpit run --json` prints and what the result pane says: the JSON shape, the
// one-sentence kill detail, and the helper's report turned into a result.
#include "local/helperreport.h"
#include "model/killdetail.h"
#include "model/resultjson.h"
#include "model/units.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Sandpit::Core;

namespace {
RunResult sampleResult()
{
    RunResult r;
    r.exitCode = 0;
    r.killReason = KillReason::None;
    r.killDetail = QStringLiteral("The program finished normally.");
    r.wallMs = 120;
    r.cpuMs = 80;
    r.peakMemoryBytes = 9 * 1024 * 1024;
    r.stdoutData = "Hello from Sandpit\n";
    r.stderrData = "warning\n";
    r.backend = QStringLiteral("local");
    r.language = QStringLiteral("python");
    r.artifacts = {{QStringLiteral("data.csv"), 8, QStringLiteral("text/csv")},
                   {QStringLiteral("sub/plot.png"), 512, QStringLiteral("image/png")},
                   {QStringLiteral("temps.csv"), 20, QStringLiteral("text/csv"), false, false}};
    r.isolation.level = IsolationReport::Level::Partial;
    r.isolation.details = {QStringLiteral("No network."), QStringLiteral("No seccomp filter.")};
    return r;
}

// Through text and back, as a consumer of the CLI's output sees it.
QJsonObject reparsed(const QJsonObject &o)
{
    return QJsonDocument::fromJson(QJsonDocument(o).toJson(QJsonDocument::Compact)).object();
}

const QByteArray kSampleReport = "outcome=exited\n"
                                 "exit_code=3\n"
                                 "kill_reason=none\n"
                                 "wall_us=1234567\n"
                                 "cpu_us=456789\n"
                                 "peak_rss_bytes=10485760\n"
                                 "stdout_bytes=12\n"
                                 "isolation_level=full\n"
                                 "isolation=The program cannot reach the network.\n"
                                 "isolation=It sees only its own processes.\n";
} // namespace

class TestResultJson : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // What the helper found the kernel refused reaches the JSON as ids and the reader as a
    // sentence that names each limit with its value.
    void limitsReachedComeFromTheReportAndAreSaid()
    {
        const HelperReport report = HelperReport::parse("outcome=exited\nexit_code=1\nkill_reason=none\n"
                                                        "limits_reached=process-limit,disk-full\n");
        RunResult result;
        QVERIFY(report.applyTo(result));
        Limits limits;
        limits.processes = 32;
        result.killDetail = describeEnd(result, limits);
        const QJsonObject o = reparsed(resultToJson(result));
        QCOMPARE(o.value(QStringLiteral("limits_reached")).toArray(),
                 QJsonArray({QStringLiteral("process-limit"), QStringLiteral("disk-full")}));
        QCOMPARE(
            o.value(QStringLiteral("kill_detail")).toString(),
            QStringLiteral("It ended with an error (exit code 1) after it reached the process limit (32) and a full "
                           "disk (its workspace has no space or files left)."));
        QCOMPARE(reparsed(resultToJson(sampleResult())).value(QStringLiteral("limits_reached")).toArray(),
                 QJsonArray());
    }

    void hasExactlyTheDocumentedKeys()
    {
        const QJsonObject o = reparsed(resultToJson(sampleResult()));
        QStringList expected{
            QStringLiteral("backend"),          QStringLiteral("language"),
            QStringLiteral("exit_code"),        QStringLiteral("signal"),
            QStringLiteral("kill_reason"),      QStringLiteral("kill_detail"),
            QStringLiteral("wall_ms"),          QStringLiteral("input_wait_ms"),
            QStringLiteral("cpu_ms"),           QStringLiteral("peak_memory_bytes"),
            QStringLiteral("stdout"),           QStringLiteral("stderr"),
            QStringLiteral("stdout_truncated"), QStringLiteral("stderr_truncated"),
            QStringLiteral("artifacts"),        QStringLiteral("isolation"),
            QStringLiteral("notice"),           QStringLiteral("stage"),
            QStringLiteral("diagnostics"),      QStringLiteral("limits_reached"),
            QStringLiteral("network"),
        };
        expected.sort();
        QCOMPARE(o.keys(), expected);
        QCOMPARE(o.value(QStringLiteral("stage")).toString(), QStringLiteral("run"));
        QCOMPARE(o.value(QStringLiteral("diagnostics")).toArray().size(), 0);

        QCOMPARE(o.value(QStringLiteral("backend")).toString(), QStringLiteral("local"));
        QCOMPARE(o.value(QStringLiteral("language")).toString(), QStringLiteral("python"));
        QVERIFY(o.value(QStringLiteral("notice")).isNull());
        QCOMPARE(o.value(QStringLiteral("exit_code")).toInt(-1), 0);
        QVERIFY(o.value(QStringLiteral("signal")).isNull());
        QCOMPARE(o.value(QStringLiteral("kill_reason")).toString(), QStringLiteral("none"));
        QCOMPARE(o.value(QStringLiteral("kill_detail")).toString(), QStringLiteral("The program finished normally."));
        QCOMPARE(o.value(QStringLiteral("wall_ms")).toInteger(), 120);
        QCOMPARE(o.value(QStringLiteral("cpu_ms")).toInteger(), 80);
        QCOMPARE(o.value(QStringLiteral("peak_memory_bytes")).toInteger(), 9 * 1024 * 1024);
        QCOMPARE(o.value(QStringLiteral("stdout")).toString(), QStringLiteral("Hello from Sandpit\n"));
        QCOMPARE(o.value(QStringLiteral("stderr")).toString(), QStringLiteral("warning\n"));
        QCOMPARE(o.value(QStringLiteral("stdout_truncated")).toBool(true), false);
        QCOMPARE(o.value(QStringLiteral("stderr_truncated")).toBool(true), false);
    }

    void networkAttemptsAreListedInOrder()
    {
        RunResult result = sampleResult();
        result.network = {{QStringLiteral("127.0.0.1"), 8080, true},
                          {QStringLiteral("evil.example"), 443, false},
                          {QStringLiteral("127.0.0.1"), 9, true, false, QStringLiteral("refused")}};
        const QJsonArray network = reparsed(resultToJson(result)).value(QStringLiteral("network")).toArray();
        QCOMPARE(network.size(), 3);
        QCOMPARE(network.at(0).toObject().value(QStringLiteral("outcome")).toString(), QStringLiteral("connected"));
        QCOMPARE(network.at(1).toObject().value(QStringLiteral("outcome")).toString(), QStringLiteral("denied"));
        // Allowed, but nothing listened there: not reached, and why.
        QCOMPARE(network.at(2).toObject().value(QStringLiteral("allowed")).toBool(), true);
        QCOMPARE(network.at(2).toObject().value(QStringLiteral("outcome")).toString(), QStringLiteral("failed"));
        QCOMPARE(network.at(2).toObject().value(QStringLiteral("failure")).toString(), QStringLiteral("refused"));
        QCOMPARE(network.at(0).toObject().value(QStringLiteral("host")).toString(), QStringLiteral("127.0.0.1"));
        QCOMPARE(network.at(0).toObject().value(QStringLiteral("port")).toInt(), 8080);
        QCOMPARE(network.at(0).toObject().value(QStringLiteral("allowed")).toBool(), true);
        QCOMPARE(network.at(1).toObject().value(QStringLiteral("host")).toString(), QStringLiteral("evil.example"));
        QCOMPARE(network.at(1).toObject().value(QStringLiteral("allowed")).toBool(), false);
    }

    void compileStageAndDiagnostics()
    {
        RunResult r = sampleResult();
        r.stage = RunStage::Compile;
        r.exitCode = 1;
        r.diagnostics = {{QStringLiteral("main.c"), 3, 5, Diagnostic::Severity::Error, QStringLiteral("expected ';'")},
                         {QStringLiteral("main.c"), 1, 0, Diagnostic::Severity::Warning, QStringLiteral("unused")}};
        const QJsonObject o = reparsed(resultToJson(r));
        QCOMPARE(o.value(QStringLiteral("stage")).toString(), QStringLiteral("compile"));
        const QJsonArray diagnostics = o.value(QStringLiteral("diagnostics")).toArray();
        QCOMPARE(diagnostics.size(), 2);
        const QJsonObject first = diagnostics.at(0).toObject();
        QCOMPARE(first.keys(),
                 (QStringList{QStringLiteral("column"), QStringLiteral("file"), QStringLiteral("line"),
                              QStringLiteral("message"), QStringLiteral("severity")}));
        QCOMPARE(first.value(QStringLiteral("file")).toString(), QStringLiteral("main.c"));
        QCOMPARE(first.value(QStringLiteral("line")).toInt(), 3);
        QCOMPARE(first.value(QStringLiteral("column")).toInt(), 5);
        QCOMPARE(first.value(QStringLiteral("severity")).toString(), QStringLiteral("error"));
        QCOMPARE(first.value(QStringLiteral("message")).toString(), QStringLiteral("expected ';'"));
        QCOMPARE(diagnostics.at(1).toObject().value(QStringLiteral("severity")).toString(), QStringLiteral("warning"));
        QVERIFY(!r.succeeded());
    }

    void compileStageIsDescribedAsTheCompiler_data()
    {
        QTest::addColumn<int>("reason");
        QTest::addColumn<QString>("mention");
        QTest::newRow("errors") << int(KillReason::None)
                                << QStringLiteral(
                                       "The compiler reported errors (exit code 1), so the program did not run.");
        QTest::newRow("timeout") << int(KillReason::Timeout) << QStringLiteral("the compile step's time limit of 30 s");
        QTest::newRow("memory") << int(KillReason::Memory)
                                << QStringLiteral("The compiler tried to use more than 512 MB");
        QTest::newRow("file-size") << int(KillReason::FileSize) << QStringLiteral("The program did not run.");
        QTest::newRow("cancelled") << int(KillReason::Cancelled)
                                   << QStringLiteral("while the program was being compiled");
    }

    void compileStageIsDescribedAsTheCompiler()
    {
        QFETCH(int, reason);
        QFETCH(QString, mention);
        RunResult r;
        r.stage = RunStage::Compile;
        r.killReason = KillReason(reason);
        if (r.killReason == KillReason::None)
            r.exitCode = 1;
        Limits limits;
        limits.wallTimeMs = 30000;
        limits.memoryBytes = 512LL * 1024 * 1024;
        const QString detail = describeEnd(r, limits);
        QVERIFY2(detail.contains(mention), qPrintable(detail));
    }

    void resultTitleSaysWhenItDidNotCompile()
    {
        RunResult r;
        r.exitCode = 1;
        QCOMPARE(resultTitle(r), QStringLiteral("Finished"));
        r.stage = RunStage::Compile;
        QCOMPARE(resultTitle(r), QStringLiteral("Did not compile"));
        r.exitCode.reset();
        r.killReason = KillReason::Memory;
        QCOMPARE(resultTitle(r), QStringLiteral("Compiler stopped: it used more memory than allowed"));
        r.killReason = KillReason::Cancelled;
        QCOMPARE(resultTitle(r), QStringLiteral("Stopped by you while compiling"));
    }

    void artifactsAndIsolation()
    {
        const QJsonObject o = reparsed(resultToJson(sampleResult()));
        const QJsonArray artifacts = o.value(QStringLiteral("artifacts")).toArray();
        QCOMPARE(artifacts.size(), 3);
        const QJsonObject second = artifacts.at(1).toObject();
        QCOMPARE(second.keys(),
                 (QStringList{QStringLiteral("in_output"), QStringLiteral("mime"), QStringLiteral("path"),
                              QStringLiteral("size")}));
        QCOMPARE(second.value(QStringLiteral("path")).toString(), QStringLiteral("sub/plot.png"));
        QCOMPARE(second.value(QStringLiteral("size")).toInteger(), 512);
        QCOMPARE(second.value(QStringLiteral("mime")).toString(), QStringLiteral("image/png"));
        QCOMPARE(second.value(QStringLiteral("in_output")), QJsonValue(true));
        // A file the program wrote beside its source, not in output/: its path is relative to
        // the working folder, and it says so.
        const QJsonObject outside = artifacts.at(2).toObject();
        QCOMPARE(outside.value(QStringLiteral("path")).toString(), QStringLiteral("temps.csv"));
        QCOMPARE(outside.value(QStringLiteral("in_output")), QJsonValue(false));

        const QJsonObject isolation = o.value(QStringLiteral("isolation")).toObject();
        QCOMPARE(isolation.keys(), (QStringList{QStringLiteral("details"), QStringLiteral("level")}));
        QCOMPARE(isolation.value(QStringLiteral("level")).toString(), QStringLiteral("partial"));
        QCOMPARE(isolation.value(QStringLiteral("details")).toArray().size(), 2);
        QCOMPARE(isolation.value(QStringLiteral("details")).toArray().at(1).toString(),
                 QStringLiteral("No seccomp filter."));
    }

    void killedRunHasNullExitCodeAndSignalName()
    {
        RunResult r = sampleResult();
        r.exitCode.reset();
        r.signal = 9;
        r.killReason = KillReason::Timeout;
        r.stdoutTruncated = true;
        const QJsonObject o = reparsed(resultToJson(r));
        QVERIFY(o.contains(QStringLiteral("exit_code")));
        QVERIFY(o.value(QStringLiteral("exit_code")).isNull());
        QCOMPARE(o.value(QStringLiteral("signal")).toString(), QStringLiteral("SIGKILL"));
        QCOMPARE(o.value(QStringLiteral("kill_reason")).toString(), QStringLiteral("timeout"));
        QCOMPARE(o.value(QStringLiteral("stdout_truncated")).toBool(), true);
    }

    void invalidUtf8BecomesReplacementAndNulSurvives()
    {
        RunResult r = sampleResult();
        static const char raw[] = "bad \xff\xfe bytes, a NUL \x00 here, caf\xc3\xa9\n";
        r.stdoutData = QByteArray(raw, sizeof raw - 1);
        const QByteArray text = QJsonDocument(resultToJson(r)).toJson(QJsonDocument::Compact);
        QVERIFY2(text.contains("a NUL \\u0000 here"), text.constData());
        const QString out = QJsonDocument::fromJson(text).object().value(QStringLiteral("stdout")).toString();
        QCOMPARE(out,
                 QStringLiteral("bad \uFFFD\uFFFD bytes, a NUL ") + QChar(0) + QStringLiteral(" here, caf\u00e9\n"));
    }

    void errorShape()
    {
        const QJsonObject o
            = reparsed(errorToJson({RunError::Code::MissingToolchain, QStringLiteral("Install python3.")}));
        QCOMPARE(o.keys(), QStringList{QStringLiteral("error")});
        const QJsonObject error = o.value(QStringLiteral("error")).toObject();
        QCOMPARE(error.keys(), (QStringList{QStringLiteral("code"), QStringLiteral("message")}));
        QCOMPARE(error.value(QStringLiteral("code")).toString(), QStringLiteral("missing-toolchain"));
        QCOMPARE(error.value(QStringLiteral("message")).toString(), QStringLiteral("Install python3."));
        QCOMPARE(reparsed(errorToJson({RunError::Code::BackendUnavailable, {}}))
                     .value(QStringLiteral("error"))
                     .toObject()
                     .value(QStringLiteral("code"))
                     .toString(),
                 QStringLiteral("backend-unavailable"));
        // A script can tell "pull this image" from "start Docker" by the code alone.
        QCOMPARE(reparsed(errorToJson({RunError::Code::MissingImage, {}, QStringLiteral("python:3.11")}))
                     .value(QStringLiteral("error"))
                     .toObject()
                     .value(QStringLiteral("code"))
                     .toString(),
                 QStringLiteral("missing-image"));
    }

    void describeEndMentionsTheLimit_data()
    {
        QTest::addColumn<int>("reason");
        QTest::addColumn<QString>("mention");
        QTest::newRow("timeout") << int(KillReason::Timeout) << QStringLiteral("10 s");
        QTest::newRow("cpu-time") << int(KillReason::CpuTime) << QStringLiteral("2.5 s");
        QTest::newRow("memory") << int(KillReason::Memory) << QStringLiteral("256");
        QTest::newRow("output-limit") << int(KillReason::OutputLimit) << QStringLiteral("1");
        QTest::newRow("process-limit") << int(KillReason::ProcessLimit) << QStringLiteral("64 processes");
        QTest::newRow("cancelled") << int(KillReason::Cancelled) << QStringLiteral("Stop");
    }

    void describeEndMentionsTheLimit()
    {
        QFETCH(int, reason);
        QFETCH(QString, mention);
        RunResult r;
        r.killReason = KillReason(reason);
        Limits limits;
        limits.cpuTimeMs = 2500;
        const QString detail = describeEnd(r, limits);
        QVERIFY2(detail.contains(mention), qPrintable(detail));
    }

    void describeEndForOrdinaryEndings()
    {
        RunResult r;
        r.exitCode = 0;
        QCOMPARE(describeEnd(r, Limits{}), QStringLiteral("The program finished normally."));
        r.exitCode = 3;
        QVERIFY(describeEnd(r, Limits{}).contains(QStringLiteral("exit code 3")));
        r.exitCode.reset();
        r.signal = 11;
        r.killReason = KillReason::Signal;
        QVERIFY(describeEnd(r, Limits{}).contains(QStringLiteral("SIGSEGV")));
        r.killReason = KillReason::BlockedSyscall;
        QVERIFY(describeEnd(r, Limits{}, QStringLiteral("ptrace")).contains(QStringLiteral("ptrace")));
    }

    void aWaitForInputIsToldAndInTheJson()
    {
        RunResult r;
        r.exitCode = 0;
        r.wallMs = 11500;
        r.inputWaitMs = 11000;
        QCOMPARE(describeEnd(r, Limits{}),
                 QStringLiteral("The program finished normally. (It waited 11 s for input, which does not count "
                                "against the time limit.)"));
        QCOMPARE(resultToJson(r).value(QStringLiteral("input_wait_ms")).toInteger(), 11000);
        r.inputWaitMs = 0;
        QCOMPARE(describeEnd(r, Limits{}), QStringLiteral("The program finished normally."));
        QCOMPARE(resultToJson(r).value(QStringLiteral("input_wait_ms")).toInteger(), 0);
    }

    void memoryAndOutputLimitsAreReadable()
    {
        Limits limits;
        RunResult r;
        r.killReason = KillReason::Memory;
        QVERIFY(describeEnd(r, limits).contains(formatBytes(limits.memoryBytes)));
        QVERIFY(formatBytes(limits.memoryBytes).endsWith(QStringLiteral(" MB")));
        r.killReason = KillReason::OutputLimit;
        QVERIFY(describeEnd(r, limits).contains(formatBytes(limits.outputBytes)));
    }

    void formatBytesAndDuration()
    {
        QCOMPARE(formatBytes(17), QStringLiteral("17 bytes"));
        QVERIFY(formatBytes(800 * 1024).startsWith(QStringLiteral("800")));
        QVERIFY(formatBytes(800 * 1024).endsWith(QStringLiteral(" KB"), Qt::CaseInsensitive));
        QVERIFY(formatBytes(256LL * 1024 * 1024).startsWith(QStringLiteral("256")));
        QCOMPARE(formatBytes(qint64(12.5 * 1024 * 1024)), QStringLiteral("12.5 MB"));
        QCOMPARE(formatDuration(340), QStringLiteral("340 ms"));
        QCOMPARE(formatDuration(0), QStringLiteral("0 ms"));
        QCOMPARE(formatDuration(2500), QStringLiteral("2.5 s"));
        QCOMPARE(formatDuration(10000), QStringLiteral("10 s"));
    }

    void helperReportFillsTheResult()
    {
        const HelperReport report = HelperReport::parse(kSampleReport);
        QCOMPARE(report.value("stdout_bytes"), QStringLiteral("12"));
        QVERIFY(!report.has("signal"));
        RunResult r;
        QVERIFY(report.applyTo(r).has_value());
        QCOMPARE(r.exitCode, 3);
        QCOMPARE(r.signal, std::nullopt);
        QCOMPARE(r.killReason, KillReason::None);
        QCOMPARE(r.wallMs, 1234);
        QCOMPARE(r.cpuMs, 456);
        QCOMPARE(r.peakMemoryBytes, 10485760);
        QCOMPARE(r.isolation.level, IsolationReport::Level::Full);
        QCOMPARE(r.isolation.details,
                 (QStringList{QStringLiteral("The program cannot reach the network."),
                              QStringLiteral("It sees only its own processes.")}));
    }

    void helperReportOfAKilledRun()
    {
        const HelperReport report = HelperReport::parse("outcome=signaled\nsignal=9\nkill_reason=memory\n"
                                                        "kill_detail=peak 300 MB\nisolation_level=partial\n");
        RunResult r;
        QVERIFY(report.applyTo(r).has_value());
        QCOMPARE(r.exitCode, std::nullopt);
        QCOMPARE(r.signal, 9);
        QCOMPARE(r.killReason, KillReason::Memory);
        QCOMPARE(report.value("kill_detail"), QStringLiteral("peak 300 MB"));
        QCOMPARE(r.isolation.level, IsolationReport::Level::Partial);
    }

    void incompleteReportIsAnError_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::newRow("empty") << QByteArray();
        QTest::newRow("no outcome") << QByteArray("exit_code=0\nkill_reason=none\n");
        QTest::newRow("no kill reason") << QByteArray("outcome=exited\nexit_code=0\n");
        QTest::newRow("unknown kill reason") << QByteArray("outcome=exited\nexit_code=0\nkill_reason=gremlins\n");
        QTest::newRow("cut off") << kSampleReport.left(20);
    }

    void incompleteReportIsAnError()
    {
        QFETCH(QByteArray, text);
        RunResult r;
        const auto applied = HelperReport::parse(text).applyTo(r);
        QVERIFY(!applied);
        QCOMPARE(applied.error().code, RunError::Code::Internal);
        QVERIFY(applied.error().message.contains(QStringLiteral("incomplete")));
    }

    void setupFailureReport()
    {
        const RunError execError = HelperReport::parse("setup_step=execve\nsetup_errno=2\n").setupError();
        QCOMPARE(execError.code, RunError::Code::MissingToolchain);
        QVERIFY(execError.message.contains(QStringLiteral("No such file")));
        const RunError nsError = HelperReport::parse("setup_step=unshare\nsetup_errno=1\n").setupError();
        QCOMPARE(nsError.code, RunError::Code::SetupFailed);
        QVERIFY(nsError.message.contains(QStringLiteral("\"unshare\"")));
    }
};

QTEST_GUILESS_MAIN(TestResultJson)
#include "tst_resultjson.moc"
