// StagedJob with stand-in jobs: when the program runs after its compiler, where input typed
// meanwhile goes, and what a compile that fails, is stopped or is cancelled turns into.
#include "engine/stagedjob.h"

#include <QSignalSpy>
#include <QTest>

using namespace Sandpit::Core;

namespace {
/// A job that does nothing until told, and remembers what it was asked.
class FakeJob final : public RunJob
{
public:
    explicit FakeJob(RunStage stage)
        : m_stage(stage)
    {
    }

    void start() override
    {
        started = true;
        Q_EMIT RunJob::started();
    }
    void cancel() override { cancelled = true; }
    void writeInput(const QByteArray &data) override { input += data; }
    void closeInput() override { inputClosed = true; }

    void print(const QByteArray &data) { Q_EMIT outputReceived(OutputStream::Stderr, data); }

    void end(int exitCode, KillReason reason = KillReason::None, const QByteArray &stderrData = {})
    {
        RunResult result;
        result.stage = m_stage;
        result.killReason = reason;
        if (reason == KillReason::None)
            result.exitCode = exitCode;
        result.stderrData = stderrData;
        Q_EMIT finished(result);
    }

    bool started = false;
    bool cancelled = false;
    bool inputClosed = false;
    QByteArray input;

private:
    RunStage m_stage;
};

struct Fixture {
    FakeJob *compile = nullptr;
    FakeJob *run = nullptr;
    int runsMade = 0;
    StagedJob::Input input; // what the program's job was made with
    std::unique_ptr<StagedJob> job;
    std::unique_ptr<QSignalSpy> finished;
    std::unique_ptr<QSignalSpy> failed;
    std::unique_ptr<QSignalSpy> started;

    explicit Fixture(bool compiled, std::optional<RunError> runError = std::nullopt)
    {
        StagedJob::Plan plan;
        if (compiled) {
            auto fake = std::make_unique<FakeJob>(RunStage::Compile);
            compile = fake.get();
            plan.compile = std::move(fake);
        }
        plan.compileLimits.fileSizeBytes = 4 * 1024 * 1024;
        plan.makeRun = [this, runError](const StagedJob::Input &typed) -> Expected<std::unique_ptr<RunJob>> {
            ++runsMade;
            input = typed;
            if (runError)
                return std::unexpected(*runError);
            auto fake = std::make_unique<FakeJob>(RunStage::Run);
            run = fake.get();
            return fake;
        };
        plan.diagnostics = DiagnosticParser({QStringLiteral("gcc"), QStringLiteral("python")},
                                            {{QStringLiteral("main.c"), {}}, {QStringLiteral("main.py"), {}}});
        job = std::make_unique<StagedJob>(std::move(plan));
        finished = std::make_unique<QSignalSpy>(job.get(), &RunJob::finished);
        failed = std::make_unique<QSignalSpy>(job.get(), &RunJob::failed);
        started = std::make_unique<QSignalSpy>(job.get(), &RunJob::started);
    }

    RunResult result() const { return finished->value(0).value(0).value<RunResult>(); }
};
} // namespace

class TestStagedJob : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void withoutCompilerTheProgramRunsAtOnce()
    {
        Fixture f(false);
        f.job->start();
        QCOMPARE(f.runsMade, 1);
        QVERIFY(f.run->started);
        QCOMPARE(f.started->size(), 1);
        f.run->end(3);
        QCOMPARE(f.finished->size(), 1);
        QCOMPARE(f.result().stage, RunStage::Run);
        QCOMPARE(f.result().exitCode, 3);
    }

    void programRunsAfterTheCompilerSucceeds()
    {
        Fixture f(true);
        f.job->start();
        QVERIFY(f.compile->started);
        QCOMPARE(f.runsMade, 0);
        f.compile->end(0);
        QCOMPARE(f.runsMade, 1);
        QVERIFY(f.run->started);
        QCOMPARE(f.started->size(), 1); // once for the whole run
        QCOMPARE(f.finished->size(), 0);
        f.run->end(0);
        QCOMPARE(f.finished->size(), 1);
        QCOMPARE(f.result().stage, RunStage::Run);
    }

    void compileErrorEndsTheRunAtTheCompileStage()
    {
        Fixture f(true);
        f.job->start();
        f.compile->end(1, KillReason::None, "main.c:3:5: error: expected ';'\n");
        QCOMPARE(f.runsMade, 0);
        QCOMPARE(f.finished->size(), 1);
        QCOMPARE(f.result().stage, RunStage::Compile);
        QCOMPARE(f.result().killReason, KillReason::None);
        QCOMPARE(f.result().exitCode, 1);
    }

    void limitKillOfTheCompilerEndsTheRun()
    {
        Fixture f(true);
        f.job->start();
        f.compile->end(0, KillReason::Memory);
        QCOMPARE(f.runsMade, 0);
        QCOMPARE(f.result().killReason, KillReason::Memory);
    }

    void assemblerPastTheFileSizeLimitIsAFileSizeKill()
    {
        Fixture f(true);
        f.job->start();
        f.compile->end(4, KillReason::None,
                       "gcc: internal compiler error: File size limit exceeded signal terminated program as\n");
        QCOMPARE(f.result().killReason, KillReason::FileSize);
        QVERIFY2(f.result().killDetail.contains(QStringLiteral("4 MB")), qPrintable(f.result().killDetail));
    }

    void inputTypedWhileCompilingWaitsForTheProgram()
    {
        Fixture f(true);
        f.job->start();
        f.job->writeInput("first\n");
        f.job->writeInput("second\n");
        QCOMPARE(f.compile->input, QByteArray());
        f.compile->end(0);
        // Handed over with the program's job, not written to it: its stdin may not be open yet.
        QCOMPARE(f.input.typed, QByteArray("first\nsecond\n"));
        QVERIFY(!f.input.closed);
        QCOMPARE(f.run->input, QByteArray());
        f.job->writeInput("third\n");
        QCOMPARE(f.run->input, QByteArray("third\n"));
    }

    void inputEndedWhileCompilingIsAllTheProgramGets()
    {
        Fixture f(true);
        f.job->start();
        f.job->writeInput("all\n");
        f.job->closeInput();
        f.job->writeInput("too late\n");
        QVERIFY(!f.compile->inputClosed);
        f.compile->end(0);
        QCOMPARE(f.input.typed, QByteArray("all\n"));
        QVERIFY(f.input.closed);
        RunRequest request;
        request.keepStdinOpen = true;
        request.stdinData = "given ";
        const RunRequest made = StagedJob::withInput(request, f.input);
        QCOMPARE(made.stdinData, QByteArray("given all\n"));
        QVERIFY(!made.keepStdinOpen);
    }

    void inputGoesStraightToARunningProgram()
    {
        Fixture f(true);
        f.job->start();
        f.compile->end(0);
        f.job->writeInput("now\n");
        QCOMPARE(f.run->input, QByteArray("now\n"));
        QVERIFY(!f.run->inputClosed);
        f.job->closeInput();
        QVERIFY(f.run->inputClosed);
    }

    void stopWhileCompilingStopsTheCompiler()
    {
        Fixture f(true);
        f.job->start();
        f.job->cancel();
        QVERIFY(f.compile->cancelled);
        // The compiler had just succeeded as Stop arrived: the program still must not run.
        f.compile->end(0);
        QCOMPARE(f.runsMade, 0);
        QCOMPARE(f.result().stage, RunStage::Compile);
        QCOMPARE(f.result().killReason, KillReason::Cancelled);
    }

    void stopWhileRunningStopsTheProgram()
    {
        Fixture f(true);
        f.job->start();
        f.compile->end(0);
        f.job->cancel();
        QVERIFY(f.run->cancelled);
        QVERIFY(!f.compile->cancelled);
    }

    void diagnosticsOfBothStages()
    {
        Fixture f(true);
        f.job->start();
        f.compile->end(0, KillReason::None, "main.c:3:9: warning: unused variable 'x'\n");
        f.run->end(1, KillReason::None, "main.c:5:14: runtime error: division by zero\n");
        const QList<Diagnostic> diagnostics = f.result().diagnostics;
        QCOMPARE(diagnostics.size(), 2);
        QCOMPARE(diagnostics[0].severity, Diagnostic::Severity::Warning);
        QCOMPARE(diagnostics[1].line, 5);
    }

    void diagnosticsFromTheStreamWhenTheResultKeepsNoOutput()
    {
        Fixture f(false);
        f.job->start();
        // A window's run keeps no copy of its output in the result: what streamed is read.
        f.run->print(QByteArray(100 * 1024, 'x') + "\nTraceback (most recent call last):\n");
        f.run->print("  File \"/work/main.py\", line 4, in <module>\nNameError: name 'y' is not defined\n");
        f.run->end(1);
        QCOMPARE(f.result().diagnostics.size(), 1);
        QCOMPARE(f.result().diagnostics[0].line, 4);
        QCOMPARE(f.result().diagnostics[0].message, QStringLiteral("NameError: name 'y' is not defined"));
    }

    void programThatCannotStartIsAFailure()
    {
        Fixture f(true, RunError{RunError::Code::SetupFailed, QStringLiteral("no sandbox")});
        f.job->start();
        f.compile->end(0);
        QCOMPARE(f.finished->size(), 0);
        QCOMPARE(f.failed->size(), 1);
        QCOMPARE(f.failed->value(0).value(0).value<RunError>().message, QStringLiteral("no sandbox"));
    }
};

QTEST_GUILESS_MAIN(TestStagedJob)
#include "tst_stagedjob.moc"
