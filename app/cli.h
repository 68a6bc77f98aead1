#pragma once

#include <QStringList>

namespace Sandpit::App {

/// True when argv[1] names a command-line command ("run"), which needs no display.
bool isCliCommand(const char *word);

/// Runs `sandpit run FILE ...`. Exit status: 0 when the run took place (whatever the program
/// did), 2 for bad usage or settings, 3 when the program could not run.
int runCli(const QStringList &arguments);

} // namespace Sandpit::App
