#include "local/localsetup.h"

#include "packages/setupjob.h"

namespace Sandpit::Core {

namespace {
// A venv and a few wheels unpacked: tens of megabytes for most sets, a few hundred for a
// scientific stack. The sandbox's /work is a tmpfs of this size, and the copy back has the
// same budget.
constexpr qint64 kSetupWorkBytes = 1024LL * 1024 * 1024;
} // namespace

Expected<void> checkShownFolders(const PackagePlan &plan)
{
    for (const QString &folder : {plan.wheelhouse, plan.envPath}) {
        if (folder.startsWith(QLatin1String("/tmp/")))
            return makeError(RunError::Code::BadRequest,
                             QStringLiteral("The packages' folder %1 is under /tmp, which the sandbox replaces with a "
                                            "/tmp of its own, so the program could never see it. Choose a folder "
                                            "elsewhere (Settings, or SANDPIT_WHEELHOUSE and SANDPIT_DATA_DIR).")
                                 .arg(folder));
    }
    return {};
}

Expected<std::unique_ptr<RunJob>> makeLocalSetupJob(const PackagePlan &plan, const RunRequest &request,
                                                    const QString &interpreter, PreparedSandbox::Config config,
                                                    const QStringList &environment)
{
    config.readOnlyPaths << plan.wheelhouse;
    config.workSizeBytes = std::max(config.workSizeBytes, kSetupWorkBytes);
    const auto tools = PipTools::find();
    if (!tools)
        return std::unexpected(tools.error());
    LocalJob::Plan install;
    install.command = plan.setupCommand(interpreter, plan.wheelhouse, *tools);
    install.environment = environment;
    install.stage = RunStage::Setup;
    install.collectDir = QLatin1String(PackagePlan::kBuildDir);
    // The index's proxy, as a program's allow-list gets one: its attempts are the result's.
    if (auto allowed = install.allowNetwork(plan.installNetwork); !allowed)
        return std::unexpected(allowed.error());
    auto sandbox = PreparedSandbox::start(install.sandboxConfig(config));
    if (!sandbox)
        return std::unexpected(sandbox.error());
    const QString built = sandbox->workspace().workDir() + QLatin1Char('/') + QLatin1String(PackagePlan::kBuildDir);
    auto job = std::make_unique<LocalJob>(plan.setupRequest(request), std::move(install), std::move(*sandbox));
    return std::make_unique<SetupJob>(std::move(job), plan, built);
}

StagedJob::MakeJob runAfterSetup(const PreparedSandbox::Config &config, const RunRequest &request,
                                 const LocalJob::Plan &plan)
{
    return [config, request, plan](const StagedJob::Input &input) -> Expected<std::unique_ptr<RunJob>> {
        auto sandbox = PreparedSandbox::start(plan.sandboxConfig(config));
        if (!sandbox)
            return std::unexpected(sandbox.error());
        return std::make_unique<LocalJob>(StagedJob::withInput(request, input), plan, std::move(*sandbox));
    };
}

} // namespace Sandpit::Core
