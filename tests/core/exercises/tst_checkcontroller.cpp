// A Check of real programs on a real backend (the local sandbox, or Docker in
// tst_checkcontroller_docker): every verdict a learner can get, harness and checker programs,
// expected files, per-test limits and Stop. Programs and packs: tests/fixtures/packs/runner.

#include "support/checkharness.h"
#include "support/loopbackserver.h"

using namespace Sandpit::Core;
using namespace SandpitTest;

namespace {
std::vector<std::unique_ptr<Backend>> checkBackends()
{
    std::vector<std::unique_ptr<Backend>> backends;
    if (!kDocker)
        return makeBackends(LanguageRegistry::builtIn(), EngineSettings{}, RunsExpected::Series);
    DockerBackend::Config config;
    config.environment = QProcessEnvironment::systemEnvironment();
    config.environment.insert(QStringLiteral("SANDPIT_DOCKER_IMAGE_PYTHON"),
                              QStringLiteral("sandpit-offline/python:3.11"));
    config.environment.insert(QStringLiteral("SANDPIT_DOCKER_IMAGE_C"), QStringLiteral("sandpit-offline/gcc:12"));
    backends.push_back(std::make_unique<DockerBackend>(LanguageRegistry::builtIn(), std::move(config)));
    return backends;
}
} // namespace

class TestCheckController : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init() { m_controller = std::make_unique<CheckController>(checkBackends()); }
    void cleanup() { m_controller.reset(); }

    void solutionPassesEveryTestInOrder_data();
    void solutionPassesEveryTestInOrder();
    void aHiddenWrongAnswerShowsItsHintOnly();
    void timeLimit();
    void memoryLimit();
    void runtimeError();
    void compileErrorIsCompiledOnce();
    void harnessInPython();
    void harnessInC();
    void checkerProgramAccepts();
    void checkerProgramRejectsWithItsMessage();
    void crashingCheckerIsTheExercisesFault();
    void hangingCheckerIsStoppedByItsOwnLimit();
    void expectedOutputFile();
    void testLimitsOverrideTheExercises();
    void stopMidCheck();
    void startReplacesTheRunningCheck();
    void missingLearnerFileFailsTheCheck();
    void onlyTheTestsAskedFor();
    void aLearnersCheckNeverRunsSecretTests();
    void blockedImportFailsEveryTestUnrun();
    void theExercisesPolicyReplacesTheSettings();
    void theExercisesHostsAreReachableAndNoOthers();

private:
    CheckOutcome check(const QString &exercise, const QString &language, const QString &program)
    {
        return checkToEnd(*m_controller, runnerCheck(exercise, language, program));
    }
    std::unique_ptr<CheckController> m_controller;
};

void TestCheckController::solutionPassesEveryTestInOrder_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("program");
    QTest::newRow("python") << QStringLiteral("python") << QStringLiteral("solution/sum.py");
    QTest::newRow("c") << QStringLiteral("c") << QStringLiteral("solution/sum.c");
}

void TestCheckController::solutionPassesEveryTestInOrder()
{
    QFETCH(QString, language);
    QFETCH(QString, program);
    const CheckOutcome o = check(QStringLiteral("sum"), language, program);
    QVERIFY(o.report);
    const QStringList names{QStringLiteral("small numbers"), QStringLiteral("negative numbers"),
                            QStringLiteral("large numbers")};
    QCOMPARE(o.started, names);
    QCOMPARE(o.verdicts(), (QStringList{QStringLiteral("passed"), QStringLiteral("passed"), QStringLiteral("passed")}));
    QVERIFY(o.report->allPassed());
    QCOMPARE(o.report->score, 4);
    QCOMPARE(o.report->maxScore, 4);
    QCOMPARE(o.report->backend, kDocker ? QStringLiteral("docker") : QStringLiteral("local"));
    QCOMPARE(o.report->exerciseId, QStringLiteral("sum"));
    QCOMPARE(o.finished.at(2).visibility, Visibility::Hidden);
    QVERIFY(o.finished.at(0).wallMs > 0);
}

void TestCheckController::aHiddenWrongAnswerShowsItsHintOnly()
{
    const CheckOutcome o
        = check(QStringLiteral("sum"), QStringLiteral("python"), QStringLiteral("wrong/off_by_one_when_large.py"));
    QVERIFY(o.report);
    QCOMPARE(o.verdicts(),
             (QStringList{QStringLiteral("passed"), QStringLiteral("passed"), QStringLiteral("wrong-answer")}));
    const TestOutcome &large = o.finished.at(2);
    // A hidden test: its verdict and hint, never what it printed or expected.
    QVERIFY(large.actualStdout.isEmpty());
    QVERIFY(large.diff.isEmpty());
    QVERIFY(!large.explanation.contains(QStringLiteral("3000000")));
    QCOMPARE(large.hint, QStringLiteral("Big numbers add like small ones."));
    QCOMPARE(large.points, 0);
    QCOMPARE(o.report->score, 2);
    QVERIFY(!o.report->allPassed());
}

void TestCheckController::timeLimit()
{
    const CheckOutcome o
        = check(QStringLiteral("sum"), QStringLiteral("python"), QStringLiteral("wrong/spins_forever.py"));
    QVERIFY(o.report);
    QCOMPARE(o.finished.at(0).verdict, Verdict::TimeLimit);
    QCOMPARE(o.finished.at(0).killReason, KillReason::Timeout);
    // The exercise's three seconds, not the engine's default ten.
    QVERIFY2(o.finished.at(0).wallMs < 8000, qPrintable(QString::number(o.finished.at(0).wallMs)));
    QCOMPARE(o.report->score, 0);
}

void TestCheckController::memoryLimit()
{
    const CheckOutcome o
        = check(QStringLiteral("sum"), QStringLiteral("python"), QStringLiteral("wrong/eats_memory.py"));
    QVERIFY(o.report);
    const TestOutcome &first = o.finished.at(0);
    QVERIFY2(first.verdict == Verdict::MemoryLimit, qPrintable(verdictId(first.verdict) + first.explanation));
    QCOMPARE(first.killReason, KillReason::Memory);
}

void TestCheckController::runtimeError()
{
    const CheckOutcome o
        = check(QStringLiteral("sum"), QStringLiteral("python"), QStringLiteral("wrong/divides_by_zero.py"));
    QVERIFY(o.report);
    const TestOutcome &first = o.finished.at(0);
    QCOMPARE(first.verdict, Verdict::RuntimeError);
    QCOMPARE(first.exitCode, 1);
    QVERIFY(first.actualStderr.contains("ZeroDivisionError"));
}

void TestCheckController::compileErrorIsCompiledOnce()
{
    const CheckOutcome o
        = check(QStringLiteral("sum"), QStringLiteral("c"), QStringLiteral("wrong/missing_semicolon.c"));
    QVERIFY(o.report);
    QCOMPARE(o.verdicts(),
             (QStringList{QStringLiteral("compile-error"), QStringLiteral("compile-error"),
                          QStringLiteral("compile-error")}));
    QVERIFY(!o.finished.at(0).diagnostics.isEmpty());
    QCOMPARE(o.finished.at(0).diagnostics.first().line, 6); // the line after the missing ';'
    // The later tests share the first one's compile, and say so.
    QCOMPARE(o.finished.at(2).diagnostics, o.finished.at(0).diagnostics);
    QVERIFY2(o.finished.at(2).explanation.contains(QStringLiteral("Not compiled again")),
             qPrintable(o.finished.at(2).explanation));
    QCOMPARE(o.finished.at(2).testName, QStringLiteral("large numbers"));
    QCOMPARE(o.finished.at(2).maxPoints, 2);
}

void TestCheckController::harnessInPython()
{
    CheckOutcome o = check(QStringLiteral("add"), QStringLiteral("python"), QStringLiteral("solution/add.py"));
    QVERIFY(o.report);
    QCOMPARE(o.verdicts(), (QStringList{QStringLiteral("passed"), QStringLiteral("passed")}));
    QCOMPARE(o.finished.at(0).actualStdout, QByteArray("add(1, 2) = 3\nadd(10, -3) = 7\n"));
    o = check(QStringLiteral("add"), QStringLiteral("python"), QStringLiteral("wrong/subtracts.py"));
    QVERIFY(o.report);
    QCOMPARE(o.finished.at(0).verdict, Verdict::WrongAnswer);
    QCOMPARE(o.finished.at(0).actualStdout, QByteArray("add(1, 2) = -1\nadd(10, -3) = 13\n"));
}

void TestCheckController::harnessInC()
{
    CheckOutcome o = check(QStringLiteral("add"), QStringLiteral("c"), QStringLiteral("solution/add.c"));
    QVERIFY(o.report);
    QCOMPARE(o.verdicts(), (QStringList{QStringLiteral("passed"), QStringLiteral("passed")}));
    o = check(QStringLiteral("add"), QStringLiteral("c"), QStringLiteral("wrong/subtracts.c"));
    QVERIFY(o.report);
    QCOMPARE(o.finished.at(0).verdict, Verdict::WrongAnswer);
    QCOMPARE(o.finished.at(0).actualStdout, QByteArray("add(1, 2) = -1\nadd(10, -3) = 13\n"));
}

void TestCheckController::checkerProgramAccepts()
{
    // "Even" and "ODD" differ from the expected "even" and "odd": only the checker accepts them.
    const CheckOutcome o
        = check(QStringLiteral("parity"), QStringLiteral("python"), QStringLiteral("solution/parity.py"));
    QVERIFY(o.report);
    QCOMPARE(o.verdicts(), (QStringList{QStringLiteral("passed"), QStringLiteral("passed")}));
    QCOMPARE(o.finished.at(1).actualStdout, QByteArray("ODD\n"));
}

void TestCheckController::checkerProgramRejectsWithItsMessage()
{
    const CheckOutcome o
        = check(QStringLiteral("parity"), QStringLiteral("python"), QStringLiteral("wrong/always_even.py"));
    QVERIFY(o.report);
    QCOMPARE(o.verdicts(), (QStringList{QStringLiteral("passed"), QStringLiteral("wrong-answer")}));
    const TestOutcome &seven = o.finished.at(1);
    const QString said = seven.explanation + seven.checkerFeedback;
    QVERIFY2(said.contains(QStringLiteral("expected 'odd' in any case, got 'even'")), qPrintable(said));
}

void TestCheckController::crashingCheckerIsTheExercisesFault()
{
    const CheckOutcome o
        = check(QStringLiteral("badchecker"), QStringLiteral("python"), QStringLiteral("solution/echo.py"));
    QVERIFY(o.report);
    QCOMPARE(o.finished.at(0).verdict, Verdict::CheckerError);
    QVERIFY(!o.finished.at(0).countsAgainstLearner());
}

void TestCheckController::hangingCheckerIsStoppedByItsOwnLimit()
{
    // Its [checker.limits] time of one second stops it, not the learner's limits.
    const CheckOutcome o
        = check(QStringLiteral("hangingchecker"), QStringLiteral("python"), QStringLiteral("solution/echo.py"));
    QVERIFY(o.report);
    QCOMPARE(o.finished.at(0).verdict, Verdict::CheckerError);
    QVERIFY(!o.finished.at(0).countsAgainstLearner());
    QCOMPARE(o.finished.at(0).actualStdout, QByteArray("hello\n"));
}

void TestCheckController::expectedOutputFile()
{
    CheckOutcome o = check(QStringLiteral("files"), QStringLiteral("python"), QStringLiteral("solution/copy.py"));
    QVERIFY(o.report);
    QCOMPARE(o.verdicts(), QStringList{QStringLiteral("passed")});
    // The starter reads the input file but writes nothing: the expected file is missing.
    o = check(QStringLiteral("files"), QStringLiteral("python"), QStringLiteral("starter/copy.py"));
    QVERIFY(o.report);
    QCOMPARE(o.finished.at(0).verdict, Verdict::WrongAnswer);
    QVERIFY2(o.finished.at(0).explanation.contains(QStringLiteral("result.txt")),
             qPrintable(o.finished.at(0).explanation));
}

namespace {
// The runner's "sum" with a learner's file that imports os, under `settings` and, when set,
// the exercise's own [policy].
CheckRequest sumImportingOs(const ImportPolicy &settings, std::optional<ImportPolicy> exercise)
{
    CheckRequest request
        = runnerCheck(QStringLiteral("sum"), QStringLiteral("python"), QStringLiteral("solution/sum.py"));
    request.learnerFile = fixturesDir() + QStringLiteral("/policy/sum_imports_os.py");
    request.importPolicy = settings;
    request.exercise.importPolicy = std::move(exercise);
    return request;
}
} // namespace

void TestCheckController::blockedImportFailsEveryTestUnrun()
{
    const CheckOutcome o = checkToEnd(*m_controller, sumImportingOs({}, ImportPolicy{{}, {QStringLiteral("os")}}));
    QVERIFY(o.report);
    QCOMPARE(o.verdicts(),
             (QStringList{QStringLiteral("compile-error"), QStringLiteral("compile-error"),
                          QStringLiteral("compile-error")}));
    QVERIFY2(o.finished.at(0).explanation.contains(QStringLiteral("import policy blocks (sum.py line 2)")),
             qPrintable(o.finished.at(0).explanation));
}

void TestCheckController::theExercisesPolicyReplacesTheSettings()
{
    // The settings block os; the exercise's [policy] lists nothing, and wins.
    const CheckOutcome o = checkToEnd(*m_controller, sumImportingOs({{}, {QStringLiteral("os")}}, ImportPolicy{}));
    QVERIFY(o.report);
    QCOMPARE(o.verdicts(), (QStringList{QStringLiteral("passed"), QStringLiteral("passed"), QStringLiteral("passed")}));
}

void TestCheckController::testLimitsOverrideTheExercises()
{
    const CheckOutcome o = check(QStringLiteral("wait"), QStringLiteral("python"), QStringLiteral("solution/wait.py"));
    QVERIFY(o.report);
    // Two seconds of sleep: within the test's own eight, past the exercise's one.
    QCOMPARE(o.verdicts(),
             (QStringList{QStringLiteral("passed"), QStringLiteral("passed"), QStringLiteral("time-limit")}));
}

void TestCheckController::stopMidCheck()
{
    CheckWatcher watcher(*m_controller);
    QObject::connect(m_controller.get(), &CheckController::testStarted, m_controller.get(), [this](int index) {
        if (index == 1) // sleeping for two seconds
            m_controller->cancel();
    });
    m_controller->start(
        runnerCheck(QStringLiteral("wait"), QStringLiteral("python"), QStringLiteral("solution/wait.py")));
    QVERIFY(m_controller->isRunning());
    QTRY_VERIFY_WITH_TIMEOUT(watcher.done(), 60000);
    QVERIFY(watcher.outcome.report);
    QVERIFY(!m_controller->isRunning());
    QCOMPARE(watcher.outcome.verdicts(),
             (QStringList{QStringLiteral("passed"), QStringLiteral("stopped"), QStringLiteral("stopped")}));
    QVERIFY(watcher.outcome.finished.at(1).wallMs < 2000);
    QCOMPARE(watcher.outcome.report->score, 1);
}

void TestCheckController::startReplacesTheRunningCheck()
{
    // A learner presses Check again while the wait exercise sleeps in its second test: only
    // the new Check is heard of, whole, and the old one's tests never show against it.
    CheckWatcher watcher(*m_controller);
    bool replaced = false;
    QObject::connect(m_controller.get(), &CheckController::testStarted, m_controller.get(), [&](int index) {
        if (index == 1 && !replaced) {
            replaced = true;
            m_controller->start(
                runnerCheck(QStringLiteral("sum"), QStringLiteral("python"), QStringLiteral("solution/sum.py")));
        }
    });
    m_controller->start(
        runnerCheck(QStringLiteral("wait"), QStringLiteral("python"), QStringLiteral("solution/wait.py")));
    QTRY_VERIFY_WITH_TIMEOUT(watcher.done(), 60000);
    QVERIFY(watcher.outcome.report);
    QCOMPARE(watcher.outcome.report->exerciseId, QStringLiteral("sum"));
    QCOMPARE(watcher.outcome.started,
             (QStringList{QStringLiteral("no wait"), QStringLiteral("a long wait, with time for it"),
                          QStringLiteral("small numbers"), QStringLiteral("negative numbers"),
                          QStringLiteral("large numbers")}));
    // The wait exercise's first test finished before the new Check began; nothing of it after.
    QCOMPARE(watcher.outcome.verdicts(),
             (QStringList{QStringLiteral("passed"), QStringLiteral("passed"), QStringLiteral("passed"),
                          QStringLiteral("passed")}));
    QCOMPARE(watcher.outcome.finished.at(1).testName, QStringLiteral("small numbers"));
    QCOMPARE(watcher.outcome.report->tests.size(), 3);
    QCOMPARE(watcher.outcome.report->score, 4);
    // Nothing of the old Check arrives late either.
    QCoreApplication::processEvents();
    QCOMPARE(watcher.outcome.finished.size(), 4);
}

void TestCheckController::missingLearnerFileFailsTheCheck()
{
    const CheckOutcome o = check(QStringLiteral("sum"), QStringLiteral("python"), QStringLiteral("nowhere/sum.py"));
    QVERIFY(!o.report);
    QVERIFY(o.error);
    QCOMPARE(o.error->code, RunError::Code::MissingInputFile);
    QVERIFY2(o.error->message.contains(QStringLiteral("nowhere/sum.py")), qPrintable(o.error->message));
    QVERIFY(o.started.isEmpty());
}

void TestCheckController::onlyTheTestsAskedFor()
{
    CheckRequest request
        = runnerCheck(QStringLiteral("sum"), QStringLiteral("python"), QStringLiteral("solution/sum.py"));
    request.onlyTests = {QStringLiteral("large numbers")};
    const CheckOutcome o = checkToEnd(*m_controller, request);
    QVERIFY(o.report);
    QCOMPARE(o.started, QStringList{QStringLiteral("large numbers")});
    QCOMPARE(o.report->score, 2);
    QCOMPARE(o.report->maxScore, 2);
}

void TestCheckController::aLearnersCheckNeverRunsSecretTests()
{
    CheckRequest request
        = runnerCheck(QStringLiteral("sum"), QStringLiteral("python"), QStringLiteral("solution/sum.py"));
    QVERIFY(request.exercise.tests.size() >= 2);
    ExerciseTest &secret = request.exercise.tests.last();
    secret.visibility = Visibility::Secret;
    secret.expectedStdout = QByteArray("the secret answer\n"); // the solution fails it
    const QString secretName = secret.name;
    const int allPoints = request.exercise.maxPoints(true);

    const CheckOutcome learner = checkToEnd(*m_controller, request);
    QVERIFY(learner.report);
    QVERIFY(!learner.started.contains(secretName));
    QCOMPARE(learner.report->tests.size(), request.exercise.tests.size() - 1);
    QVERIFY(learner.report->allPassed());
    QCOMPARE(learner.report->maxScore, allPoints - secret.points);
    QCOMPARE(request.exercise.maxPoints(), allPoints - secret.points);

    request.includeSecret = true; // as grading asks
    const CheckOutcome graded = checkToEnd(*m_controller, request);
    QVERIFY(graded.report);
    QCOMPARE(graded.started.last(), secretName);
    QCOMPARE(graded.report->maxScore, allPoints);
    const TestOutcome &outcome = graded.report->tests.last();
    QCOMPARE(outcome.visibility, Visibility::Secret);
    QCOMPARE(outcome.verdict, Verdict::WrongAnswer);
    // Shown as a hidden test is: nothing of what it expects.
    QVERIFY(outcome.expectedStdout.isEmpty());
    QVERIFY(!outcome.diff.contains(QStringLiteral("secret answer")));
}

// An exercise's [network] allow reaches each test's run: the listed server answers through the
// proxy, the other gets 403, and without the list neither can be reached.
void TestCheckController::theExercisesHostsAreReachableAndNoOthers()
{
    LoopbackServer a(LoopbackServer::Mode::Http, "A");
    LoopbackServer b(LoopbackServer::Mode::Http, "B");
    const QString portA = QString::number(a.port());
    const QString portB = QString::number(b.port());
    CheckRequest request = runnerCheck(QStringLiteral("sum"), QStringLiteral("python"), QStringLiteral("solution/sum.py"));
    request.learnerFile = fixturesDir() + QStringLiteral("/network/fetches_each_port.py");
    ExerciseTest test = request.exercise.tests.first();
    test.name = QStringLiteral("fetches");
    test.stdinData.clear();
    test.arguments = {portA, portB};
    test.expectedStdout = QStringLiteral("%1 200 A\n%2 403\n").arg(portA, portB).toUtf8();
    request.exercise.tests = {test};
    request.exercise.network = {AllowedDestination{QStringLiteral("127.0.0.1"), a.port()}};
    CheckOutcome o = checkToEnd(*m_controller, request);
    QCOMPARE(o.verdicts(), QStringList{QStringLiteral("passed")});

    request.exercise.network.clear();
    request.exercise.tests.first().expectedStdout
        = QStringLiteral("%1 unreachable\n%2 unreachable\n").arg(portA, portB).toUtf8();
    o = checkToEnd(*m_controller, request);
    QCOMPARE(o.verdicts(), QStringList{QStringLiteral("passed")});
}

QTEST_GUILESS_MAIN(TestCheckController)
#include "tst_checkcontroller.moc"
