#include "exercises/checkworker.h"

#include "engine/backend.h"
#include "engine/runworker.h"
#include "exercises/judge.h"
#include "files/artifactstore.h"

#include <QDir>
#include <QFile>
#include <QThread>

namespace Sandpit::Core {

struct CheckWorker::Check {
    CheckId id = 0;
    CheckRequest request;
    CheckProgram program;
    QList<int> tests; ///< indexes into request.exercise.tests, in the order they run
    int next = 0;     ///< the position in `tests` of the test running, or about to
    RunId run = 0;    ///< the run in flight, 0: none
    Phase phase = Phase::Program;
    RunResult programRun; ///< the current test's program run, while its checker runs
    bool cancelled = false;
    CheckReport report;
    // Two stores, as each keeps one run's files: the program's output/ must outlive its
    // checker's run, whose own output/ is the feedback folder.
    std::shared_ptr<ArtifactStore> programFiles = std::make_shared<ArtifactStore>();
    std::shared_ptr<ArtifactStore> checkerFiles = std::make_shared<ArtifactStore>();
    QTemporaryDir checkerInputs;

    const ExerciseTest &test() const { return request.exercise.tests.at(tests.at(next)); }
};

CheckWorker::CheckWorker(std::vector<std::unique_ptr<Backend>> backends)
    : m_engine(new RunWorker(std::move(backends)))
{
    m_engine->setParent(this);
    connect(m_engine, &RunWorker::runFinished, this, &CheckWorker::onRunFinished);
    connect(m_engine, &RunWorker::runFailed, this, &CheckWorker::onRunFailed);
}

CheckWorker::~CheckWorker() = default;

QString CheckWorker::outputFolder(const RunResult &run) const
{
    // With nothing kept there is no folder: one that cannot exist, never a relative path that
    // would be looked up in this process's working directory.
    if (run.artifactsDir.isEmpty())
        return m_check->checkerInputs.filePath(QStringLiteral("nothing-kept"));
    return run.artifactsDir + QStringLiteral("/output");
}

bool CheckWorker::postToOwnThread(auto &&call)
{
    if (QThread::currentThread() == thread())
        return false;
    QMetaObject::invokeMethod(this, std::forward<decltype(call)>(call), Qt::QueuedConnection);
    return true;
}

void CheckWorker::start(CheckId id, const CheckRequest &request)
{
    if (postToOwnThread([this, id, request] { start(id, request); }))
        return;
    dropCheck();
    auto program = readCheckProgram(request);
    if (!program) {
        Q_EMIT checkFailed(id, program.error());
        return;
    }
    m_check = std::make_unique<Check>();
    m_check->id = id;
    m_check->request = request;
    m_check->program = *program;
    m_check->report.exerciseId = request.exercise.id;
    m_check->report.languageId = request.languageId;
    for (int i = 0; i < request.exercise.tests.size(); ++i) {
        const ExerciseTest &test = request.exercise.tests.at(i);
        if (test.visibility == Visibility::Secret && !request.includeSecret)
            continue;
        if (request.onlyTests.isEmpty() || request.onlyTests.contains(test.name)) {
            m_check->tests << i;
            m_check->report.maxScore += test.points;
        }
    }
    startTest();
}

void CheckWorker::dropCheck()
{
    // The old Check's run is stopped; its result, when it comes, matches no run in flight.
    if (m_check && m_check->run)
        m_engine->cancel(m_check->run);
    m_check.reset();
}

void CheckWorker::cancel(CheckId id)
{
    if (postToOwnThread([this, id] { cancel(id); }))
        return;
    if (!m_check || m_check->id != id || m_check->cancelled)
        return;
    m_check->cancelled = true;
    if (m_check->run)
        m_engine->cancel(m_check->run);
}

void CheckWorker::startTest()
{
    if (m_check->next >= m_check->tests.size()) {
        endCheck();
        return;
    }
    const ExerciseTest &test = m_check->test();
    Q_EMIT testStarted(m_check->id, m_check->next, test.name);
    // Only a test that expects files needs the run's copied out; copying costs every run.
    const ArtifactKeeping keeping
        = test.expectedFiles.isEmpty() ? ArtifactKeeping{} : ArtifactStore::reserve(m_check->programFiles);
    startRun(testRunRequest(m_check->request, m_check->program, test, keeping), Phase::Program);
}

void CheckWorker::startRun(const RunRequest &request, Phase phase)
{
    // Set before starting: a request the engine refuses fails from within start().
    m_check->run = m_nextRunId++;
    m_check->phase = phase;
    m_engine->start(m_check->run, request);
}

void CheckWorker::onRunFinished(RunId id, const RunResult &result)
{
    if (!m_check || m_check->run != id)
        return;
    m_check->run = 0;
    if (m_check->report.backend.isEmpty())
        m_check->report.backend = result.backend;
    if (m_check->phase == Phase::Program)
        programEnded(result);
    else
        checkerEnded(result, {});
}

void CheckWorker::onRunFailed(RunId id, const RunError &error)
{
    if (!m_check || m_check->run != id)
        return;
    m_check->run = 0;
    // A checker that cannot run is the exercise's fault, unless its engine is gone: then the
    // test was never judged, and grading hands the student to another engine.
    if (m_check->phase == Phase::Checker && !isEngineFailure(error)) {
        checkerEnded({}, error.message);
        return;
    }
    // The program could not run at all (no toolchain, no sandbox, no Docker): no other test
    // would fare better, and nothing the learner wrote was judged.
    const CheckId checkId = m_check->id;
    m_check.reset();
    Q_EMIT checkFailed(checkId, error);
}

void CheckWorker::programEnded(const RunResult &result)
{
    if (m_check->cancelled || result.killReason == KillReason::Cancelled) {
        stopRemaining();
        return;
    }
    const ExerciseTest &test = m_check->test();
    const CheckerSpec &checker = checkerOf(m_check->request.exercise, test);
    const bool ranCleanly = result.stage == RunStage::Run && result.killReason == KillReason::None
        && result.exitCode == test.expectedExitCode;
    if (ranCleanly && checker.kind == CheckerKind::Program) {
        m_check->programRun = result;
        startChecker(result);
        return;
    }
    // A built-in checker is the judge's to apply (it knows which tests check stdout).
    TestOutcome outcome = judgeTest(m_check->request.exercise, test, result, std::nullopt, outputFolder(result));
    if (result.stage == RunStage::Compile || result.stage == RunStage::Policy) {
        finishRemaining(outcome);
        return;
    }
    recordTest(outcome);
    startTest();
}

namespace {
bool writeFile(const QString &path, const QByteArray &content)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(content) == content.size()
        && file.flush();
}
} // namespace

void CheckWorker::startChecker(const RunResult &programRun)
{
    const ExerciseTest &test = m_check->test();
    const CheckerFiles files{m_check->checkerInputs.filePath(QStringLiteral("input")),
                             m_check->checkerInputs.filePath(QStringLiteral("answer"))};
    if (!m_check->checkerInputs.isValid() || !writeFile(files.input, test.stdinData)
        || !writeFile(files.answer, test.expectedStdout.value_or(QByteArray()))) {
        checkerEnded({}, QStringLiteral("Could not write the checker's input files."));
        return;
    }
    auto request = checkerRunRequest(m_check->request, checkerOf(m_check->request.exercise, test), files,
                                     programRun.stdoutData, ArtifactStore::reserve(m_check->checkerFiles));
    if (!request) {
        checkerEnded({}, request.error().message);
        return;
    }
    startRun(*request, Phase::Checker);
}

void CheckWorker::checkerEnded(const RunResult &checkerRun, const QString &failure)
{
    const RunResult program = m_check->programRun;
    if (m_check->cancelled || checkerRun.killReason == KillReason::Cancelled) {
        stopRemaining();
        return;
    }
    CheckerVerdict verdict;
    if (failure.isEmpty()) {
        verdict = kattisOutcome(checkerRun, outputFolder(checkerRun));
    } else {
        verdict.result = CheckerVerdict::Result::CheckerError;
        verdict.message = QStringLiteral("The exercise's checker could not run: %1").arg(failure);
    }
    recordTest(judgeTest(m_check->request.exercise, m_check->test(), program, verdict, outputFolder(program)));
    startTest();
}

void CheckWorker::recordTest(const TestOutcome &outcome)
{
    m_check->report.score += outcome.points;
    m_check->report.tests << outcome;
    Q_EMIT testFinished(m_check->id, m_check->next, outcome);
    ++m_check->next;
}

void CheckWorker::finishRemaining(const TestOutcome &compileError)
{
    recordTest(compileError);
    // Every test compiles the same files: the rest would fail the same way, so they are not
    // compiled again, and say so.
    while (m_check->next < m_check->tests.size()) {
        const ExerciseTest &test = m_check->test();
        Q_EMIT testStarted(m_check->id, m_check->next, test.name);
        TestOutcome same = compileError;
        same.testName = test.name;
        same.visibility = test.visibility;
        same.maxPoints = test.points;
        same.points = 0;
        same.hint = test.hint;
        same.stdinData = test.stdinData;
        same.expectedStdout = test.expectedStdout.value_or(QByteArray());
        same.explanation = QStringLiteral("Not compiled again: the program did not compile for test \"%1\".")
                               .arg(compileError.testName);
        recordTest(same);
    }
    endCheck();
}

void CheckWorker::stopRemaining()
{
    while (m_check->next < m_check->tests.size()) {
        const TestOutcome stopped = notRunTest(m_check->test(), Verdict::Stopped,
                                               QStringLiteral("The Check was stopped before this test ended."));
        recordTest(stopped);
    }
    endCheck();
}

void CheckWorker::endCheck()
{
    const CheckId id = m_check->id;
    const CheckReport report = m_check->report;
    m_check.reset();
    Q_EMIT checkFinished(id, report);
}

} // namespace Sandpit::Core
