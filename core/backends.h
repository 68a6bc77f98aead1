#pragma once

#include "backend.h"
#include "enginesettings.h"
#include "languageregistry.h"

#include <memory>
#include <vector>

namespace Sandpit::Core {

/// Every backend of this build, the configured default first (requests that name no backend
/// go to the first).
std::vector<std::unique_ptr<Backend>> makeBackends(const LanguageRegistry &languages,
                                                   const EngineSettings &settings);

} // namespace Sandpit::Core
