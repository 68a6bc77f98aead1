#pragma once

#include <QtGlobal>

namespace Sandpit::Core {

/// Resource limits for one run. Zero means "no limit" for every field but the defaults,
/// which are chosen so a runaway learner program ends quickly without hurting the desktop.
struct Limits {
    qint64 wallTimeMs = 10'000;
    qint64 cpuTimeMs = 0;                      ///< 0: bounded only by the wall time
    qint64 memoryBytes = 256LL * 1024 * 1024;
    qint64 outputBytes = 1024LL * 1024;        ///< stdout and stderr together
    int processes = 64;
    qint64 fileSizeBytes = 64LL * 1024 * 1024; ///< largest single file the program may write
    int openFiles = 256;

    friend bool operator==(const Limits &, const Limits &) = default;
};

} // namespace Sandpit::Core
