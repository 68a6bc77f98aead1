#pragma once

#include "step.h"

namespace Sandpit::Helper {

/// Limits for one copy. Whatever is over a limit is left behind and counted.
struct CopyBudget {
    long long maxFiles = 1000;
    long long maxBytes = 0;
    long long files = 0;
    long long bytes = 0;
    int skipped = 0;        ///< symlinks, hard-linked files, devices, FIFOs, sockets
    bool truncated = false; ///< a limit was reached
};

/// Copies the regular files and folders under `sourceDir` into `targetDir` (both open
/// directory descriptors). It never follows a symlink, and skips files with more than one
/// hard link: what it copies out of the sandbox is only ever what the program wrote itself.
Step copyTree(int sourceDir, int targetDir, CopyBudget &budget);

/// Brings `targetDir` up to date with what changed in `sourceDir`, as copyTree does and with
/// the same care: a file the target lacks is copied, one that differs replaces the target's,
/// and one the same in both is left alone without counting against the budget. So the
/// sources and input files a program only read cost nothing, and cannot crowd out its own.
Step copyChanges(int sourceDir, int targetDir, CopyBudget &budget);

} // namespace Sandpit::Helper
