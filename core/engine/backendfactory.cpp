#include "engine/backendfactory.h"

#include "docker/dockerbackend.h"
#include "docker/dockersandboxes.h"
#include "local/localbackend.h"
#include "sandboxes/localsandboxes.h"

namespace Sandpit::Core {

std::vector<std::unique_ptr<Backend>> makeBackends(const LanguageRegistry &languages, const EngineSettings &settings,
                                                   RunsExpected runs)
{
    const bool keepWarm = runs != RunsExpected::One;
    std::vector<std::unique_ptr<Backend>> backends;
    LocalBackend::Config local;
    local.keepWarm = keepWarm;
    local.prepareAhead = runs == RunsExpected::Series;
    backends.push_back(std::make_unique<LocalBackend>(languages, std::move(local)));
    // Creating it contacts nobody: the daemon is first asked on a run's own thread (and by a
    // background sweep for containers a crashed Sandpit left), so a missing Docker costs nothing.
    DockerBackend::Config docker;
    docker.keepWarm = keepWarm;
    docker.images = settings.dockerImages;
    backends.push_back(std::make_unique<DockerBackend>(languages, std::move(docker)));
    std::stable_partition(backends.begin(), backends.end(), [&](const auto &b) { return b->id() == settings.backend; });
    return backends;
}

Expected<std::unique_ptr<SandboxStore>> makeSandboxStore(const QString &backendId, const LanguageRegistry &languages,
                                                         const EngineSettings &settings)
{
    if (backendId == kDockerBackendId) {
        DockerBackend::Config backend;
        backend.images = settings.dockerImages;
        DockerSandboxes::Config config;
        config.environment = backend.environment;
        config.limits = settings.limits;
        // A sandbox made without --image gets the image of the default language, Python.
        if (const Language *python = languages.find(QStringLiteral("python")))
            config.defaultImage = DockerBackend::imageFor(*python, backend);
        auto connector = std::make_shared<DockerConnector>(config.environment.value(QStringLiteral("DOCKER_HOST")),
                                                           config.environment);
        return std::make_unique<DockerSandboxes>(std::move(connector), std::move(config));
    }
    if (backendId == kLocalBackendId) {
        LocalSandboxes::Config config;
        config.defaultMemoryBytes = settings.limits.memoryBytes;
        config.processes = settings.limits.processes;
        return std::make_unique<LocalSandboxes>(std::move(config));
    }
    return makeError(RunError::Code::BadRequest, QStringLiteral("There is no \"%1\" backend.").arg(backendId));
}

Expected<QString> findSandboxBackend(const QString &name, const LanguageRegistry &languages,
                                     const EngineSettings &settings)
{
    QString unreachable;
    for (const QString &backendId : {QString(kLocalBackendId), QString(kDockerBackendId)}) {
        auto store = makeSandboxStore(backendId, languages, settings);
        if (!store)
            continue;
        auto sandboxes = (*store)->list();
        if (!sandboxes) {
            unreachable = sandboxes.error().message;
            continue;
        }
        for (const SandboxInfo &sandbox : *sandboxes) {
            if (sandbox.name == name)
                return backendId;
        }
    }
    QString message = QStringLiteral("There is no sandbox named %1; `sandpit sandbox list` shows them.").arg(name);
    if (!unreachable.isEmpty())
        message += QStringLiteral(" (%1)").arg(unreachable);
    return makeError(RunError::Code::BadRequest, message);
}

} // namespace Sandpit::Core
