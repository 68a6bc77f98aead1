#pragma once

#include <QStringList>

namespace Sandpit::App {

/// Runs `sandpit pack validate DIR`: every exercise's reference solution against all its tests,
/// its wrong programs, its statement's examples, its files and its limits, and records the
/// reference's time per test. The arguments are the command line with `pack` taken out. Exit
/// status: 0 when nothing is wrong (warnings or not), 1 when something is, 2 bad usage, 3 when
/// the pack could not be validated.
int runPackValidate(const QStringList &arguments);

} // namespace Sandpit::App
