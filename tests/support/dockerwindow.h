#pragma once
// The window's Docker tests: the engine settings that run only in Docker, on the offline
// Python image (packaging/docker/build-offline-images.sh python).

#include "settings/enginesettings.h"

#include <QByteArray>

namespace SandpitTest {

/// A container's first start can take a while on a loaded machine.
inline constexpr int kContainerRunTimeoutMs = 60'000;
inline const QByteArray kOfflinePythonImage = "sandpit-offline/python:3.11";

/// Docker and nothing else: a run that quietly went to the local sandbox would prove nothing.
inline Sandpit::Core::EngineSettings dockerOnlySettings()
{
    Sandpit::Core::EngineSettings settings;
    settings.backend = QStringLiteral("docker");
    settings.dockerFallback = false;
    return settings;
}

} // namespace SandpitTest
