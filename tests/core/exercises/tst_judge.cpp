// Every verdict a learner can be given, from runs made by hand as the engine reports them, and
// how outputs are shown: a diff where whitespace is visible, and output clipped, never cut.
#include "exercises/judge.h"
#include "policy/policyjob.h"
#include "support/testfiles.h"

#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace Sandpit::Core;
using SandpitTest::writeFile;
using SandpitTest::writeInto;

namespace {
ExerciseTest sumTest()
{
    ExerciseTest test;
    test.name = QStringLiteral("small numbers");
    test.stdinData = "2\n3\n";
    test.expectedStdout = QByteArray("5\n");
    test.points = 2;
    test.hint = QStringLiteral("What is 2 + 3?");
    return test;
}

RunResult endedWith(int exitCode, const QByteArray &stdoutData = {})
{
    RunResult run;
    run.exitCode = exitCode;
    run.stdoutData = stdoutData;
    run.wallMs = 40;
    run.cpuMs = 30;
    run.peakMemoryBytes = 9 << 20;
    return run;
}

RunResult killed(KillReason reason, const QString &detail = {})
{
    RunResult run;
    run.killReason = reason;
    run.killDetail = detail;
    if (reason == KillReason::Signal)
        run.signal = SIGSEGV;
    return run;
}

TestOutcome judged(const RunResult &run, const ExerciseTest &test = sumTest(), const QString &outputFolder = {})
{
    return judgeTest(Exercise{}, test, run, std::nullopt, outputFolder);
}
} // namespace

class TestJudge : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void passed()
    {
        const TestOutcome outcome = judged(endedWith(0, "5\n"));
        QCOMPARE(outcome.verdict, Verdict::Passed);
        QCOMPARE(outcome.points, 2);
        QCOMPARE(outcome.maxPoints, 2);
        QVERIFY(outcome.hint.isEmpty());
        QCOMPARE(outcome.wallMs, 40);
        QCOMPARE(outcome.peakMemoryBytes, qint64(9 << 20));
    }

    void wrongAnswerHasADiffAndTheHint()
    {
        const TestOutcome outcome = judged(endedWith(0, "6\n"));
        QCOMPARE(outcome.verdict, Verdict::WrongAnswer);
        QCOMPARE(outcome.points, 0);
        QCOMPARE(outcome.hint, QStringLiteral("What is 2 + 3?"));
        QVERIFY2(outcome.explanation.contains(QStringLiteral("it printed “6”")), qPrintable(outcome.explanation));
        QVERIFY2(outcome.diff.contains(QStringLiteral("- 5¶")), qPrintable(outcome.diff));
        QVERIFY(outcome.diff.contains(QStringLiteral("+ 6¶")));
        QVERIFY(outcome.countsAgainstLearner());
    }

    void onlyWhitespaceDiffersUnderExact()
    {
        ExerciseTest test = sumTest();
        test.checker = CheckerSpec{};
        test.checker->kind = CheckerKind::Exact;
        const TestOutcome outcome = judged(endedWith(0, "5"), test);
        QCOMPARE(outcome.verdict, Verdict::WhitespaceOnly);
        QVERIFY(outcome.explanation.contains(QStringLiteral("does not forgive")));
        // The missing final newline shows in the diff.
        QVERIFY2(outcome.diff.contains(QStringLiteral("(no newline at end)")), qPrintable(outcome.diff));
        QVERIFY(outcome.diff.contains(QStringLiteral("- 5¶")));
    }

    void onlyWhitespaceDiffersAndIsForgiven()
    {
        const TestOutcome outcome = judged(endedWith(0, "5   \r\n\n"));
        QCOMPARE(outcome.verdict, Verdict::Passed);
        QVERIFY2(outcome.explanation.contains(QStringLiteral("Only whitespace differs")),
                 qPrintable(outcome.explanation));
        QVERIFY(outcome.explanation.contains(QStringLiteral("forgives")));
    }

    void limits_data()
    {
        QTest::addColumn<int>("reason");
        QTest::addColumn<int>("verdict");
        QTest::newRow("timeout") << int(KillReason::Timeout) << int(Verdict::TimeLimit);
        QTest::newRow("cpu time") << int(KillReason::CpuTime) << int(Verdict::TimeLimit);
        QTest::newRow("memory") << int(KillReason::Memory) << int(Verdict::MemoryLimit);
        QTest::newRow("output") << int(KillReason::OutputLimit) << int(Verdict::OutputLimit);
        QTest::newRow("file size") << int(KillReason::FileSize) << int(Verdict::OutputLimit);
        QTest::newRow("blocked") << int(KillReason::BlockedSyscall) << int(Verdict::BlockedSystemCall);
        QTest::newRow("processes") << int(KillReason::ProcessLimit) << int(Verdict::RuntimeError);
        QTest::newRow("stopped") << int(KillReason::Cancelled) << int(Verdict::Stopped);
    }
    void limits()
    {
        QFETCH(int, reason);
        QFETCH(int, verdict);
        const QString detail = QStringLiteral("The engine's own sentence.");
        const TestOutcome outcome = judged(killed(KillReason(reason), detail));
        QCOMPARE(outcome.verdict, Verdict(verdict));
        QCOMPARE(outcome.killReason, KillReason(reason));
        QCOMPARE(outcome.points, 0);
        if (Verdict(verdict) != Verdict::RuntimeError)
            QCOMPARE(outcome.explanation, detail);
        QCOMPARE(outcome.hint.isEmpty(), Verdict(verdict) == Verdict::Stopped);
    }

    void memoryErrorUnderTheLimit()
    {
        RunResult run = endedWith(1);
        run.limitsReached = {QStringLiteral("memory")};
        run.stderrData = "MemoryError\n";
        const TestOutcome outcome = judged(run);
        QCOMPARE(outcome.verdict, Verdict::MemoryLimit);
        QCOMPARE(outcome.limitsReached, QStringList{QStringLiteral("memory")});
    }

    void runtimeErrorNamesTheLine()
    {
        RunResult run = endedWith(1);
        run.stderrData = "Traceback...\nZeroDivisionError: division by zero\n";
        run.diagnostics = {Diagnostic{QStringLiteral("sum.py"), 3, 0, Diagnostic::Severity::Error,
                                      QStringLiteral("ZeroDivisionError: division by zero")}};
        const TestOutcome outcome = judged(run);
        QCOMPARE(outcome.verdict, Verdict::RuntimeError);
        QVERIFY2(outcome.explanation.contains(QStringLiteral("Line 3 of sum.py: ZeroDivisionError")),
                 qPrintable(outcome.explanation));
        QCOMPARE(outcome.diagnostics.size(), 1);
    }

    void crashSaysTheSignalInWords()
    {
        const TestOutcome outcome = judged(killed(KillReason::Signal));
        QCOMPARE(outcome.verdict, Verdict::RuntimeError);
        QVERIFY2(outcome.explanation.contains(QStringLiteral("segmentation fault")), qPrintable(outcome.explanation));
    }

    void blockedImportIsNotRunWithThePolicysSentence()
    {
        RunResult run = endedWith(1);
        run.stage = RunStage::Policy;
        run.killDetail = QStringLiteral("The program did not run: it imports a module this exercise's import policy "
                                        "blocks (main.py line 3).");
        const TestOutcome outcome = judged(run);
        QCOMPARE(outcome.verdict, Verdict::CompileError);
        QCOMPARE(outcome.explanation, run.killDetail);
    }

    void importCheckThatCouldNotFinishIsTheCheckersError_data()
    {
        QTest::addColumn<QByteArray>("report");
        QTest::addColumn<QString>("said");
        QTest::newRow("incomplete") << QByteArray(R"({"incomplete":"main.py is larger than 4 MB"})"
                                                  "\n")
                                    << QStringLiteral("main.py is larger than 4 MB");
        QTest::newRow("malformed") << QByteArray("not a report\n") << QStringLiteral("not a JSON object");
        QTest::newRow("cut") << QByteArray() << QStringLiteral("ended early");
    }

    void importCheckThatCouldNotFinishIsTheCheckersError()
    {
        QFETCH(QByteArray, report);
        QFETCH(QString, said);
        const ImportPolicy blocksOs{{}, {QStringLiteral("os")}};
        const RunResult ended = PolicyJob::judge(endedWith(0, report), blocksOs);
        QCOMPARE(ended.stage, RunStage::Policy);
        const TestOutcome outcome = judged(ended);
        QCOMPARE(outcome.verdict, Verdict::CheckerError);
        QVERIFY(!outcome.countsAgainstLearner());
        QVERIFY2(outcome.explanation.contains(QStringLiteral("could not check")), qPrintable(outcome.explanation));
        QVERIFY2(outcome.explanation.contains(said), qPrintable(outcome.explanation));
    }

    void stopDuringCompileOrImportCheckIsStoppedNotACompileError_data()
    {
        QTest::addColumn<RunStage>("stage");
        QTest::newRow("compile") << RunStage::Compile;
        QTest::newRow("import check") << RunStage::Policy;
    }

    void stopDuringCompileOrImportCheckIsStoppedNotACompileError()
    {
        QFETCH(RunStage, stage);
        RunResult run = killed(KillReason::Cancelled);
        run.stage = stage;
        const TestOutcome outcome = judged(run);
        QCOMPARE(outcome.verdict, Verdict::Stopped);
        QVERIFY(!outcome.countsAgainstLearner());
    }

    void importCheckThatBlocksIsACompileError()
    {
        const QByteArray report = R"({"import":"os","names":[],"file":"main.py","line":3,"column":1,"how":"import"})"
                                  "\n"
                                  R"({"end":1})"
                                  "\n";
        const RunResult ended = PolicyJob::judge(endedWith(0, report), ImportPolicy{{}, {QStringLiteral("os")}});
        const TestOutcome outcome = judged(ended);
        QCOMPARE(outcome.verdict, Verdict::CompileError);
        QVERIFY(outcome.countsAgainstLearner());
        QVERIFY2(outcome.explanation.contains(QStringLiteral("main.py line 3")), qPrintable(outcome.explanation));
    }

    void compileErrorKeepsItsDiagnostics()
    {
        RunResult run = endedWith(1);
        run.stage = RunStage::Compile;
        run.diagnostics = {Diagnostic{QStringLiteral("sum.c"), 4, 5, Diagnostic::Severity::Error,
                                      QStringLiteral("expected ';' before 'return'")}};
        const TestOutcome outcome = judged(run);
        QCOMPARE(outcome.verdict, Verdict::CompileError);
        QVERIFY(outcome.explanation.contains(QStringLiteral("Line 4 of sum.c")));
        QCOMPARE(outcome.diagnostics.first().column, 5);
    }

    void aPatternNeedsNoExpectedOutput()
    {
        ExerciseTest greet = sumTest();
        greet.expectedStdout.reset();
        greet.checker = CheckerSpec{};
        greet.checker->kind = CheckerKind::Regex;
        greet.checker->pattern = QStringLiteral("(Hello|Hi), Ada!");
        QCOMPARE(judged(endedWith(0, "Hi, Ada!\n"), greet).verdict, Verdict::Passed);
        QCOMPARE(judged(endedWith(0, "Hello, Ada\n"), greet).verdict, Verdict::WrongAnswer);
    }

    void aHiddenTestKeepsWhatItExpects_data()
    {
        QTest::addColumn<Visibility>("visibility");
        QTest::newRow("hidden") << Visibility::Hidden;
        QTest::newRow("secret, as a hidden one") << Visibility::Secret;
    }

    void aHiddenTestKeepsWhatItExpects()
    {
        QFETCH(Visibility, visibility);
        ExerciseTest hidden = sumTest();
        hidden.visibility = visibility;
        hidden.expectedStdout = QByteArray("70.7\n");
        const TestOutcome outcome = judged(endedWith(0, "71\n"), hidden);
        QCOMPARE(outcome.verdict, Verdict::WrongAnswer);
        QCOMPARE(outcome.visibility, visibility);
        for (const QString &shown : {outcome.explanation, outcome.diff, QString::fromUtf8(outcome.expectedStdout),
                                     QString::fromUtf8(outcome.stdinData)})
            QVERIFY2(!shown.contains(QStringLiteral("70.7")) && !shown.contains(QStringLiteral("2\n3")),
                     qPrintable(shown));
        QVERIFY(outcome.explanation.contains(QStringLiteral("hidden test")));
        QCOMPARE(outcome.hint, QStringLiteral("What is 2 + 3?"));
        // What the learner's own code did is still said: the line of a crash.
        RunResult crash = endedWith(1);
        crash.diagnostics = {Diagnostic{QStringLiteral("sum.py"), 3, 0, Diagnostic::Severity::Error,
                                        QStringLiteral("NameError: name 'c' is not defined")}};
        QVERIFY(judged(crash, hidden).explanation.contains(QStringLiteral("Line 3 of sum.py")));
    }

    void aPatternsRejectionHasNoDiff()
    {
        ExerciseTest greet = sumTest();
        greet.expectedStdout.reset();
        greet.checker = CheckerSpec{};
        greet.checker->kind = CheckerKind::Contains;
        greet.checker->pattern = QStringLiteral("heat");
        const TestOutcome outcome = judged(endedWith(0, "cool\n"), greet);
        QCOMPARE(outcome.verdict, Verdict::WrongAnswer);
        QVERIFY(outcome.diff.isEmpty());
    }

    void aCrashAfterARefusedAllocationIsTheMemoryLimit()
    {
        RunResult run = killed(KillReason::Signal);
        run.limitsReached = {QStringLiteral("memory")};
        QCOMPARE(judged(run).verdict, Verdict::MemoryLimit);
        RunResult full = endedWith(1);
        full.limitsReached = {QStringLiteral("file-size")};
        QCOMPARE(judged(full).verdict, Verdict::OutputLimit);
    }

    void wrongExitCodeIsAWrongAnswer()
    {
        ExerciseTest test = sumTest();
        test.expectedExitCode = 3;
        const TestOutcome outcome = judged(endedWith(0, "5\n"), test);
        QCOMPARE(outcome.verdict, Verdict::WrongAnswer);
        QVERIFY(outcome.explanation.contains(QStringLiteral("exit code 0, where this test expects exit code 3")));
        QCOMPARE(judged(endedWith(3, "5\n"), test).verdict, Verdict::Passed);
    }

    void checkerProgramVerdicts()
    {
        QTemporaryDir feedback;
        writeInto(feedback, QStringLiteral("judgemessage.txt"), "The pair does not add up to 10.\n");

        const CheckerVerdict rejected = kattisOutcome(endedWith(43), feedback.path());
        QCOMPARE(rejected.result, CheckerVerdict::Result::Rejected);
        QCOMPARE(rejected.message, QStringLiteral("The pair does not add up to 10."));
        ExerciseTest pairTest = sumTest();
        pairTest.checker = CheckerSpec{};
        pairTest.checker->kind = CheckerKind::Program;
        const TestOutcome wrong = judgeTest(Exercise{}, pairTest, endedWith(0, "3 4\n"), rejected, {});
        QCOMPARE(wrong.verdict, Verdict::WrongAnswer);
        QCOMPARE(wrong.checkerFeedback, QStringLiteral("The pair does not add up to 10."));

        QCOMPARE(kattisOutcome(endedWith(42), feedback.path()).result, CheckerVerdict::Result::Accepted);
        const CheckerVerdict crashed = kattisOutcome(endedWith(1), feedback.path());
        QCOMPARE(crashed.result, CheckerVerdict::Result::CheckerError);
        QVERIFY(crashed.message.contains(QStringLiteral("42 accepts")));
        const CheckerVerdict hung = kattisOutcome(killed(KillReason::Timeout), feedback.path());
        QCOMPARE(hung.result, CheckerVerdict::Result::CheckerError);

        const TestOutcome checkerError = judgeTest(Exercise{}, sumTest(), endedWith(0, "5\n"), hung, {});
        QCOMPARE(checkerError.verdict, Verdict::CheckerError);
        QVERIFY(!checkerError.countsAgainstLearner());
        QVERIFY(checkerError.hint.isEmpty());
    }

    void expectedFiles()
    {
        QTemporaryDir pack;
        QTemporaryDir output;
        const auto write = [](const QString &path, const QByteArray &data) { QVERIFY(writeFile(path, data)); };
        write(pack.filePath(QStringLiteral("result.txt")), "total 12\n");
        ExerciseTest test = sumTest();
        test.expectedStdout.reset();
        test.expectedFiles
            = {ExpectedFile{QStringLiteral("result.txt"), pack.filePath(QStringLiteral("result.txt")), 0},
               ExpectedFile{QStringLiteral("plot.png"), {}, 1000}};

        const TestOutcome missing = judged(endedWith(0), test, output.path());
        QCOMPARE(missing.verdict, Verdict::WrongAnswer);
        QVERIFY(missing.explanation.contains(QStringLiteral("did not write output/result.txt")));

        write(output.filePath(QStringLiteral("result.txt")), "total 13\n");
        const TestOutcome differs = judged(endedWith(0), test, output.path());
        QCOMPARE(differs.verdict, Verdict::WrongAnswer);
        QVERIFY2(differs.explanation.contains(QStringLiteral("output/result.txt is not what")),
                 qPrintable(differs.explanation));
        QVERIFY(differs.diff.contains(QStringLiteral("+ total·13¶")));

        write(output.filePath(QStringLiteral("result.txt")), "total 12\n");
        write(output.filePath(QStringLiteral("plot.png")), QByteArray(10, 'x'));
        const TestOutcome small = judged(endedWith(0), test, output.path());
        QVERIFY2(small.explanation.contains(QStringLiteral("has 10 bytes; this test expects at least 1000")),
                 qPrintable(small.explanation));

        write(output.filePath(QStringLiteral("plot.png")), QByteArray(2000, 'x'));
        QCOMPARE(judged(endedWith(0), test, output.path()).verdict, Verdict::Passed);
    }

    void notRunKeepsTheTestsPoints()
    {
        const TestOutcome outcome = notRunTest(sumTest(), Verdict::Stopped, QStringLiteral("You stopped the check."));
        QCOMPARE(outcome.verdict, Verdict::Stopped);
        QCOMPARE(outcome.maxPoints, 2);
        QCOMPARE(outcome.stdinData, QByteArray("2\n3\n"));
        QVERIFY(!outcome.countsAgainstLearner());
    }

    void longOutputIsClippedNeverCut()
    {
        QByteArray big = QByteArray(100'000, 'a') + "é" + QByteArray(100'000, 'b');
        const QByteArray clipped = clipForShow(big, 1000);
        QVERIFY(clipped.size() < 1100);
        QVERIFY(clipped.startsWith(QByteArray(500, 'a')));
        QVERIFY(clipped.endsWith(QByteArray(500, 'b')));
        const qsizetype hidden = big.size() - 1000;
        QVERIFY2(clipped.contains("… " + QByteArray::number(hidden) + " bytes not shown"),
                 clipped.mid(480, 80).constData());
        // Cut between characters, never inside one.
        const QByteArray accents = QByteArray("é").repeated(1000);
        const QByteArray clippedAccents = clipForShow(accents, 101);
        QVERIFY(QString::fromUtf8(clippedAccents).toUtf8() == clippedAccents);
        QCOMPARE(clipForShow("short", 1000), QByteArray("short"));
    }

    void diffOfAHugeOutputStaysShort()
    {
        QByteArray expected;
        for (int i = 0; i < 200'000; ++i)
            expected += QByteArray::number(i) + '\n';
        QByteArray actual = expected;
        actual.replace("150000\n", "150001\n");
        const QString diff = visibleDiff(expected, actual);
        QVERIFY(diff.size() < 2000);
        QVERIFY(diff.contains(QStringLiteral("- 150000¶")));
        QVERIFY(diff.contains(QStringLiteral("+ 150001¶")));
        QVERIFY(diff.contains(QStringLiteral("equal lines not shown")));

        const QByteArray longLine(10 * 1024 * 1024, 'x');
        const QString lineDiff = visibleDiff("x\n", longLine);
        QVERIFY(lineDiff.size() < 5000);
        QVERIFY(lineDiff.contains(QStringLiteral("more characters not shown")));
    }

    void verdictWordsRoundTrip()
    {
        for (int v = 0; v <= int(Verdict::Stopped); ++v) {
            QCOMPARE(verdictFromId(verdictId(Verdict(v))), Verdict(v));
            QVERIFY(!verdictTitle(Verdict(v)).isEmpty());
        }
        QCOMPARE(verdictId(Verdict::WrongAnswer), QStringLiteral("wrong-answer"));
        QCOMPARE(verdictFromId(u"no-such"), std::nullopt);
    }
};

QTEST_GUILESS_MAIN(TestJudge)
#include "tst_judge.moc"
