#include "grading/gradeengines.h"

#include "docker/dockerbackend.h"
#include "engine/backendfactory.h"

namespace Sandpit::Core {

std::vector<std::unique_ptr<Backend>> GradeEngine::makeBackends(const LanguageRegistry &languages,
                                                                const EngineSettings &settings) const
{
    if (endpoint.isEmpty()) {
        EngineSettings chosen = settings;
        chosen.backend = backendId;
        return Core::makeBackends(languages, chosen, RunsExpected::Series);
    }
    DockerBackend::Config docker;
    docker.environment.insert(QStringLiteral("DOCKER_HOST"), endpoint);
    if (!certFolder.isEmpty()) {
        // As the Docker CLI's DOCKER_TLS_VERIFY=1 DOCKER_CERT_PATH=…: the daemon's certificate is
        // checked and ours sent. A desktop session rarely has these variables, so the Grade
        // dialog names the folder instead.
        docker.environment.insert(QStringLiteral("DOCKER_CERT_PATH"), certFolder);
        docker.environment.insert(QStringLiteral("DOCKER_TLS_VERIFY"), QStringLiteral("1"));
    }
    docker.images = settings.dockerImages;
    docker.keepWarm = true;
    std::vector<std::unique_ptr<Backend>> backends;
    backends.push_back(std::make_unique<DockerBackend>(languages, std::move(docker)));
    return backends;
}

QList<GradeEngine> gradeEngines(const QStringList &endpoints, const QString &backend, const EngineSettings &settings,
                                const QString &certFolder)
{
    QList<GradeEngine> engines;
    for (const QString &endpoint : endpoints)
        engines << GradeEngine{endpoint, kDockerBackendId, endpoint, certFolder};
    if (engines.isEmpty()) {
        const QString id = backend.isEmpty() ? settings.backend : backend;
        engines << GradeEngine{id, id, {}, {}};
    }
    return engines;
}

bool engineCannotGrade(const RunError &error)
{
    switch (error.code) {
    case RunError::Code::MissingImage:
    case RunError::Code::MissingToolchain:
    case RunError::Code::SandboxUnavailable:
        return true;
    default:
        return isEngineFailure(error);
    }
}

} // namespace Sandpit::Core
