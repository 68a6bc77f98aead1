#pragma once

#include <QStringList>

namespace Sandpit::App {

/// True when argv[1] asks for the command line rather than the window: a command ("run",
/// "history") or the top-level --help/--version. None of them needs a display, so the caller
/// must not create a QApplication for them.
bool isCommandLine(const char *word);

/// Runs the command line: `sandpit run …`, `sandpit history …`, or the top-level help and
/// version. `withWindow` says whether this binary can also open the window (`sandpit`), or
/// only runs commands (`sandpit-cli`, the build without the GUI); the help says which.
/// Returns the exit status.
int runCommandLine(const QStringList &arguments, bool withWindow);

/// Sets the names QSettings and QStandardPaths use, and the version, on the running
/// application: the window and the command line share one settings file and one history.
void setIdentity();

} // namespace Sandpit::App
