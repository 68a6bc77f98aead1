#include "model/killreason.h"

#include "model/typeids.h"

#include <array>
#include <csignal>
#include <cstring>
#include <utility>

namespace Sandpit::Core {

namespace {
using ReasonInfo = EnumWordAndTitle<KillReason>;

constexpr std::array kReasons{
    ReasonInfo{KillReason::None, "none", "Finished"},
    ReasonInfo{KillReason::Timeout, "timeout", "Stopped: it ran longer than the time limit"},
    ReasonInfo{KillReason::CpuTime, "cpu-time", "Stopped: it used more CPU time than allowed"},
    ReasonInfo{KillReason::Memory, "memory", "Stopped: it used more memory than allowed"},
    ReasonInfo{KillReason::OutputLimit, "output-limit", "Stopped: it printed more than the output limit"},
    ReasonInfo{KillReason::ProcessLimit, "process-limit", "Stopped: it started too many processes or threads"},
    ReasonInfo{KillReason::FileSize, "file-size", "Stopped: it wrote a file larger than allowed"},
    ReasonInfo{KillReason::BlockedSyscall, "blocked-syscall", "Stopped: it tried something the sandbox forbids"},
    ReasonInfo{KillReason::Signal, "signal", "Crashed: the program was ended by a signal"},
    ReasonInfo{KillReason::Cancelled, "cancelled", "Stopped by you"},
};
static_assert(namesEveryEnumerator(kReasons));

struct SignalInfo {
    int number;
    const char *name;
    const char *description;
};

constexpr std::array kSignals{
    SignalInfo{SIGHUP, "SIGHUP", "hang-up"},
    SignalInfo{SIGINT, "SIGINT", "interrupt"},
    SignalInfo{SIGQUIT, "SIGQUIT", "quit"},
    SignalInfo{SIGILL, "SIGILL", "illegal instruction"},
    SignalInfo{SIGTRAP, "SIGTRAP", "trace trap"},
    SignalInfo{SIGABRT, "SIGABRT", "abort (the program called abort() or failed an assertion)"},
    SignalInfo{SIGBUS, "SIGBUS", "bus error (a bad memory access)"},
    SignalInfo{SIGFPE, "SIGFPE", "arithmetic error (for example a division by zero)"},
    SignalInfo{SIGKILL, "SIGKILL", "kill"},
    SignalInfo{SIGUSR1, "SIGUSR1", "user signal 1"},
    SignalInfo{SIGSEGV, "SIGSEGV", "segmentation fault (a bad memory access)"},
    SignalInfo{SIGUSR2, "SIGUSR2", "user signal 2"},
    SignalInfo{SIGPIPE, "SIGPIPE", "broken pipe"},
    SignalInfo{SIGALRM, "SIGALRM", "alarm clock"},
    SignalInfo{SIGTERM, "SIGTERM", "termination request"},
    SignalInfo{SIGSTKFLT, "SIGSTKFLT", "stack fault"},
    SignalInfo{SIGCHLD, "SIGCHLD", "child status change"},
    SignalInfo{SIGCONT, "SIGCONT", "continue"},
    SignalInfo{SIGSTOP, "SIGSTOP", "stop"},
    SignalInfo{SIGTSTP, "SIGTSTP", "terminal stop"},
    SignalInfo{SIGTTIN, "SIGTTIN", "background read from terminal"},
    SignalInfo{SIGTTOU, "SIGTTOU", "background write to terminal"},
    SignalInfo{SIGURG, "SIGURG", "urgent socket data"},
    SignalInfo{SIGXCPU, "SIGXCPU", "CPU time limit exceeded"},
    SignalInfo{SIGXFSZ, "SIGXFSZ", "file size limit exceeded"},
    SignalInfo{SIGVTALRM, "SIGVTALRM", "virtual timer"},
    SignalInfo{SIGPROF, "SIGPROF", "profiling timer"},
    SignalInfo{SIGWINCH, "SIGWINCH", "window size change"},
    SignalInfo{SIGIO, "SIGIO", "I/O possible"},
    SignalInfo{SIGPWR, "SIGPWR", "power failure"},
    SignalInfo{SIGSYS, "SIGSYS", "bad system call"},
};

const SignalInfo *findSignal(int number)
{
    for (const auto &s : kSignals) {
        if (s.number == number)
            return &s;
    }
    return nullptr;
}
} // namespace

QString killReasonId(KillReason reason)
{
    return enumId(kReasons, reason);
}

std::optional<KillReason> killReasonFromId(QStringView id)
{
    return enumFromId(kReasons, id);
}

QString killReasonTitle(KillReason reason)
{
    return QString::fromLatin1(entryOf(kReasons, reason).title);
}

QString signalName(int signal)
{
    if (const auto *s = findSignal(signal))
        return QString::fromLatin1(s->name);
    return QStringLiteral("signal %1").arg(signal);
}

QString signalDescription(int signal)
{
    if (const auto *s = findSignal(signal))
        return QString::fromLatin1(s->description);
    return QStringLiteral("signal %1").arg(signal);
}

} // namespace Sandpit::Core
