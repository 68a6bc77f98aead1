#include "engine/backendfactory.h"

#include "docker/dockerbackend.h"
#include "local/localbackend.h"

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

} // namespace Sandpit::Core
