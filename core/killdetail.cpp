#include "killdetail.h"

#include <cmath>

namespace Sandpit::Core {

QString formatBytes(qint64 bytes)
{
    if (bytes < 1024)
        return QStringLiteral("%1 bytes").arg(bytes);
    static constexpr const char *kUnits[] = {"KB", "MB", "GB", "TB"};
    double value = double(bytes) / 1024;
    int unit = 0;
    while (value >= 1024 && unit < 3) {
        value /= 1024;
        ++unit;
    }
    // "256 MB", but "9.6 MB": a decimal only where it says something.
    const bool whole = std::abs(value - std::round(value)) < 0.05;
    return QStringLiteral("%1 %2").arg(QString::number(value, 'f', whole ? 0 : 1), QLatin1String(kUnits[unit]));
}

QString formatDuration(qint64 ms)
{
    if (ms < 1000)
        return QStringLiteral("%1 ms").arg(ms);
    return QStringLiteral("%1 s").arg(QString::number(double(ms) / 1000.0, 'f', ms % 1000 == 0 ? 0 : 1));
}

QString describeEnd(const RunResult &result, const Limits &limits, const QString &extra)
{
    switch (result.killReason) {
    case KillReason::None:
        if (result.exitCode == 0)
            return QStringLiteral("The program finished normally.");
        return QStringLiteral("The program finished with exit code %1, which usually means it reported an error.")
            .arg(result.exitCode.value_or(-1));
    case KillReason::Timeout:
        return QStringLiteral("It was still running after the time limit of %1, so Sandpit stopped it and every process it started.")
            .arg(formatDuration(limits.wallTimeMs));
    case KillReason::CpuTime:
        return QStringLiteral("It used more than %1 of CPU time, the CPU limit.").arg(formatDuration(limits.cpuTimeMs));
    case KillReason::Memory:
        return QStringLiteral("It tried to use more than %1 of memory, the memory limit.").arg(formatBytes(limits.memoryBytes));
    case KillReason::OutputLimit:
        return QStringLiteral("It printed more than %1, the output limit; Sandpit kept the first %1 and stopped it.")
            .arg(formatBytes(limits.outputBytes));
    case KillReason::ProcessLimit:
        return QStringLiteral("It tried to run more than %1 processes or threads at once.").arg(limits.processes);
    case KillReason::FileSize:
        return QStringLiteral("It tried to write a file larger than %1, the file-size limit.").arg(formatBytes(limits.fileSizeBytes));
    case KillReason::BlockedSyscall:
        return extra.isEmpty() ? QStringLiteral("It made a system call that the sandbox forbids.")
                               : QStringLiteral("It made a system call that the sandbox forbids (%1).").arg(extra);
    case KillReason::Signal: {
        const int sig = result.signal.value_or(0);
        return QStringLiteral("It was ended by %1: %2.").arg(signalName(sig), signalDescription(sig));
    }
    case KillReason::Cancelled:
        return QStringLiteral("You pressed Stop; Sandpit ended the program and every process it started.");
    }
    return {};
}

} // namespace Sandpit::Core
