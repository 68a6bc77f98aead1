#include "local/localbackend.h"

#include "engine/companionprogram.h"
#include "engine/languagesteps.h"
#include "engine/logging.h"
#include "engine/requestcheck.h"
#include "engine/stagedjob.h"
#include "files/runfolders.h"
#include "helper/proxyforward.h"
#include "local/localcommand.h"
#include "local/localjob.h"
#include "local/localpolicy.h"
#include "local/localsetup.h"
#include "local/sandboxpolicy.h"
#include "packages/packageplan.h"
#include "policy/policycheck.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QProcessEnvironment>
#include <QTimer>

namespace Sandpit::Core {

namespace {
// Long enough for the window to show a result, short against the time a person takes to
// press Run again.
constexpr int kPrepareDelayMs = 60;

// The read-only folders a sandbox started now would show: the helper skips a missing one
// (--ro-bind-try), so a sandbox prepared before a packages environment was built lacks it.
QStringList existingPaths(const QStringList &paths)
{
    QStringList existing;
    for (const QString &path : paths) {
        if (QFileInfo::exists(path))
            existing << path;
    }
    return existing;
}

// A warm sandbox serves a run only if it shows the very folders the run's would show now.
bool fits(const std::optional<PreparedSandbox> &warm, const QStringList &warmPaths,
          const PreparedSandbox::Config &config)
{
    return warm && warm->isAlive() && config.proxySocket.isEmpty() && warm->weakestIsolation() == config.weakestIsolation
        && warmPaths == existingPaths(config.readOnlyPaths);
}

QStringList programEnvironment(const Language &language, bool onTerminal)
{
    // An allow-list: nothing of the user's environment (tokens, SSH agent, D-Bus address)
    // reaches the program. The helper adds HOME, the workspace.
    QStringList env{
        QStringLiteral("PATH=/usr/local/bin:/usr/bin:/bin"),
        QStringLiteral("LANG=C.UTF-8"),
        // On a pty the window's terminal (libvterm) speaks xterm; on pipes nothing does.
        onTerminal ? QStringLiteral("TERM=xterm-256color") : QStringLiteral("TERM=dumb"),
        QStringLiteral("TMPDIR=/tmp"),
        QStringLiteral("USER=learner"),
    };
    for (auto it = language.environment.begin(); it != language.environment.end(); ++it)
        env << it.key() + QLatin1Char('=') + it.value();
    return env;
}

// The compiler has no proxy: the program's variables would point it at a closed port.
QStringList withoutProxyVariables(QStringList environment)
{
    for (const char *variable : Helper::kProxyEnvironment)
        environment.removeAll(QString::fromLatin1(variable));
    return environment;
}

// The program's step and the toolchains: the language's run command, or the request's own
// (a REPL's), which needs neither the language's toolchains nor its compiler.
struct Steps {
    Toolchains toolchains;
    LocalJob::Plan run;
};

Expected<Steps> planSteps(const Language &language, const RunRequest &runRequest, const QStringList &searchPath)
{
    Steps steps;
    steps.run.environment = programEnvironment(language, runRequest.terminal.has_value());
    // The program's own list: a compiler gets no network, and a setup step only its index's
    // (makeLocalSetupJob).
    if (auto allowed = steps.run.allowNetwork(runRequest.network); !allowed)
        return std::unexpected(allowed.error());
    if (!runRequest.command.isEmpty()) {
        auto command = resolveLocalCommand(runRequest.command, searchPath, language.installHint);
        if (!command)
            return std::unexpected(command.error());
        steps.run.command = *command;
        return steps;
    }
    auto toolchains = findToolchains(language, searchPath);
    if (!toolchains)
        return std::unexpected(toolchains.error());
    steps.toolchains = *toolchains;
    steps.run.command = runCommand(language, toolchains->run, runRequest);
    return steps;
}
// The program's job, made once the compiler (if any) is done, in `sandbox`. With a helper path
// in `rebuild`, a sandbox that died meanwhile (it was built while the compiler worked) is built
// again; the one the run took at once was checked alive just now.
std::function<Expected<std::unique_ptr<RunJob>>(const StagedJob::Input &)>
runIn(std::shared_ptr<Expected<PreparedSandbox>> sandbox, const PreparedSandbox::Config &rebuild,
      const RunRequest &runRequest, const LocalJob::Plan &runPlan)
{
    return [sandbox, rebuild, runRequest, runPlan](const StagedJob::Input &input) -> Expected<std::unique_ptr<RunJob>> {
        if (!rebuild.helperPath.isEmpty() && *sandbox && !(*sandbox)->isAlive())
            *sandbox = PreparedSandbox::start(rebuild);
        if (!*sandbox)
            return std::unexpected(sandbox->error());
        return std::make_unique<LocalJob>(StagedJob::withInput(runRequest, input), runPlan, std::move(**sandbox));
    };
}
} // namespace

LocalBackend::LocalBackend(LanguageRegistry languages, Config config)
    : m_languages(std::move(languages))
    , m_config(std::move(config))
{
    if (m_config.toolchainSearchPath.isEmpty())
        m_config.toolchainSearchPath = defaultToolchainSearchPath();
}

QString LocalBackend::findHelper()
{
    return findCompanionProgram(QStringLiteral("sandpit-helper"), "SANDPIT_HELPER");
}

Expected<QString> LocalBackend::helperProgram() const
{
    const QString helper = m_config.helperPath.isEmpty() ? findHelper() : m_config.helperPath;
    if (helper.isEmpty() || !QFileInfo(helper).isExecutable()) {
        return makeError(RunError::Code::BackendUnavailable,
                         QStringLiteral("The sandbox helper (sandpit-helper) is missing: it should be in "
                                        "../libexec/sandpit beside the sandpit program (/usr/libexec/sandpit when "
                                        "installed), or next to it in a build. Reinstall Sandpit, or set "
                                        "SANDPIT_HELPER to its path."));
    }
    return helper;
}

Expected<std::unique_ptr<RunJob>> LocalBackend::createJob(const RunRequest &request)
{
    if (!request.sandbox.isEmpty()) {
        const Language *language = m_languages.find(request.language);
        return createSandboxJob(request, m_config.helperPath.isEmpty() ? findHelper() : m_config.helperPath,
                                programEnvironment(language ? *language : Language{}, request.terminal.has_value()));
    }
    const auto checked = checkRequest(m_languages, request);
    if (!checked)
        return std::unexpected(checked.error());
    const Language *language = *checked;
    RunRequest runRequest = runStepRequest(*language, request);
    auto steps = planSteps(*language, runRequest, m_config.toolchainSearchPath);
    if (!steps)
        return std::unexpected(steps.error());
    const Toolchains &toolchains = steps->toolchains;
    LocalJob::Plan &runPlan = steps->run;

    const auto found = helperProgram();
    if (!found)
        return std::unexpected(found.error());
    const QString &helper = *found;

    // A command of the request's own (a REPL's) runs the toolchain it names: no environment.
    const auto packages = request.command.isEmpty()
        ? PackagePlan::make(*language, request, localInterpreterTag(toolchains.run), EnvCache(request.packages.envs))
        : Expected<std::optional<PackagePlan>>{};
    if (!packages)
        return std::unexpected(packages.error());
    if (const auto shown = *packages ? checkShownFolders(**packages) : Expected<void>{}; !shown)
        return std::unexpected(shown.error());
    PreparedSandbox::Config sandboxConfig{helper, sandboxReadOnlyPaths(), PreparedSandbox::Config{}.workSizeBytes,
                                          request.weakestIsolation, filterImage(helper)};
    // The environment, read-only: only the setup step, in a sandbox of its own, writes it.
    if (*packages) {
        sandboxConfig.readOnlyPaths << (*packages)->envPath;
        runPlan.command = runCommand(*language, (*packages)->python, runRequest);
    }

    // The import check takes the warm sandbox: it comes first, and the program's is built
    // while it parses.
    auto checkSandbox
        = PolicyCheck::applies(*language, request) ? std::optional(takeSandbox(sandboxConfig)) : std::nullopt;
    if (checkSandbox && !*checkSandbox)
        return std::unexpected(checkSandbox->error());

    StagedJob::Plan staged;
    staged.diagnostics = DiagnosticParser(language->diagnosticFormats, request.sources);
    if (*packages && !(*packages)->ready) {
        auto setup = makeLocalSetupJob(**packages, request, toolchains.run, sandboxConfig,
                                       withoutProxyVariables(runPlan.environment));
        if (!setup)
            return std::unexpected(setup.error());
        staged.compile = std::move(*setup);
        staged.compileLimits = (*packages)->setupLimits;
        staged.makeRun = runAfterSetup(sandboxConfig, runRequest, runPlan);
    } else if (auto planned
               = planCompileAndRun(*language, toolchains, request, sandboxConfig, runRequest, runPlan, staged);
               !planned) {
        return std::unexpected(planned.error());
    }
    if (checkSandbox)
        checkImportsFirst(staged, request, toolchains.run, runPlan.environment, std::move(**checkSandbox));
    auto job = std::make_unique<StagedJob>(std::move(staged));
    // Not while a packages environment is still to be built: it is not there to show yet.
    if (m_config.prepareAhead && !(*packages && !(*packages)->ready)) {
        // Once this run has its job, not before: the next helper's fork and exec, on this
        // thread, held up the start of every run of a Check by as long.
        QObject::connect(job.get(), &RunJob::started, job.get(),
                         [alive = std::weak_ptr<int>(m_alive), this, sandboxConfig] {
                             if (alive.lock())
                                 prepareNext(sandboxConfig);
                         });
    }
    // After the run, not beside it: building a sandbox is a burst of mounts and cgroup work
    // that, on a two-core machine, slowed the run it was meant to speed up by a third. And a
    // moment after, so that the window showing the result does not share the cores with it.
    const auto afterRun = [this, sandboxConfig] {
        if (!std::exchange(m_sweptAbandoned, true)) {
            if (const int removed = RunFolders::removeAbandoned())
                qCInfo(lcSandbox) << "removed" << removed << "workspaces left by a Sandpit that was killed";
        }
        if (m_config.keepWarm) {
            QTimer::singleShot(kPrepareDelayMs, [alive = std::weak_ptr<int>(m_alive), this, sandboxConfig] {
                if (alive.lock())
                    prepareNext(sandboxConfig);
            });
        }
    };
    QObject::connect(job.get(), &RunJob::finished, job.get(), afterRun, Qt::QueuedConnection);
    QObject::connect(job.get(), &RunJob::failed, job.get(), afterRun, Qt::QueuedConnection);
    return job;
}

Expected<void> LocalBackend::planCompileAndRun(const Language &language, const Toolchains &toolchains,
                                               const RunRequest &request, const PreparedSandbox::Config &sandboxConfig,
                                               RunRequest runRequest, const LocalJob::Plan &runPlan,
                                               StagedJob::Plan &staged)
{
    const bool compiles = language.isCompiled() && request.command.isEmpty();
    auto sandbox = takeSandbox(compiles ? sandboxConfig : runPlan.sandboxConfig(sandboxConfig));
    if (!sandbox)
        return std::unexpected(sandbox.error());
    if (compiles) {
        const RunRequest compileRequest = compileStepRequest(language, request);
        staged.compileLimits = compileRequest.limits;
        LocalJob::Plan compilePlan{compileCommand(language, toolchains.compile, compileRequest),
                                   withoutProxyVariables(runPlan.environment), RunStage::Compile,
                                   QLatin1String(kBuildDir), {}};
        // The helper copies the build folder back here; the program's sandbox gets it as an
        // input folder, in the same place.
        const QString built = sandbox->workspace().workDir() + QLatin1Char('/') + QLatin1String(kBuildDir);
        runRequest.inputFiles << InputFile{built, QLatin1String(kBuildDir)};
        staged.compile = std::make_unique<LocalJob>(compileRequest, std::move(compilePlan), std::move(*sandbox));
        // The program's sandbox is built while the compiler works: on a run that compiles,
        // nobody waits for it.
        const PreparedSandbox::Config runConfig = runPlan.sandboxConfig(sandboxConfig);
        staged.makeRun = runIn(std::make_shared<Expected<PreparedSandbox>>(PreparedSandbox::start(runConfig)),
                               runConfig, runRequest, runPlan);
    } else {
        staged.makeRun
            = runIn(std::make_shared<Expected<PreparedSandbox>>(std::move(*sandbox)), {}, runRequest, runPlan);
    }
    return {};
}

Expected<PreparedSandbox> LocalBackend::takeSandbox(const PreparedSandbox::Config &config)
{
    if (fits(m_warm, m_warmPaths, config)) {
        PreparedSandbox sandbox = std::move(*m_warm);
        m_warm.reset();
        return sandbox;
    }
    m_warm.reset(); // a prepared helper that died is of no use; a fresh one says why
    return PreparedSandbox::start(config);
}

// Compiled once, by the first helper this engine starts; a helper that cannot export it
// (it is the same filter either way) leaves every helper to compile its own.
int LocalBackend::filterImage(const QString &helper)
{
    if (!std::exchange(m_filterTried, true)) {
        if (auto image = FilterImage::compile(helper))
            m_filter.emplace(std::move(*image));
        else
            qCWarning(lcSandbox) << image.error().message;
    }
    return m_filter ? m_filter->fd() : -1;
}

void LocalBackend::prepareNext(const PreparedSandbox::Config &config)
{
    if (fits(m_warm, m_warmPaths, config))
        return;
    // Looked at before the helper starts: a folder made meanwhile makes a mismatch, and a
    // fresh sandbox, never a sandbox taken for one it is not.
    QStringList paths = existingPaths(config.readOnlyPaths);
    if (auto sandbox = PreparedSandbox::start(config)) {
        m_warm.emplace(std::move(*sandbox));
        // A run with packages sees its environment: a sandbox is only reused for one that
        // shows the same folders.
        m_warmPaths = std::move(paths);
    }
}

} // namespace Sandpit::Core
