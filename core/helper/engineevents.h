#pragma once

#include "filedescriptor.h"
#include "initrecord.h"

namespace Sandpit::Helper {

/// The descriptor the engine gave with --events-fd (see protocol.h): what the helper tells it
/// beside the program's output. Non-blocking, so that an engine slow to read never stalls a
/// run: a list that does not fit is dropped (the next one says it all), and a report-ready that
/// does not fit leaves the engine to notice the helper's exit instead.
class EngineEvents
{
public:
    /// `fd` 0 or less: the engine does not listen, and nothing is sent.
    explicit EngineEvents(long long fd);

    bool listening() const { return m_fd.isValid(); }
    /// Passes on init's list of the run's output folder (kArtifactsListed).
    void sendListing(const InitRecord &record) const;
    /// The run began (true) or stopped (false) waiting for input (kInputWaitBegan/Ended).
    void sendInputWait(bool waiting) const;
    /// The report is in place and the output closed (kReportReady); the last event.
    void sendReportReady();
    /// For a child that must not hold the engine's pipe open.
    void closeInChild() const;

private:
    FileDescriptor m_fd;
};

} // namespace Sandpit::Helper
