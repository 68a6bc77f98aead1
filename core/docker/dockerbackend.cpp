#include "docker/dockerbackend.h"

#include "docker/dockerenvimage.h"
#include "docker/dockerexecjob.h"
#include "docker/dockerjob.h"
#include "docker/dockersetup.h"
#include "engine/companionprogram.h"
#include "engine/languagesteps.h"
#include "engine/requestcheck.h"
#include "engine/stagedjob.h"
#include "helper/proxyforward.h"
#include "packages/setupjob.h"
#include "policy/policycheck.h"
#include "policy/policyjob.h"

#include <optional>

namespace Sandpit::Core {

namespace {
// A container taken from the pool for a program that may never run (its compiler failed):
// removed then, like any container nobody used.
struct UnusedContainer {
    DockerPool &pool;
    DockerPool::Pending pending;

    UnusedContainer(DockerPool &p, DockerPool::Pending taken)
        : pool(p)
        , pending(std::move(taken))
    {
    }
    ~UnusedContainer()
    {
        if (pending.valid())
            pool.discard(std::move(pending));
    }
    UnusedContainer(const UnusedContainer &) = delete;
    UnusedContainer &operator=(const UnusedContainer &) = delete;
};

// The containers a run's steps had, for the pool to make again.
QList<DockerContainerKey> present(std::initializer_list<std::optional<DockerContainerKey>> keys)
{
    QList<DockerContainerKey> out;
    for (const auto &key : keys) {
        if (key)
            out << *key;
    }
    return out;
}
} // namespace

DockerBackend::DockerBackend(LanguageRegistry languages, Config config)
    : m_languages(std::move(languages))
    , m_config(std::move(config))
    , m_connector(std::make_shared<DockerConnector>(m_config.environment.value(QStringLiteral("DOCKER_HOST")),
                                                    m_config.environment))
    , m_reaper(std::make_shared<DockerReaper>(m_connector))
    , m_pool(m_connector, m_reaper)
{
    if (m_config.syscallFilter.isEmpty())
        m_config.syscallFilter = findSyscallFilter();
    m_remote = isRemote(m_config.environment);
}

QString DockerBackend::findSyscallFilter()
{
    return findCompanionProgram(QStringLiteral("sandpit-seccomp"), "SANDPIT_SECCOMP");
}

DockerContainerKey DockerBackend::keyFor(const QString &image, const Limits &limits) const
{
    DockerContainerKey key = DockerContainerKey::from(image, limits, m_config.syscallFilter);
    key.remote = m_remote;
    key.engineHere = !m_config.environment.value(QStringLiteral("DOCKER_HOST")).startsWith(QLatin1String("tcp://"));
    return key;
}

bool DockerBackend::isRemote(const QProcessEnvironment &environment)
{
    const QString mode = environment.value(QStringLiteral("SANDPIT_DOCKER_TRANSFER")).trimmed().toLower();
    if (mode == QLatin1String("archive"))
        return true;
    if (mode == QLatin1String("bind"))
        return false;
    // A daemon reached over TCP is on another machine, or may be: bind mounts of our folders
    // would name paths that do not exist there.
    return environment.value(QStringLiteral("DOCKER_HOST")).startsWith(QLatin1String("tcp://"));
}

QString DockerBackend::imageFor(const Language &language) const
{
    return imageFor(language, m_config);
}

QString DockerBackend::imageFor(const Language &language, const Config &config)
{
    const QString variable = QStringLiteral("SANDPIT_DOCKER_IMAGE_") + language.id.toUpper();
    const QString fromEnvironment = config.environment.value(variable).trimmed();
    if (!fromEnvironment.isEmpty())
        return fromEnvironment;
    return config.images.value(language.id, language.dockerImage);
}

namespace {
// The language's variables as KEY=VALUE, for a container's or a program's environment.
QStringList environmentOf(const Language &language)
{
    QStringList environment;
    for (auto it = language.environment.begin(); it != language.environment.end(); ++it)
        environment << it.key() + QLatin1Char('=') + it.value();
    return environment;
}

// The image a fresh container of `request` runs, or why there is none.
Expected<QString> chooseImage(const Language &language, const RunRequest &request, const DockerBackend::Config &config)
{
    const QString image = request.image.isEmpty() ? DockerBackend::imageFor(language, config) : request.image;
    if (image.isEmpty()) {
        return makeError(RunError::Code::UnknownLanguage,
                         QStringLiteral("Sandpit has no Docker image for %1; set SANDPIT_DOCKER_IMAGE_%2.")
                             .arg(language.name, language.id.toUpper()));
    }
    return image;
}
} // namespace

Expected<std::unique_ptr<RunJob>> DockerBackend::createJob(const RunRequest &request)
{
    if (!request.sandbox.isEmpty())
        return createSandboxJob(request);
    const auto checked = checkRequest(m_languages, request);
    if (!checked)
        return std::unexpected(checked.error());
    const Language *language = *checked;
    const Expected<QString> chosen = chooseImage(*language, request, m_config);
    if (!chosen)
        return std::unexpected(chosen.error());
    const QString &image = *chosen;
    if (request.terminal)
        return createReplJob(*language, request, image);
    // Before any step takes a container: an unstarted job, when dropped, waits for its
    // container to be made and removed, which on a remote engine is what takes long.
    if (auto reachable = proxyReachable(request); !reachable)
        return std::unexpected(reachable.error());

    // A command of the request's own (RunRequest::command) runs as it is: no compiler, no
    // environment.
    const bool ownCommand = !request.command.isEmpty();
    // The image is the Python an environment is for: another image, another environment.
    const auto packages = ownCommand
        ? Expected<std::optional<PackagePlan>>{}
        : PackagePlan::make(*language, request, QStringLiteral("docker ") + image, EnvCache(request.packages.envs));
    if (!packages)
        return std::unexpected(packages.error());

    const auto plan = [&](const RunRequest &step, QStringList command) {
        DockerRun::Plan p;
        p.request = step;
        p.key = keyFor(image, step.limits);
        p.command = std::move(command);
        p.environment = environmentOf(*language);
        return p;
    };
    StagedJob::Plan staged;
    std::optional<DockerContainerKey> compileKey;
    staged.diagnostics = DiagnosticParser(language->diagnosticFormats, request.sources);
    RunRequest runRequest = runStepRequest(*language, request);
    std::shared_ptr<Workspace> kept;
    QString python = language->run.toolchain.value(0);
    if (*packages) {
        python = QLatin1String(DockerEnvImage::kPathInImage) + QStringLiteral("/bin/python3");
        if (!(*packages)->ready) {
            auto setup = setupJob(**packages, plan((*packages)->setupRequest(request), {}), kept);
            if (!setup)
                return std::unexpected(setup.error());
            staged.compile = std::move(*setup);
            staged.compileLimits = (*packages)->setupLimits;
        }
    } else if (language->isCompiled() && !ownCommand) {
        // The compiler's container and its workspace go as soon as it ends; what it built is
        // kept here, in a workspace of Sandpit's own, for the program's container.
        auto workspace = Workspace::create();
        if (!workspace)
            return std::unexpected(workspace.error());
        kept = std::make_shared<Workspace>(std::move(*workspace));
        const RunRequest compileRequest = compileStepRequest(*language, request);
        staged.compileLimits = compileRequest.limits;
        // Toolchains are found inside the image by their names on its PATH; a host path would
        // mean nothing there.
        DockerRun::Plan compile
            = plan(compileRequest, compileCommand(*language, language->compile->toolchain.value(0), compileRequest));
        compile.stage = RunStage::Compile;
        compile.keepBuildIn = kept->root();
        compileKey = compile.key;
        auto container = m_pool.take(compile.key);
        staged.compile = std::make_unique<DockerJob>(std::move(compile), m_connector, m_reaper, std::move(container));
        runRequest.inputFiles << InputFile{kept->root() + QLatin1Char('/') + QLatin1String(kBuildDir),
                                           QLatin1String(kBuildDir)};
    }
    // Found on the image's PATH by the launcher's shell, as the language's toolchains are.
    DockerRun::Plan run = plan(runRequest, ownCommand ? request.command : runCommand(*language, python, runRequest));
    if (*packages)
        run.key.environment = (*packages)->envPath;
    const DockerContainerKey runKey = run.key; // kept warm for the next run: never with a proxy
    if (auto proxied = withProxy(run); !proxied)
        return std::unexpected(proxied.error());
    std::optional<DockerContainerKey> checkKey;
    if (PolicyCheck::applies(*language, request)) {
        // The image's own Python runs the checker.
        checkKey = checkImportsFirst(
            plan(PolicyCheck::request(request), PolicyCheck::command(QStringLiteral("python3"), request)),
            request.importPolicy, staged);
    }
    // Taken now, so that it is being made (or is warm) while the compiler works; the program's
    // job is made when it is due, with what was typed meanwhile.
    // An environment the setup step is still to make has no image yet: its container is taken
    // once the step has put it in the cache.
    const bool takeLater = *packages && !(*packages)->ready;
    auto container
        = std::make_shared<UnusedContainer>(m_pool, takeLater ? DockerPool::Pending{} : m_pool.take(run.key));
    staged.makeRun = [this, container, kept, run](const StagedJob::Input &input) -> Expected<std::unique_ptr<RunJob>> {
        DockerRun::Plan withInput = run;
        withInput.request = StagedJob::withInput(run.request, input);
        auto taken = container->pending.valid() ? std::move(container->pending) : m_pool.take(run.key);
        return std::make_unique<DockerJob>(std::move(withInput), m_connector, m_reaper, std::move(taken));
    };
    auto job = std::make_unique<StagedJob>(std::move(staged));
    keepWarmAfter(*job, present({checkKey, compileKey, runKey}));
    return job;
}

Expected<void> DockerBackend::proxyReachable(const RunRequest &request) const
{
    // The proxy is a socket on this computer, bound into the container; an engine elsewhere
    // has no way to it, and no network of the container's own is ever allowed instead.
    if (!request.network.isEmpty() && m_remote) {
        return makeError(RunError::Code::BadRequest,
                         QStringLiteral("A run with network access (an allow-list) in Docker needs an engine that "
                                        "shares this computer's disk, and this one does not (DOCKER_HOST is tcp://, "
                                        "or SANDPIT_DOCKER_TRANSFER=archive says so): Sandpit's proxy could not "
                                        "reach the container. Choose Run in: Local sandbox, or run without network."));
    }
    return {};
}

Expected<void> DockerBackend::withProxy(DockerRun::Plan &run) const
{
    if (run.request.network.isEmpty())
        return {};
    auto proxy = NetworkProxy::start(run.request.network);
    if (!proxy)
        return std::unexpected(proxy.error());
    run.proxy = std::move(*proxy);
    run.key.proxySocket = run.proxy->socketPath();
    for (const char *variable : Helper::kProxyEnvironment)
        run.environment << QString::fromLatin1(variable);
    return {};
}

Expected<std::unique_ptr<RunJob>> DockerBackend::createReplJob(const Language &language, const RunRequest &request,
                                                               const QString &image)
{
    // The REPL's container binds its control folder from this computer, as a named sandbox's
    // does; an engine elsewhere would find nothing there.
    if (m_remote) {
        return makeError(RunError::Code::BadRequest,
                         QStringLiteral("A terminal (the REPL) in Docker needs an engine that shares this computer's "
                                        "disk, and this one does not (DOCKER_HOST is tcp://, or "
                                        "SANDPIT_DOCKER_TRANSFER=archive says so). Choose Run in: Local sandbox."));
    }
    const RunRequest step = runStepRequest(language, request);
    QStringList command = request.command;
    if (command.isEmpty())
        command = runCommand(language, language.run.toolchain.value(0), step);
    // No wall-clock limit (DockerExec gives a terminal none): from outside the container,
    // Docker cannot tell the REPL waiting at its prompt from the REPL running what was typed,
    // and the time a learner takes to think must not end it. Its CPU time is limited instead,
    // by the container's rlimit, and its memory for the whole container.
    return std::make_unique<DockerExecJob>(
        step, std::move(command), m_connector,
        DockerReplContainer::Spec{keyFor(image, step.limits), environmentOf(language)});
}

Expected<std::unique_ptr<RunJob>> DockerBackend::createSandboxJob(const RunRequest &request)
{
    QStringList command = request.command;
    if (command.isEmpty()) {
        // The current file, run in the sandbox as the language runs it.
        const auto checked = checkRequest(m_languages, request);
        if (!checked)
            return std::unexpected(checked.error());
        const Language *language = *checked;
        const RunRequest step = runStepRequest(*language, request);
        command = runCommand(*language, language->run.toolchain.value(0), step);
    }
    return std::make_unique<DockerExecJob>(request, std::move(command), m_connector);
}

void DockerBackend::keepWarmAfter(RunJob &job, const QList<DockerContainerKey> &next)
{
    if (!m_config.keepWarm)
        return;
    // After the run has ended, so that making the next container does not compete with
    // this run's start. The job is the context: the connection goes with it, and the
    // backend outlives every job (RunWorker deletes jobs before its backends).
    // The compiler's too: a series of runs (a Check's tests) compiles each time.
    const auto prepareNext = [this, next] { m_pool.prepare(next); };
    // Not after a failure: a missing image or daemon would only fail again.
    QObject::connect(&job, &RunJob::finished, &job, prepareNext);
}

DockerContainerKey DockerBackend::checkImportsFirst(DockerRun::Plan check, const ImportPolicy &policy,
                                                    StagedJob::Plan &staged)
{
    check.stage = RunStage::Policy;
    const DockerContainerKey key = check.key;
    auto checker = std::make_unique<DockerJob>(std::move(check), m_connector, m_reaper, m_pool.take(key));
    if (!staged.compile)
        staged.compileLimits = PolicyCheck::limits();
    staged.compile = std::make_unique<PolicyJob>(std::move(checker), policy, std::move(staged.compile));
    return key;
}

Expected<std::unique_ptr<RunJob>> DockerBackend::setupJob(const PackagePlan &packages, DockerRun::Plan setup,
                                                          std::shared_ptr<Workspace> &kept)
{
    // The install reaches its index only through the proxy's socket, bound into the container
    // as a program's allow-list is (proxyReachable): an engine elsewhere has no way to it.
    if (!packages.installNetwork.isEmpty() && m_remote)
        return makeError(RunError::Code::BadRequest,
                         QStringLiteral("Installing packages from the package index %1 in Docker needs an engine that "
                                        "shares this computer's disk, and this one does not (DOCKER_HOST is tcp://, "
                                        "or SANDPIT_DOCKER_TRANSFER=archive says so): Sandpit's proxy could not reach "
                                        "the container. Choose Run in: Local sandbox, or clear the package index in "
                                        "Settings to install from the wheelhouse.")
                             .arg(packages.index));
    // As a compiler's build: the environment is moved out of the setup container's workspace
    // into one of Sandpit's own, and from there into the cache.
    auto workspace = Workspace::create();
    if (!workspace)
        return std::unexpected(workspace.error());
    kept = std::make_shared<Workspace>(std::move(*workspace));
    auto made = DockerSetup::setupPlan(packages, std::move(setup), kept->root());
    if (!made)
        return std::unexpected(made.error());
    // The setup request's list is the index's (PackagePlan::setupRequest), never the program's.
    if (auto proxied = withProxy(*made); !proxied)
        return std::unexpected(proxied.error());
    auto container = m_pool.take(made->key);
    auto install = std::make_unique<DockerJob>(std::move(*made), m_connector, m_reaper, std::move(container));
    return std::make_unique<SetupJob>(std::move(install), packages,
                                      kept->root() + QLatin1Char('/') + QLatin1String(PackagePlan::kBuildDir));
}

} // namespace Sandpit::Core
