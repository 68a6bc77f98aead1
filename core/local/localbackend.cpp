#include "local/localbackend.h"

#include "engine/companionprogram.h"
#include "engine/languagesteps.h"
#include "engine/logging.h"
#include "engine/requestcheck.h"
#include "engine/stagedjob.h"
#include "files/runfolders.h"
#include "local/localjob.h"
#include "local/localsetup.h"
#include "local/sandboxpolicy.h"
#include "packages/packageplan.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QProcessEnvironment>
#include <QTimer>

namespace Sandpit::Core {

namespace {
// Long enough for the window to show a result, short against the time a person takes to
// press Run again.
constexpr int kPrepareDelayMs = 60;

QStringList programEnvironment(const Language &language)
{
    // An allow-list: nothing of the user's environment (tokens, SSH agent, D-Bus address)
    // reaches the program. The helper adds HOME, the workspace.
    QStringList env{
        QStringLiteral("PATH=/usr/local/bin:/usr/bin:/bin"),
        QStringLiteral("LANG=C.UTF-8"),
        QStringLiteral("TERM=dumb"),
        QStringLiteral("TMPDIR=/tmp"),
        QStringLiteral("USER=learner"),
    };
    for (auto it = language.environment.begin(); it != language.environment.end(); ++it)
        env << it.key() + QLatin1Char('=') + it.value();
    return env;
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
    const auto checked = checkRequest(m_languages, request);
    if (!checked)
        return std::unexpected(checked.error());
    const Language *language = *checked;

    const auto toolchains = findToolchains(*language, m_config.toolchainSearchPath);
    if (!toolchains)
        return std::unexpected(toolchains.error());

    const auto found = helperProgram();
    if (!found)
        return std::unexpected(found.error());
    const QString &helper = *found;

    const auto packages
        = PackagePlan::make(*language, request, localInterpreterTag(toolchains->run), EnvCache(request.packages.envs));
    if (!packages)
        return std::unexpected(packages.error());
    if (const auto shown = *packages ? checkShownFolders(**packages) : Expected<void>{}; !shown)
        return std::unexpected(shown.error());
    PreparedSandbox::Config sandboxConfig{helper, sandboxReadOnlyPaths(), PreparedSandbox::Config{}.workSizeBytes,
                                          request.weakestIsolation, filterImage(helper)};
    // The environment, read-only: only the setup step, in a sandbox of its own, writes it.
    if (*packages)
        sandboxConfig.readOnlyPaths << (*packages)->envPath;

    RunRequest runRequest = runStepRequest(*language, request);
    LocalJob::Plan runPlan;
    runPlan.command = runCommand(*language, *packages ? (*packages)->python : toolchains->run, runRequest);
    runPlan.environment = programEnvironment(*language);

    StagedJob::Plan staged;
    staged.diagnostics = DiagnosticParser(language->diagnosticFormats, request.sources);
    if (*packages && !(*packages)->ready) {
        auto setup = makeLocalSetupJob(**packages, request, toolchains->run, sandboxConfig, runPlan.environment);
        if (!setup)
            return std::unexpected(setup.error());
        staged.compile = std::move(*setup);
        staged.compileLimits = (*packages)->setupLimits;
        staged.makeRun = runAfterSetup(sandboxConfig, runRequest, runPlan);
    } else if (auto planned = planSteps(*language, *toolchains, request, sandboxConfig, runRequest, runPlan, staged);
               !planned) {
        return std::unexpected(planned.error());
    }
    auto job = std::make_unique<StagedJob>(std::move(staged));
    if (m_config.prepareAhead) {
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

Expected<void> LocalBackend::planSteps(const Language &language, const Toolchains &toolchains,
                                       const RunRequest &request, const PreparedSandbox::Config &sandboxConfig,
                                       RunRequest runRequest, const LocalJob::Plan &runPlan, StagedJob::Plan &staged)
{
    auto sandbox = takeSandbox(sandboxConfig);
    if (!sandbox)
        return std::unexpected(sandbox.error());
    if (language.isCompiled()) {
        const RunRequest compileRequest = compileStepRequest(language, request);
        staged.compileLimits = compileRequest.limits;
        LocalJob::Plan compilePlan;
        compilePlan.command = compileCommand(language, toolchains.compile, compileRequest);
        compilePlan.environment = runPlan.environment;
        compilePlan.stage = RunStage::Compile;
        compilePlan.collectDir = QLatin1String(kBuildDir);
        // The helper copies the build folder back here; the program's sandbox gets it as an
        // input folder, in the same place.
        const QString built = sandbox->workspace().workDir() + QLatin1Char('/') + QLatin1String(kBuildDir);
        runRequest.inputFiles << InputFile{built, QLatin1String(kBuildDir)};
        staged.compile = std::make_unique<LocalJob>(compileRequest, std::move(compilePlan), std::move(*sandbox));
        // The program's sandbox is built while the compiler works: on a run that compiles,
        // nobody waits for it.
        auto next = std::make_shared<Expected<PreparedSandbox>>(PreparedSandbox::start(sandboxConfig));
        staged.makeRun = [next, sandboxConfig, runRequest,
                          runPlan](const StagedJob::Input &input) -> Expected<std::unique_ptr<RunJob>> {
            if (*next && !(*next)->isAlive())
                *next = PreparedSandbox::start(sandboxConfig);
            if (!*next)
                return std::unexpected(next->error());
            return std::make_unique<LocalJob>(StagedJob::withInput(runRequest, input), runPlan, std::move(**next));
        };
    } else {
        auto taken = std::make_shared<PreparedSandbox>(std::move(*sandbox));
        staged.makeRun
            = [taken, runRequest, runPlan](const StagedJob::Input &input) -> Expected<std::unique_ptr<RunJob>> {
            return std::make_unique<LocalJob>(StagedJob::withInput(runRequest, input), runPlan, std::move(*taken));
        };
    }
    return {};
}

Expected<PreparedSandbox> LocalBackend::takeSandbox(const PreparedSandbox::Config &config)
{
    if (m_warm && m_warm->isAlive() && m_warm->weakestIsolation() == config.weakestIsolation
        && m_warmPaths == config.readOnlyPaths) {
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
    if (m_warm && m_warm->isAlive() && m_warm->weakestIsolation() == config.weakestIsolation
        && m_warmPaths == config.readOnlyPaths)
        return;
    if (auto sandbox = PreparedSandbox::start(config)) {
        m_warm.emplace(std::move(*sandbox));
        // A run with packages sees its environment: a sandbox is only reused for one that
        // shows the same folders.
        m_warmPaths = config.readOnlyPaths;
    }
}

} // namespace Sandpit::Core
