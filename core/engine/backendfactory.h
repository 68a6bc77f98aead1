#pragma once

#include "engine/backend.h"
#include "languages/languageregistry.h"
#include "sandboxes/sandboxstore.h"
#include "settings/enginesettings.h"

#include <memory>
#include <vector>

namespace Sandpit::Core {

/// How many runs the caller expects: a window runs many, and gains from a sandbox or container
/// made ready between them; the command line runs one, and would make one only to throw it away.
/// A Check runs a series, each run starting the moment the one before ends: the next sandbox
/// is built while a run goes, since there is no pause between them to build it in.
enum class RunsExpected { Many, One, Series };

/// Every backend of this build, the configured default first (requests that name no backend
/// go to the first).
std::vector<std::unique_ptr<Backend>> makeBackends(const LanguageRegistry &languages, const EngineSettings &settings,
                                                   RunsExpected runs = RunsExpected::Many);

/// The named sandboxes of backend `backendId` ("local" or "docker").
Expected<std::unique_ptr<SandboxStore>> makeSandboxStore(const QString &backendId, const LanguageRegistry &languages,
                                                         const EngineSettings &settings);

/// The backend that holds the sandbox `name`: a name is unique across backends, so each
/// store is asked in turn. "There is no sandbox named …" when none has it.
Expected<QString> findSandboxBackend(const QString &name, const LanguageRegistry &languages,
                                     const EngineSettings &settings);

} // namespace Sandpit::Core
