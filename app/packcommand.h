#pragma once

#include <QStringList>

namespace Sandpit::App {

/// Runs `sandpit pack validate|build|import …`: an exercise pack's author's tools. `sandpit pack`
/// alone, or with --help, lists them. The arguments are the whole command line.
int runPackCommand(const QStringList &arguments);

} // namespace Sandpit::App
