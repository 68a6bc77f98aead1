#pragma once

#include <QStringList>

namespace Sandpit::Core {
struct HistorySettings;
struct RunRequest;
struct RunResult;
} // namespace Sandpit::Core

namespace Sandpit::App {

/// Runs `sandpit history [--json] [--limit N]`: the recorded runs, newest first, as a table or
/// a JSON array. Exit status: 0, or 2 for bad usage or settings. Unreadable records are
/// skipped, each with a note on stderr.
int runHistoryCommand(const QStringList &arguments);

/// Records a finished `sandpit run` if the store policy wants it. A record that cannot be
/// written is a warning on stderr, never a different exit status: the run itself took place.
void recordRun(const Core::HistorySettings &settings, const Core::RunRequest &request, const Core::RunResult &result);

} // namespace Sandpit::App
