// LocalBackend's runs in a named sandbox (RunRequest::sandbox): the helper enters the sandbox
// (--enter) instead of building one, and the run is otherwise an ordinary LocalJob, with the
// same output batching, kill reasons and result.

#include "local/localbackend.h"

#include "engine/languagesteps.h"
#include "engine/requestcheck.h"
#include "helper/proxyforward.h"
#include "local/localjob.h"
#include "local/sandboxpolicy.h"
#include "sandboxes/localsandboxes.h"
#include "sandboxes/sandboxproxy.h"

#include <QFileInfo>

namespace Sandpit::Core {

namespace {

// The sandbox shows the host's system folders read-only at the same places, so a program
// found on the sandbox's PATH here is the one the sandbox runs (the helper execs a path).
Expected<QStringList> resolveCommand(QStringList command)
{
    if (command.first().contains(QLatin1Char('/')))
        return command;
    for (const QString &dir : {QStringLiteral("/usr/local/bin"), QStringLiteral("/usr/bin"), QStringLiteral("/bin")}) {
        const QFileInfo candidate(dir + QLatin1Char('/') + command.first());
        if (candidate.isFile() && candidate.isExecutable()) {
            command.first() = candidate.filePath();
            return command;
        }
    }
    return makeError(RunError::Code::BadRequest,
                     QStringLiteral("There is no program \"%1\" in the sandbox; give its path (./%1 for one in /work).")
                         .arg(command.first()));
}

} // namespace

Expected<std::unique_ptr<RunJob>> LocalBackend::createSandboxJob(const RunRequest &request, const QString &helper,
                                                                 const QStringList &environment)
{
    if (helper.isEmpty() || !QFileInfo(helper).isExecutable())
        return makeError(RunError::Code::BackendUnavailable,
                         QStringLiteral("The sandbox helper (sandpit-helper) is missing."));
    const LocalSandboxes sandboxes({.root = m_config.sandboxesRoot, .helperPath = helper});
    const auto stateDir = sandboxes.runningStateDir(request.sandbox);
    if (!stateDir)
        return std::unexpected(stateDir.error());
    LocalJob::Plan plan;
    plan.environment = environment;
    // The sandbox's own list, fixed at create, whatever the window's setting or the request
    // says: its forwarder and proxy were made for that list and live as long as it does.
    RunRequest inSandbox = request;
    inSandbox.network = LocalSandboxRecord(*stateDir).network();
    if (!inSandbox.network.isEmpty()) {
        for (const char *variable : Helper::kProxyEnvironment)
            plan.environment << QString::fromLatin1(variable);
        plan.sandboxAttempts = [folder = *stateDir, from = SandboxProxy::attemptLogSize(*stateDir)] {
            return SandboxProxy::attemptsSince(folder, from);
        };
    }
    if (!request.command.isEmpty()) {
        const auto command = resolveCommand(request.command);
        if (!command)
            return std::unexpected(command.error());
        plan.command = *command;
    } else {
        // The current file, run as a run would (interpreted languages: a compiler's output
        // would need a build sandbox of its own first).
        const auto checked = checkRequest(m_languages, request);
        if (!checked)
            return std::unexpected(checked.error());
        const auto toolchains = findToolchains(**checked, m_config.toolchainSearchPath);
        if (!toolchains)
            return std::unexpected(toolchains.error());
        if ((*checked)->isCompiled()) {
            return makeError(RunError::Code::BadRequest,
                             QStringLiteral("A compiled language runs in a named sandbox through a command "
                                            "(sandpit sandbox exec NAME -- gcc ...), not as the current file."));
        }
        plan.command = runCommand(**checked, toolchains->run, runStepRequest(**checked, request));
    }
    PreparedSandbox::Config config{helper, sandboxReadOnlyPaths(), PreparedSandbox::Config{}.workSizeBytes,
                                   IsolationReport::Level::Full, filterImage(helper)};
    config.enterStateDir = *stateDir;
    auto sandbox = PreparedSandbox::start(config);
    if (!sandbox)
        return std::unexpected(sandbox.error());
    return std::make_unique<LocalJob>(inSandbox, std::move(plan), std::move(*sandbox));
}

} // namespace Sandpit::Core
