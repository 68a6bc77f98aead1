#include "backends.h"

#include "localbackend.h"

namespace Sandpit::Core {

std::vector<std::unique_ptr<Backend>> makeBackends(const LanguageRegistry &languages,
                                                   const EngineSettings &settings)
{
    std::vector<std::unique_ptr<Backend>> backends;
    backends.push_back(std::make_unique<LocalBackend>(languages, LocalBackend::Config{}));
    std::stable_partition(backends.begin(), backends.end(),
                          [&](const auto &b) { return b->id() == settings.backend; });
    return backends;
}

} // namespace Sandpit::Core
