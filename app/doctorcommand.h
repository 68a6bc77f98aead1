#pragma once

#include <QStringList>

namespace Sandpit::App {

/// Runs `sandpit doctor [--json]`: what a run would get on this computer now (see
/// Core::Doctor). Exit status: 0 when the local sandbox gives full isolation, 1 when it gives
/// less or could not be checked, 2 for bad usage or settings.
int runDoctorCommand(const QStringList &arguments);

} // namespace Sandpit::App
