#pragma once

#include "engine/runjob.h"
#include "model/diagnosticparser.h"

#include <functional>

namespace Sandpit::Core {

/// A run in steps, on either backend: the compiler's job and then, if it built the program,
/// the program's job. The backend makes both; this decides whether the second happens, keeps
/// what the learner types while the compiler works for the program, and reports one result
/// that says at which stage the run ended, with the diagnostics of both. A language without a
/// compile step has only the run.
class StagedJob final : public RunJob
{
    Q_OBJECT
public:
    /// What the learner typed before the program started.
    struct Input {
        QByteArray typed;
        bool closed = false; ///< and ended it (Ctrl+D)
    };
    using MakeJob = std::function<Expected<std::unique_ptr<RunJob>>(const Input &input)>;

    /// `request` with `input` first on its stdin; ended input means stdin holds exactly that.
    static RunRequest withInput(RunRequest request, const Input &input);

    struct Plan {
        /// null for a language without a compile step. A Python run whose packages are not
        /// installed yet has its setup step (core/packages/SetupJob) here instead: the same
        /// shape, a step that must succeed before the program runs.
        std::unique_ptr<RunJob> compile;
        Limits compileLimits; ///< what the compile job runs under, for its messages
        /// Called once, when the compiler has succeeded (or at start() without one), with the
        /// input typed meanwhile: it goes into the job's request rather than down a pipe the
        /// program may not have opened yet. The compile job is kept until the end: the run's
        /// job may still be copying what it built.
        MakeJob makeRun;
        /// Reads the compiler's and the program's stderr for the result's diagnostics.
        DiagnosticParser diagnostics;
    };

    explicit StagedJob(Plan plan);
    ~StagedJob() override;

    void start() override;
    void cancel() override;
    void writeInput(const QByteArray &data) override;
    void closeInput() override;
    void resizeTerminal(const TerminalSize &size) override;

private:
    void watch(RunJob *job);
    void onCompileFinished(const RunResult &result);
    void startRun();
    void finish(const RunResult &result);
    void fail(const RunError &error);
    void keepStderr(OutputStream stream, const QByteArray &data);
    QList<Diagnostic> diagnosticsOf(const RunResult &result) const;

    std::unique_ptr<RunJob> m_compile;
    std::unique_ptr<RunJob> m_run;
    Limits m_compileLimits;
    MakeJob m_makeRun;
    DiagnosticParser m_parser;
    QList<Diagnostic> m_compileDiagnostics; // a compiler's warnings, kept for the program's result
    QByteArray m_stderrTail;                // the current job's last stderr, for a result that keeps no output
    QList<NetworkAttempt> m_compileNetwork; // the setup step's attempts, when the program ran after it
    QByteArray m_input;                     // typed before the program started
    bool m_inputClosed = false;
    bool m_cancelled = false;
    bool m_started = false;
    bool m_done = false;
};

} // namespace Sandpit::Core
