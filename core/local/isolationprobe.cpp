#include "local/isolationprobe.h"

#include "local/localbackend.h"
#include "local/localjob.h"
#include "local/sandboxpolicy.h"

#include <QFileInfo>
#include <QTimer>

namespace Sandpit::Core {

namespace {
// Each file after the first is announced by a line "@@ NAME", which readSandboxCheck() splits
// on. cat, not the shell, reads /proc/self/status, so the facts are of a program the run
// started, under every protection a learner's program gets.
constexpr const char *kInsideScript = "cat /proc/self/status; echo '@@ uid_map'; cat /proc/self/uid_map; "
                                      "echo '@@ net'; cat /proc/net/dev; echo '@@ mounts'; cat /proc/self/mountinfo; "
                                      "echo '@@ init'; cat /proc/1/comm";
constexpr const char *kShell = "/bin/sh";
} // namespace

IsolationProbe::IsolationProbe(QString helperPath, QObject *parent)
    : QObject(parent)
    , m_helperPath(std::move(helperPath))
{
    qRegisterMetaType<Sandpit::Core::LocalSandboxCheck>();
}

IsolationProbe::~IsolationProbe() = default;

void IsolationProbe::fail(const QString &why)
{
    LocalSandboxCheck check;
    check.error = why;
    // Queued, so finished() never comes from inside start().
    QTimer::singleShot(0, this, [this, check] { Q_EMIT finished(check); });
}

void IsolationProbe::start()
{
    const QString helper = m_helperPath.isEmpty() ? LocalBackend::findHelper() : m_helperPath;
    if (helper.isEmpty() || !QFileInfo(helper).isExecutable())
        return fail(QStringLiteral("The sandbox helper (sandpit-helper) is missing: reinstall Sandpit, or set "
                                   "SANDPIT_HELPER to its path."));
    if (!QFileInfo(QLatin1String(kShell)).isExecutable())
        return fail(
            QStringLiteral("%1 is missing, and the probe runs it inside the sandbox.").arg(QLatin1String(kShell)));
    // Allowed down to none: a run that may not step down would refuse to start, and say less.
    const PreparedSandbox::Config config{helper, sandboxReadOnlyPaths(), PreparedSandbox::Config{}.workSizeBytes,
                                         IsolationReport::Level::None};
    auto sandbox = PreparedSandbox::start(config);
    if (!sandbox)
        return fail(sandbox.error().message);
    LocalJob::Plan plan;
    plan.command = {QLatin1String(kShell), QStringLiteral("-c"), QLatin1String(kInsideScript)};
    plan.environment = {QStringLiteral("PATH=/usr/bin:/bin"), QStringLiteral("LANG=C.UTF-8")};
    m_job = std::make_unique<LocalJob>(RunRequest{}, std::move(plan), std::move(*sandbox));
    connect(m_job.get(), &RunJob::finished, this, [this](const RunResult &result) {
        const LocalSandboxCheck check = readSandboxCheck(result, result.stdoutData, UsernsPolicy::read());
        m_job.release()->deleteLater();
        Q_EMIT finished(check);
    });
    connect(m_job.get(), &RunJob::failed, this, [this](const RunError &error) {
        m_job.release()->deleteLater();
        LocalSandboxCheck check;
        check.error = error.message;
        Q_EMIT finished(check);
    });
    m_job->start();
}

} // namespace Sandpit::Core
