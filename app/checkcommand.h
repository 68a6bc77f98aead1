#pragma once

#include <QStringList>

namespace Sandpit::App {

/// Runs `sandpit check EXERCISE [FILE]`: an exercise's tests against the learner's file, in
/// the sandbox, printed as a table (or JSON lines). Exit status (CheckExitStatus): 0 when
/// every test passed, 1 when one did not, 2 for bad usage or settings, 3 when nothing could
/// be checked (no such exercise, a broken pack, no file, no sandbox).
int runCheckCommand(const QStringList &arguments);

/// The statuses of `sandpit check`, the same with and without --json, as `sandpit run --json`
/// gives 2 and 3: a script tells "the learner's program fails" (1) from "nothing was checked".
struct CheckExitStatus {
    static constexpr int kAllPassed = 0;
    static constexpr int kSomeFailed = 1;
    static constexpr int kUsage = 2;
    static constexpr int kCouldNotCheck = 3;
};

} // namespace Sandpit::App
