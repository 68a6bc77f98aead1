#include "packages/setupjob.h"

namespace Sandpit::Core {

namespace {
// pip ends with the requirement it could not satisfy; a traceback before it may be long.
constexpr qsizetype kTailBytes = 16 * 1024;
} // namespace

SetupJob::SetupJob(std::unique_ptr<RunJob> install, PackagePlan plan, QString built)
    : m_install(std::move(install))
    , m_plan(std::move(plan))
    , m_built(std::move(built))
{
    connect(m_install.get(), &RunJob::started, this, &RunJob::started);
    connect(m_install.get(), &RunJob::outputReceived, this, &RunJob::outputReceived);
    connect(m_install.get(), &RunJob::outputReceived, this, &SetupJob::keepOutput);
    connect(m_install.get(), &RunJob::failed, this, &RunJob::failed);
    connect(m_install.get(), &RunJob::finished, this, &SetupJob::onInstallFinished);
}

SetupJob::~SetupJob() = default;

void SetupJob::start()
{
    m_install->start();
}

void SetupJob::cancel()
{
    m_install->cancel();
}

void SetupJob::keepOutput(OutputStream, const QByteArray &data)
{
    m_tail.append(data);
    if (m_tail.size() > kTailBytes)
        m_tail.remove(0, m_tail.size() - kTailBytes);
}

void SetupJob::onInstallFinished(const RunResult &result)
{
    RunResult ended = result;
    ended.stage = RunStage::Setup;
    for (NetworkAttempt &attempt : ended.network)
        attempt.install = true;
    if (result.killReason == KillReason::None && result.exitCode == 0) {
        const auto adopted = m_plan.cache().adopt(m_built, m_plan.hash, m_plan.marker());
        if (!adopted) {
            Q_EMIT failed(adopted.error());
            return;
        }
        Q_EMIT finished(ended);
        return;
    }
    const QString missing = m_plan.failureMessage(m_tail + result.stderrData + result.stdoutData, result.network);
    if (!missing.isEmpty()) {
        Q_EMIT outputReceived(OutputStream::Stderr, "\n" + missing.toUtf8() + "\n");
        Diagnostic diagnostic;
        diagnostic.severity = Diagnostic::Severity::Error;
        diagnostic.message = missing;
        ended.diagnostics.prepend(diagnostic);
    }
    Q_EMIT finished(ended);
}

} // namespace Sandpit::Core
