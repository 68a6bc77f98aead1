// The import policy end to end through a real RunController: the checker reads the program's
// imports in the sandbox before it runs; a warning lets it run with a diagnostic on the line,
// a block ends the run at stage "policy" and the program never starts. Built once for the
// local sandbox (label sandbox) and, with SANDPIT_TEST_DOCKER, for the offline Python image.
#include "support/runharness.h"

#include "model/killdetail.h"
#include "model/resultjson.h"

#include <QJsonObject>
#include <QTemporaryDir>

using namespace SandpitTest;

namespace {
// The policy a teacher of a first course might set.
ImportPolicy teachersPolicy()
{
    return ImportPolicy{{QStringLiteral("socket")}, {QStringLiteral("os"), QStringLiteral("subprocess")}};
}

RunRequest policed(const QString &fixtureName)
{
    RunRequest request = pythonRequest(fixture(QStringLiteral("policy/") + fixtureName));
    request.importPolicy = teachersPolicy();
    return request;
}

QList<Diagnostic> ofSeverity(const RunResult &result, Diagnostic::Severity severity)
{
    QList<Diagnostic> found;
    for (const Diagnostic &d : result.diagnostics) {
        if (d.severity == severity)
            found << d;
    }
    return found;
}
} // namespace

class TestImportCheck : public QObject, private RunFixture
{
    Q_OBJECT

public:
    TestImportCheck()
        : RunFixture(makePythonController, 60000)
    {
    }

private:
    // A blocked run: stage policy, an error on `line` of `file`, and no output of the program.
    void verifyBlocked(const Outcome &o, int line, const QString &file = QStringLiteral("main.py"))
    {
        QVERIFY2(o.result, why(o));
        QCOMPARE(o.result->stage, RunStage::Policy);
        QVERIFY(!o.liveStdout.contains("ran"));
        const QList<Diagnostic> errors = ofSeverity(*o.result, Diagnostic::Severity::Error);
        QCOMPARE(errors.size(), 1);
        QCOMPARE(errors.first().file, file);
        QCOMPARE(errors.first().line, line);
        QVERIFY2(o.result->killDetail.contains(QStringLiteral("The program did not run")),
                 qPrintable(o.result->killDetail));
        QVERIFY(resultHeadline(*o.result).startsWith(QStringLiteral("Stopped by the import policy: ")));
    }

    // A run the check could not finish: stopped before the program, saying why, and marked as
    // Sandpit's trouble rather than the learner's.
    void verifyUnchecked(const Outcome &o, const QString &reason)
    {
        QVERIFY2(o.result, why(o));
        QCOMPARE(o.result->stage, RunStage::Policy);
        QVERIFY(o.result->policyUnchecked);
        QVERIFY(!o.liveStdout.contains("ran"));
        const QList<Diagnostic> errors = ofSeverity(*o.result, Diagnostic::Severity::Error);
        QCOMPARE(errors.size(), 1);
        QVERIFY2(errors.first().message.contains(QStringLiteral("could not check")),
                 qPrintable(errors.first().message));
        QVERIFY2(errors.first().message.contains(reason), qPrintable(errors.first().message));
    }

private Q_SLOTS:
    void init() { startEngine(); }
    void cleanup() { stopEngine(); }

    void blockedImportStopsTheRun()
    {
        const Outcome o = run(policed(QStringLiteral("imports_os.py")));
        verifyBlocked(o, 3);
        QCOMPARE(resultToJson(*o.result).value(QStringLiteral("stage")).toString(), QStringLiteral("policy"));
        // The checker's report is not the learner's output; the block's line is on stderr.
        QVERIFY2(!o.liveStdout.contains("\"import\""), o.liveStdout);
        QVERIFY2(o.liveStderr.contains("main.py:3: error: `os` may not be imported"), o.liveStderr);
    }

    void fromImportOfABlockedModule() { verifyBlocked(run(policed(QStringLiteral("from_os_import_path.py"))), 2); }

    void dunderImportWithAConstantName()
    {
        verifyBlocked(run(policed(QStringLiteral("dunder_imports_subprocess.py"))), 2);
    }

    void ownModulesAreCheckedToo()
    {
        RunRequest request = policed(QStringLiteral("imports_helper.py"));
        request.sources << SourceFile{QStringLiteral("helper.py"), fixture(QStringLiteral("policy/helper.py"))};
        verifyBlocked(run(request), 1, QStringLiteral("helper.py"));
    }

    void warnedImportRunsWithADiagnostic()
    {
        const Outcome o = run(policed(QStringLiteral("imports_socket.py")));
        QVERIFY2(o.result, why(o));
        QCOMPARE(o.result->stage, RunStage::Run);
        QCOMPARE(o.result->exitCode, 0);
        QCOMPARE(o.liveStdout, QByteArray("ran True\n"));
        const QList<Diagnostic> warnings = ofSeverity(*o.result, Diagnostic::Severity::Warning);
        QCOMPARE(warnings.size(), 1);
        QCOMPARE(warnings.first().line, 2);
        QVERIFY(warnings.first().message.contains(QStringLiteral("`socket`")));
    }

    void dynamicImportIsAWarning()
    {
        const Outcome o = run(policed(QStringLiteral("imports_dynamically.py")));
        QVERIFY2(o.result, why(o));
        QCOMPARE(o.result->stage, RunStage::Run);
        QCOMPARE(o.liveStdout, QByteArray("ran 2\n"));
        const QList<Diagnostic> warnings = ofSeverity(*o.result, Diagnostic::Severity::Warning);
        QCOMPARE(warnings.size(), 1);
        QCOMPARE(warnings.first().line, 4);
        QVERIFY(warnings.first().message.contains(QStringLiteral("cannot check it")));
    }

    void relativeImportOfOwnPackageIsNeverBlocked()
    {
        RunRequest request = policed(QStringLiteral("imports_own_package.py"));
        request.inputFiles << InputFile{fixturesDir() + QStringLiteral("/policy/mypkg"), QStringLiteral("mypkg")};
        const Outcome o = run(request);
        QVERIFY2(o.result, why(o));
        QCOMPARE(o.result->stage, RunStage::Run);
        QCOMPARE(o.liveStdout, QByteArray("RAN\n"));
        QVERIFY(o.result->diagnostics.isEmpty());
    }

    void syntaxErrorIsLeftToTheRun()
    {
        const Outcome o = run(policed(QStringLiteral("syntax_error.py")));
        QVERIFY2(o.result, why(o));
        QCOMPARE(o.result->stage, RunStage::Run);
        QVERIFY(o.result->exitCode != 0);
        QVERIFY2(o.liveStderr.contains("SyntaxError"), o.liveStderr);
    }

    void aPlainFolderDoesNotHideTheStandardLibrary()
    {
        RunRequest request = policed(QStringLiteral("imports_os.py"));
        request.inputFiles << InputFile{fixturesDir() + QStringLiteral("/policy/plain_folder"), QStringLiteral("os")};
        verifyBlocked(run(request), 3);
    }

    void learnersOsPyIsReportedAndFollowed()
    {
        // Python loads the real os before main.py runs, so the learner's os.py never replaces it.
        RunRequest request = policed(QStringLiteral("imports_os.py"));
        request.sources << SourceFile{QStringLiteral("os.py"), fixture(QStringLiteral("policy/helper.py"))};
        const Outcome o = run(request);
        QVERIFY2(o.result, why(o));
        QCOMPARE(o.result->stage, RunStage::Policy);
        QStringList places;
        for (const Diagnostic &d : ofSeverity(*o.result, Diagnostic::Severity::Error))
            places << QStringLiteral("%1:%2").arg(d.file).arg(d.line);
        QCOMPARE(places, (QStringList{QStringLiteral("main.py:3"), QStringLiteral("os.py:1")}));
    }

    void fileTooLargeToCheckStopsTheRun()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QFile big(dir.filePath(QStringLiteral("helper.py")));
        QVERIFY(big.open(QIODevice::WriteOnly));
        big.write(QByteArray(4'500'000, '#') + "\nimport os\nNAME = 'helper'\n");
        big.close();
        RunRequest request = policed(QStringLiteral("imports_helper.py"));
        request.inputFiles << InputFile{big.fileName(), QStringLiteral("helper.py")};
        verifyUnchecked(run(request), QStringLiteral("helper.py is larger than 4 MB"));
    }

    void attachedDataFileLargerThanTheChecksOwnLimitsStillRuns()
    {
        // A learner's 3 MB data file, as the program may have it: the check before the run
        // must not be the thing that cannot copy it in.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QFile data(dir.filePath(QStringLiteral("data.csv")));
        QVERIFY(data.open(QIODevice::WriteOnly));
        for (int i = 0; i < 300'000; ++i)
            data.write("1,2,3,4\n");
        data.close();
        RunRequest request = pythonRequest("import math\nprint('ran', len(open('data.csv').read().splitlines()))\n");
        request.importPolicy = teachersPolicy();
        request.inputFiles << InputFile{data.fileName(), QStringLiteral("data.csv")};
        const Outcome o = run(request);
        QVERIFY2(o.result, why(o));
        QCOMPARE(o.result->stage, RunStage::Run);
        QVERIFY(!o.result->policyUnchecked);
        QCOMPARE(o.liveStdout, QByteArray("ran 300000\n"));
    }

    void tooManyFilesToCheckStopsTheRun()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("pkg")));
        QStringList names;
        for (int i = 0; i <= 500; ++i) {
            names << QStringLiteral("m%1").arg(i);
            QFile module(dir.filePath(QStringLiteral("pkg/%1.py").arg(names.last())));
            QVERIFY(module.open(QIODevice::WriteOnly));
        }
        QFile init(dir.filePath(QStringLiteral("pkg/__init__.py")));
        QVERIFY(init.open(QIODevice::WriteOnly));
        RunRequest request
            = pythonRequest("from pkg import " + names.join(QLatin1Char(',')).toUtf8() + "\nimport os\nprint('ran')\n");
        request.importPolicy = teachersPolicy();
        request.inputFiles << InputFile{dir.filePath(QStringLiteral("pkg")), QStringLiteral("pkg")};
        verifyUnchecked(run(request), QStringLiteral("more than 500 files"));
    }

    void noPolicyNoCheck()
    {
        RunRequest request = pythonRequest(fixture(QStringLiteral("policy/imports_os.py")));
        const Outcome o = run(request);
        QVERIFY2(o.result, why(o));
        QCOMPARE(o.result->stage, RunStage::Run);
        QCOMPARE(o.liveStdout, QByteArray("ran 2\n"));
        QVERIFY(o.result->diagnostics.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestImportCheck)
#include "tst_importcheck.moc"
