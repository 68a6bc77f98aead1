// The headline a learner reads first after a run: what happened, from the error the
// diagnostics parser found in the program's real output, never "Finished … exit code 1".

#include "model/diagnosticparser.h"
#include "model/killdetail.h"

#include <QTest>

using namespace Sandpit::Core;

namespace {
RunResult ended(RunStage stage, int exitCode, const QString &format, const QString &file, const QByteArray &stderrText)
{
    RunResult result;
    result.stage = stage;
    result.exitCode = exitCode;
    result.diagnostics = DiagnosticParser({format}, {{file, QByteArray()}}).parse(stderrText);
    return result;
}
} // namespace

class TestResultHeadline : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aRuntimeErrorNamesTheErrorAndItsLine_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QByteArray>("stderrText");
        QTest::addColumn<QString>("headline");
        QTest::newRow("python") << "python"
                                << "untitled.py"
                                << QByteArray("Traceback (most recent call last):\n"
                                              "  File \"/work/untitled.py\", line 4, in <module>\n"
                                              "    print(names[i])\n"
                                              "          ~~~~~^^^\n"
                                              "IndexError: list index out of range\n")
                                << "The program stopped with an error: IndexError: list index out of range, line 4";
        // Python's message names a line of its own: the error's is said apart from it, not as
        // "…on line 1, line 2".
        QTest::newRow("python, a message with a line")
            << "python"
            << "indent.py"
            << QByteArray("  File \"/work/indent.py\", line 2\n    print(\"hi\")\n    ^\n"
                          "IndentationError: expected an indented block after function definition on line 1\n")
            << "The program stopped with an error: IndentationError: expected an indented block after function "
               "definition on line 1; the error is at line 2";
        QTest::newRow("python, a message with its own line")
            << "python"
            << "quote.py"
            << QByteArray("  File \"/work/quote.py\", line 1\n    print(\"hi)\n          ^\n"
                          "SyntaxError: unterminated string literal (detected at line 1)\n")
            << "The program stopped with an error: SyntaxError: unterminated string literal (detected at line 1)";
        // "line 7" in a program's own message is its words, not Python's: the error's line is
        // still said.
        QTest::newRow("python, a program's message with a line in it")
            << "python"
            << "check.py"
            << QByteArray("Traceback (most recent call last):\n  File \"/work/check.py\", line 7, in <module>\n"
                          "    raise ValueError(\"bad line 7\")\nValueError: bad line 7\n")
            << "The program stopped with an error: ValueError: bad line 7, line 7";
        QTest::newRow("node")
            << "node"
            << "main.js"
            << QByteArray("/work/main.js:2\n    return value.length / 2;\n                 ^\n\n"
                          "TypeError: Cannot read properties of null (reading 'length')\n"
                          "    at half (/work/main.js:2:18)\n\nNode.js v20.20.2\n")
            << "The program stopped with an error: TypeError: Cannot read properties of null (reading "
               "'length'), line 2";
        QTest::newRow("java") << "java"
                              << "Main.java"
                              << QByteArray("Exception in thread \"main\" java.lang.ArithmeticException: / by zero\n"
                                            "\tat Main.divide(Main.java:3)\n\tat Main.main(Main.java:7)\n")
                              << "The program stopped with an error: java.lang.ArithmeticException: / by zero, line 3";
        QTest::newRow("rust") << "rustc"
                              << "main.rs"
                              << QByteArray("thread 'main' panicked at main.rs:4:20:\nindex out of bounds\n")
                              << "The program stopped with an error: panicked: index out of bounds, line 4";
    }
    void aRuntimeErrorNamesTheErrorAndItsLine()
    {
        QFETCH(QString, format);
        QFETCH(QString, file);
        QFETCH(QByteArray, stderrText);
        QFETCH(QString, headline);
        QCOMPARE(resultHeadline(ended(RunStage::Run, 1, format, file, stderrText)), headline);
    }

    void aCompileFailureSaysItDidNotCompileAndWhere()
    {
        const RunResult result = ended(RunStage::Compile, 1, QStringLiteral("rustc"), QStringLiteral("main.rs"),
                                       "warning: unused variable: `spare`\n --> main.rs:4:9\n  |\n"
                                       "error[E0308]: mismatched types\n --> main.rs:2:23\n  |\n"
                                       "error: aborting due to previous error; 1 warning emitted\n");
        // The first error, not the warning before it.
        QCOMPARE(resultHeadline(result), QStringLiteral("Did not compile: mismatched types, line 2"));
        QVERIFY(!describeEnd(result, Limits{}).contains(QStringLiteral("finished")));
    }

    // -- issue 22: packages --
    void aFailedPackageInstallSaysSoAndThatTheProgramDidNotRun()
    {
        RunResult result;
        result.stage = RunStage::Setup;
        result.exitCode = 1;
        result.diagnostics << Diagnostic{{}, 0, 0, Diagnostic::Severity::Error, QStringLiteral("`x` is not there.")};
        QCOMPARE(resultTitle(result), QStringLiteral("Packages not installed"));
        QCOMPARE(resultHeadline(result), QStringLiteral("Packages not installed: `x` is not there."));
        QCOMPARE(describeEnd(result, Limits{}),
                 QStringLiteral("The package install failed (exit code 1), so the program did not run."));
        result.killReason = KillReason::Timeout;
        Limits setup;
        setup.wallTimeMs = 120'000;
        QCOMPARE(resultTitle(result).left(25), QStringLiteral("Package install stopped: "));
        QCOMPARE(describeEnd(result, setup),
                 QStringLiteral("The package install was still running after the setup step's time limit of 120 s, "
                                "so Sandpit stopped it and every process it started. The program did not run."));
    }

    void anExitCodeWithoutAnErrorIsToldPlainly()
    {
        const RunResult result
            = ended(RunStage::Run, 3, QStringLiteral("python"), QStringLiteral("main.py"), "no such file\n");
        QCOMPARE(resultHeadline(result), QStringLiteral("The program ended with exit code 3"));
        QCOMPARE(describeEnd(result, Limits{}),
                 QStringLiteral("The program ended with exit code 3, which usually means it reported an error."));
    }

    void aCleanRunAndAStoppedRunKeepTheirWords()
    {
        QCOMPARE(resultHeadline(ended(RunStage::Run, 0, QStringLiteral("python"), QStringLiteral("main.py"), {})),
                 QStringLiteral("The program finished normally"));
        RunResult stopped;
        stopped.killReason = KillReason::Timeout;
        QCOMPARE(resultHeadline(stopped), resultTitle(stopped));
    }
};

QTEST_GUILESS_MAIN(TestResultHeadline)
#include "tst_resultheadline.moc"
