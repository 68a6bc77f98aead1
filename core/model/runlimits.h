#pragma once

#include <QtGlobal>

#include <optional>

namespace Sandpit::Core {

/// Resource limits for one run. Zero means "no limit" for every field but the defaults,
/// which are chosen so a runaway learner program ends quickly without hurting the desktop.
struct Limits {
    qint64 wallTimeMs = 10'000;
    qint64 cpuTimeMs = 0; ///< 0: bounded only by the wall time
    qint64 memoryBytes = 256LL * 1024 * 1024;
    qint64 outputBytes = 1024LL * 1024; ///< stdout and stderr together
    int processes = 64;
    qint64 fileSizeBytes = 64LL * 1024 * 1024; ///< largest single file the program may write
    int openFiles = 256;

    friend bool operator==(const Limits &, const Limits &) = default;
};

/// Some limits replaced, the rest kept: a language's step limits over their base.
struct LimitOverrides {
    std::optional<qint64> wallTimeMs;
    std::optional<qint64> cpuTimeMs;
    std::optional<qint64> memoryBytes;
    std::optional<qint64> outputBytes;
    std::optional<int> processes;
    std::optional<qint64> fileSizeBytes;
    std::optional<int> openFiles;

    Limits appliedTo(Limits base) const
    {
        base.wallTimeMs = wallTimeMs.value_or(base.wallTimeMs);
        base.cpuTimeMs = cpuTimeMs.value_or(base.cpuTimeMs);
        base.memoryBytes = memoryBytes.value_or(base.memoryBytes);
        base.outputBytes = outputBytes.value_or(base.outputBytes);
        base.processes = processes.value_or(base.processes);
        base.fileSizeBytes = fileSizeBytes.value_or(base.fileSizeBytes);
        base.openFiles = openFiles.value_or(base.openFiles);
        return base;
    }
    friend bool operator==(const LimitOverrides &, const LimitOverrides &) = default;
};

} // namespace Sandpit::Core
