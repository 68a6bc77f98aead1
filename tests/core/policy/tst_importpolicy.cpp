// The import policy as a teacher writes it (dotted names, a parent's rule covering its
// submodules, a block over a warning), and the checker's report read as untrusted output:
// validated line by line, bounded, complete only with its closing count. Pure functions.
#include "model/killdetail.h"
#include "model/resultjson.h"
#include "policy/importreport.h"
#include "policy/policyjob.h"

#include <QJsonObject>
#include <QTest>

using namespace Sandpit::Core;

namespace {
QByteArray importLine(const char *module, int line, const char *how = "import", const char *names = "[]")
{
    return QStringLiteral(R"({"import":"%1","names":%2,"file":"main.py","line":%3,"column":1,"how":"%4"})")
               .arg(QLatin1String(module), QLatin1String(names))
               .arg(line)
               .arg(QLatin1String(how))
               .toUtf8()
        + '\n';
}

ImportPolicy blockOsWarnSocket()
{
    return ImportPolicy{{QStringLiteral("socket")}, {QStringLiteral("os")}};
}

RunResult checkerRun(const QByteArray &stdoutData)
{
    RunResult run;
    run.exitCode = 0;
    run.stage = RunStage::Policy;
    run.stdoutData = stdoutData;
    return run;
}
} // namespace

class TestImportPolicy : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parentRuleCoversSubmodules()
    {
        const ImportPolicy policy = blockOsWarnSocket();
        QCOMPARE(policy.ruleFor(QStringLiteral("os")), ImportPolicy::Rule::Block);
        QCOMPARE(policy.ruleFor(QStringLiteral("os.path")), ImportPolicy::Rule::Block);
        QCOMPARE(policy.ruleFor(QStringLiteral("osmosis")), std::nullopt);
        QCOMPARE(policy.ruleFor(QStringLiteral("socket")), ImportPolicy::Rule::Warn);
        QCOMPARE(policy.ruleFor(QStringLiteral("math")), std::nullopt);
        QCOMPARE(policy.matchedName(ImportPolicy::Rule::Block, QStringLiteral("os.path")), QStringLiteral("os"));
    }

    void fromImportOfABlockedSubmodule()
    {
        const ImportPolicy policy{{}, {QStringLiteral("os.path")}};
        QCOMPARE(policy.ruleFor(QStringLiteral("os"), {QStringLiteral("path")}), ImportPolicy::Rule::Block);
        QCOMPARE(policy.ruleFor(QStringLiteral("os"), {QStringLiteral("getcwd")}), std::nullopt);
        QCOMPARE(policy.ruleFor(QStringLiteral("os")), std::nullopt);
    }

    void blockWinsOverWarning()
    {
        const ImportPolicy policy{{QStringLiteral("os")}, {QStringLiteral("os.path")}};
        QCOMPARE(policy.ruleFor(QStringLiteral("os.path")), ImportPolicy::Rule::Block);
        QCOMPARE(policy.ruleFor(QStringLiteral("os")), ImportPolicy::Rule::Warn);
    }

    void moduleNamesAreDottedIdentifiers()
    {
        QVERIFY(ImportPolicy::isModuleName(QStringLiteral("os")));
        QVERIFY(ImportPolicy::isModuleName(QStringLiteral("xml.etree._x")));
        for (const char *bad : {"", "os.", ".os", "os..path", "1os", "os path", "os-path", "os;rm"})
            QVERIFY2(!ImportPolicy::isModuleName(QString::fromLatin1(bad)), bad);
    }

    void listsParseWithCommasAndSpaces()
    {
        QString error;
        QCOMPARE(ImportPolicy::parseList(QStringLiteral(" os, socket\nsubprocess os "), &error),
                 QStringList({QStringLiteral("os"), QStringLiteral("socket"), QStringLiteral("subprocess")}));
        QCOMPARE(ImportPolicy::parseList(QString(), &error), QStringList());
        QCOMPARE(ImportPolicy::parseList(QStringLiteral("os, sub-process"), &error), std::nullopt);
        QVERIFY2(error.contains(QStringLiteral("“sub-process” is not a module name")), qPrintable(error));
    }

    void reportReadsEveryKind()
    {
        const QByteArray output = importLine("os", 1) + importLine("os", 2, "from", R"(["path"])")
            + importLine("socket", 3, "__import__")
            + R"({"dynamic":"import_module","file":"helper.py","line":4,"column":5})" + '\n'
            + R"({"syntax_error":"other.py","line":2})" + '\n' + R"({"end":4})" + '\n';
        const auto report = ImportReport::parse(output);
        QVERIFY2(report, qPrintable(report.error()));
        QCOMPARE(report->imports.size(), 4);
        QCOMPARE(report->imports.at(1).names, QStringList{QStringLiteral("path")});
        QVERIFY(report->imports.at(3).dynamic);
        QCOMPARE(report->imports.at(3).file, QStringLiteral("helper.py"));
    }

    void reportWithoutItsCountIsNoReport()
    {
        QVERIFY(!ImportReport::parse(importLine("os", 1)));                                     // cut
        QVERIFY(!ImportReport::parse(importLine("os", 1) + R"({"end":2})" + '\n'));             // made up
        QVERIFY(!ImportReport::parse(R"({"end":0})" + QByteArray("\n") + importLine("os", 1))); // after the end
        QVERIFY(!ImportReport::parse(QByteArray()));
    }

    void incompleteCheckIsNoReportAndSaysWhy()
    {
        // What the checker found before it gave up does not make a report: the rest was unread.
        const auto report
            = ImportReport::parse(importLine("os", 1) + R"({"incomplete":"main.py is larger than 4 MB"})" + '\n');
        QVERIFY(!report);
        QCOMPARE(report.error(), QStringLiteral("main.py is larger than 4 MB"));
        QVERIFY(!ImportReport::parse(R"({"incomplete":""})" + QByteArray("\n") + R"({"end":0})" + '\n'));
    }

    void malformedLinesAreRefused()
    {
        const QByteArray end = R"({"end":1})" + QByteArray("\n");
        QVERIFY(!ImportReport::parse("not json\n" + end));
        QVERIFY(!ImportReport::parse(importLine("os;rm", 1) + end));
        QVERIFY(!ImportReport::parse(importLine("os", -3) + end));
        QVERIFY(!ImportReport::parse(importLine("os", 1, "exec") + end));
        QVERIFY(!ImportReport::parse(importLine("os", 1, "from", R"(["a.b"])") + end));
        QVERIFY(
            !ImportReport::parse(R"({"import":"os","names":[],"file":"/etc/passwd","line":1,"column":1,"how":"import"})"
                                 + QByteArray("\n") + end));
        QVERIFY(!ImportReport::parse(QByteArray(ImportReport::kMaxBytes + 1, ' ')));
    }

    void judgeGivesLinesAndSeverities()
    {
        const QByteArray output = importLine("math", 1) + importLine("socket", 2)
            + importLine("os", 3, "from", R"(["path"])")
            + R"({"dynamic":"__import__","file":"main.py","line":4,"column":1})" + '\n' + R"({"end":4})" + '\n';
        const auto report = ImportReport::parse(output);
        QVERIFY(report);
        const QList<Diagnostic> diagnostics = report->judge(blockOsWarnSocket());
        QCOMPARE(diagnostics.size(), 3);
        QCOMPARE(diagnostics.at(0).line, 2);
        QCOMPARE(diagnostics.at(0).severity, Diagnostic::Severity::Warning);
        QVERIFY(diagnostics.at(0).message.contains(QStringLiteral("`socket`")));
        QCOMPARE(diagnostics.at(1).line, 3);
        QCOMPARE(diagnostics.at(1).severity, Diagnostic::Severity::Error);
        QCOMPARE(diagnostics.at(1).message, QStringLiteral("`os` may not be imported in this exercise"));
        QCOMPARE(diagnostics.at(2).severity, Diagnostic::Severity::Warning);
        QVERIFY(diagnostics.at(2).message.contains(QStringLiteral("cannot check it")));
    }

    void blockedRunEndsAtStagePolicy()
    {
        const RunResult ended
            = PolicyJob::judge(checkerRun(importLine("os", 3) + R"({"end":1})" + '\n'), blockOsWarnSocket());
        QCOMPARE(ended.stage, RunStage::Policy);
        QCOMPARE(ended.killReason, KillReason::None);
        QVERIFY(ended.exitCode != 0);
        QVERIFY2(ended.killDetail.contains(QStringLiteral("The program did not run")), qPrintable(ended.killDetail));
        QVERIFY(ended.stdoutData.isEmpty()); // the report is never shown as output
        const QJsonObject json = resultToJson(ended);
        QCOMPARE(json.value(QStringLiteral("stage")).toString(), QStringLiteral("policy"));
        QCOMPARE(json.value(QStringLiteral("policy_unchecked")), QJsonValue(false));
        QCOMPARE(resultHeadline(ended),
                 QStringLiteral("Stopped by the import policy: `os` may not be imported in this exercise, line 3"));
    }

    void warnedRunGoesOn()
    {
        const RunResult ended
            = PolicyJob::judge(checkerRun(importLine("socket", 1) + R"({"end":1})" + '\n'), blockOsWarnSocket());
        QCOMPARE(ended.exitCode, 0);
        QCOMPARE(ended.diagnostics.size(), 1);
        QCOMPARE(ended.diagnostics.first().severity, Diagnostic::Severity::Warning);
    }

    void unreadableReportStopsTheRun()
    {
        const RunResult ended = PolicyJob::judge(checkerRun("{\"import\":\"os\"\n"), blockOsWarnSocket());
        QVERIFY(ended.exitCode != 0);
        QCOMPARE(ended.diagnostics.size(), 1);
        QVERIFY(ended.diagnostics.first().message.startsWith(QStringLiteral("Sandpit could not check")));
        // A grader reading the JSON tells Sandpit's trouble from a blocked import.
        QCOMPARE(resultToJson(ended).value(QStringLiteral("policy_unchecked")), QJsonValue(true));
    }
};

QTEST_GUILESS_MAIN(TestImportPolicy)
#include "tst_importpolicy.moc"
