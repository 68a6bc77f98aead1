#pragma once

#include <QStringList>

namespace Sandpit::App {

/// Runs `sandpit pack build DIR --learner|--instructor -o FILE`. The arguments are the command
/// line with `pack` taken out, so that `build` is the command word. Exit status: 0 built, 2 bad
/// usage, 3 nothing built (a pack with problems, an output that exists, a write that failed).
int runPackBuild(const QStringList &arguments);

} // namespace Sandpit::App
