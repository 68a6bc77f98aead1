#include "engine/stagedjob.h"

#include "model/killdetail.h"
#include "network/nonetworkhint.h"

namespace Sandpit::Core {

namespace {
// Enough for any traceback, panic or exception report, which come last; a result whose
// request kept its output (RunRequest::keepOutputInResult) is read whole instead.
constexpr qsizetype kStderrTailBytes = 64 * 1024;
} // namespace

StagedJob::StagedJob(Plan plan)
    : m_compile(std::move(plan.compile))
    , m_compileLimits(plan.compileLimits)
    , m_makeRun(std::move(plan.makeRun))
    , m_parser(std::move(plan.diagnostics))
{
}

StagedJob::~StagedJob() = default;

void StagedJob::start()
{
    if (!m_compile) {
        startRun();
        return;
    }
    watch(m_compile.get());
    m_compile->start();
}

void StagedJob::watch(RunJob *job)
{
    connect(job, &RunJob::started, this, [this] {
        if (!std::exchange(m_started, true))
            Q_EMIT started();
    });
    connect(job, &RunJob::outputReceived, this, &RunJob::outputReceived);
    connect(job, &RunJob::outputReceived, this, &StagedJob::keepStderr);
    connect(job, &RunJob::artifactsListed, this, &RunJob::artifactsListed);
    connect(job, &RunJob::inputBacklogChanged, this, &RunJob::inputBacklogChanged);
    connect(job, &RunJob::failed, this, &StagedJob::fail);
    connect(job, &RunJob::finished, this, [this, job](const RunResult &result) {
        if (job == m_compile.get())
            onCompileFinished(result);
        else
            finish(result);
    });
}

void StagedJob::onCompileFinished(const RunResult &result)
{
    // A setup step's own diagnostic (a package not in the wheelhouse) comes first.
    m_compileDiagnostics = result.diagnostics;
    for (const Diagnostic &d : diagnosticsOf(result)) {
        if (!m_compileDiagnostics.contains(d))
            m_compileDiagnostics << d;
    }
    m_stderrTail.clear();
    // A compile error is not a kill: the run simply ends at this stage, with what the
    // compiler said. Stop pressed while the compiler worked ends it here too.
    if (m_cancelled && result.killReason == KillReason::None) {
        RunResult stopped = result;
        stopped.killReason = KillReason::Cancelled;
        stopped.killDetail = describeEnd(stopped, Limits{});
        finish(stopped);
        return;
    }
    if (result.killReason != KillReason::None || result.exitCode != 0) {
        RunResult ended = result;
        // A compiler is several programs: when the assembler or linker passes the file-size
        // limit, the kernel's SIGXFSZ ends that one, and the driver reports it (GCC: "File size
        // limit exceeded signal terminated program as"; collect2 likewise) and exits with an
        // error of its own. The limit stopped it, not the learner's code.
        if (ended.killReason == KillReason::None && ended.stderrData.contains("File size limit exceeded")) {
            ended.killReason = KillReason::FileSize;
            ended.killDetail = describeEnd(ended, m_compileLimits);
        }
        finish(ended);
        return;
    }
    // A setup step's install from an index: its attempts come first in the run's list.
    m_compileNetwork = result.network;
    startRun();
}

void StagedJob::startRun()
{
    auto job = m_makeRun({std::exchange(m_input, {}), m_inputClosed});
    if (!job) {
        fail(job.error());
        return;
    }
    m_run = std::move(*job);
    watch(m_run.get());
    m_run->start();
}

RunRequest StagedJob::withInput(RunRequest request, const Input &input)
{
    request.stdinData += input.typed;
    if (input.closed)
        request.keepStdinOpen = false;
    return request;
}

void StagedJob::finish(const RunResult &result)
{
    if (std::exchange(m_done, true))
        return;
    RunResult withDiagnostics = result;
    withDiagnostics.diagnostics = m_compileDiagnostics;
    withDiagnostics.network = m_compileNetwork + result.network;
    if (result.stage == RunStage::Run) {
        for (const Diagnostic &d : diagnosticsOf(result)) {
            if (!withDiagnostics.diagnostics.contains(d))
                withDiagnostics.diagnostics << d;
        }
        const QString hint = noNetworkHint(result, result.stderrData.isEmpty() ? m_stderrTail : result.stderrData);
        if (!hint.isEmpty())
            withDiagnostics.killDetail = (result.killDetail + QLatin1Char(' ') + hint).trimmed();
    }
    Q_EMIT finished(withDiagnostics);
}

void StagedJob::keepStderr(OutputStream stream, const QByteArray &data)
{
    if (stream != OutputStream::Stderr)
        return;
    m_stderrTail.append(data);
    if (m_stderrTail.size() > kStderrTailBytes) {
        // Whole lines only: a cut one could read as a different place.
        m_stderrTail.remove(0, m_stderrTail.size() - kStderrTailBytes);
        m_stderrTail.remove(0, m_stderrTail.indexOf('\n') + 1);
    }
}

QList<Diagnostic> StagedJob::diagnosticsOf(const RunResult &result) const
{
    return m_parser.parse(result.stderrData.isEmpty() ? m_stderrTail : result.stderrData);
}

void StagedJob::fail(const RunError &error)
{
    if (std::exchange(m_done, true))
        return;
    Q_EMIT failed(error);
}

void StagedJob::cancel()
{
    m_cancelled = true;
    if (m_run)
        m_run->cancel();
    else if (m_compile)
        m_compile->cancel();
}

void StagedJob::writeInput(const QByteArray &data)
{
    if (m_inputClosed)
        return;
    if (m_run) {
        m_run->writeInput(data);
        return;
    }
    // Held until the program's step starts, which then reports its own backlog.
    m_input.append(data);
    Q_EMIT inputBacklogChanged(m_input.size());
}

void StagedJob::closeInput()
{
    if (std::exchange(m_inputClosed, true))
        return;
    if (m_run)
        m_run->closeInput();
}

void StagedJob::resizeTerminal(const TerminalSize &size)
{
    // Only the program's step has a terminal; a compiler runs on pipes.
    if (m_run)
        m_run->resizeTerminal(size);
}

} // namespace Sandpit::Core
