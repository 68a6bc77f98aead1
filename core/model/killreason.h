#pragma once

#include <QString>
#include <QStringView>

#include <optional>

namespace Sandpit::Core {

/// Why a run ended before the program finished on its own. "Could not run" is never a
/// kill reason: that is a RunError.
enum class KillReason {
    None,           ///< the program ended by itself (any exit code)
    Timeout,        ///< the wall-clock limit passed
    CpuTime,        ///< the CPU-time limit passed (SIGXCPU)
    Memory,         ///< the memory limit was hit
    OutputLimit,    ///< stdout and stderr together passed the output limit
    ProcessLimit,   ///< the process/thread limit was hit
    FileSize,       ///< a file grew past the file-size limit (SIGXFSZ)
    BlockedSyscall, ///< the seccomp filter stopped a forbidden system call
    Signal,         ///< the program died of a signal it raised or provoked (SIGSEGV, SIGABRT, ...)
    Cancelled,      ///< the user pressed Stop
};

/// The stable word used in JSON and settings: "none", "timeout", "cpu-time", ...
QString killReasonId(KillReason reason);
std::optional<KillReason> killReasonFromId(QStringView id);
/// A short phrase for people, e.g. "Stopped: it ran longer than the time limit".
QString killReasonTitle(KillReason reason);

/// "SIGSEGV" for 11; "signal 64" for numbers without a name.
QString signalName(int signal);
/// "segmentation fault" for SIGSEGV, for the one-sentence detail.
QString signalDescription(int signal);

} // namespace Sandpit::Core
