#pragma once

#include <QStringList>

namespace Sandpit::App {

/// Runs `sandpit run FILE [-- ARGS…]`. Exit status (RunExitStatus): the program's own, 124
/// for its time limit, 128+N for signal N, 125 for Sandpit's own errors; with --json 0 when
/// the run took place (whatever the program did), 2 for bad usage or settings, 3 when the
/// program could not run.
int runCli(const QStringList &arguments);

} // namespace Sandpit::App
