#pragma once

#include "docker/dockercheck.h"
#include "languages/toolchaincheck.h"
#include "local/sandboxcheck.h"

#include <QMetaType>

namespace Sandpit::Core {

/// What a run would get on this computer now: `sandpit doctor`, and Help › Check This
/// Computer in the window, both show this one value.
struct DoctorReport {
    LocalSandboxCheck local;
    /// sandbox/allow_weaker: below full, a run with this setting refuses to start.
    IsolationReport::Level allowWeaker = IsolationReport::Level::Full;
    DockerCheck docker;
    QList<ToolchainCheck> languages;
};

} // namespace Sandpit::Core

Q_DECLARE_METATYPE(Sandpit::Core::DoctorReport)
