#pragma once

#include <QLatin1String>

namespace Sandpit::Core {

/// The ids backends answer to: Backend::id(), RunRequest::backend and fallbackBackend, the
/// "backend" setting, the CLI's --backend and the "backend" field of its JSON. Written once
/// here, so a misspelt id is a compile error rather than a run on the wrong backend.
inline constexpr QLatin1String kLocalBackendId("local");
inline constexpr QLatin1String kDockerBackendId("docker");

} // namespace Sandpit::Core
