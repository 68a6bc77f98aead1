#include "runexitstatus.h"

#include <csignal>

namespace Sandpit::App {

RunExitStatus::RunExitStatus(bool json)
    : m_json(json)
{
}

int RunExitStatus::ran(const Core::RunResult &result) const
{
    if (m_json)
        return kJsonRan;
    switch (result.killReason) {
    case Core::KillReason::Timeout:
    case Core::KillReason::CpuTime:
        // timeout(1) gives 124 whichever signal it sent; the CPU limit is a time limit too.
        return kTimedOut;
    default:
        break;
    }
    if (result.signal)
        return kSignalBase + *result.signal;
    // Stopped by a limit with no signal on record: the sandbox stops programs with SIGKILL.
    if (result.killReason != Core::KillReason::None)
        return kSignalBase + SIGKILL;
    if (result.exitCode)
        return *result.exitCode & 0xFF;
    return kSandpitFailed;
}

int RunExitStatus::usage() const
{
    return m_json ? kJsonUsage : kSandpitFailed;
}

int RunExitStatus::couldNotRun() const
{
    return m_json ? kJsonCouldNotRun : kSandpitFailed;
}

} // namespace Sandpit::App
