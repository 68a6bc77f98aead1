#pragma once

#include <cstdint>
#include <unistd.h>

namespace Sandpit::Helper {

/// What the sandbox's init tells the supervisor, as one write() on a pipe (under PIPE_BUF, so
/// it arrives whole or not at all).
struct InitRecord {
    /// Listing: what the run's output folder holds so far (see kArtifactsListed in protocol.h),
    /// sent while the program runs; the others end the run.
    /// Built: the sandbox stands and init waits for the run (sent once, before any other).
    /// InputWait: the run began (inputWaiting 1) or stopped (0) waiting for input, as
    /// InputWatch tells it; sent on each change while the program runs.
    enum Kind : std::int32_t { ProgramEnded = 1, SetupFailed = 2, Listing = 3, Built = 4, InputWait = 5 };
    /// Why init itself ended the run, from what it saw; None when the program ended or the
    /// supervisor asked.
    enum Stop : std::int32_t { None = 0, Memory = 1, ProcessLimit = 2, BlockedSyscall = 3 };
    /// limitsReached: what the run ran into without being stopped for it.
    enum LimitBit : std::int32_t {
        ReachedProcesses = 1, ///< seen past its process limit (a fork or thread was refused)
        ReachedMemory = 2,    ///< the memory cgroup's limit was hit (allocations reclaimed or refused)
        ReachedFileSize = 4,  ///< a file it wrote stands at the file-size limit
        ReachedOpenFiles = 8, ///< a process held as many files open as it may
        ReachedDiskFull = 16, ///< its workspace, /tmp or /dev/shm had no space or no inodes left
    };

    std::int32_t kind = 0;
    std::int32_t stop = None;
    std::int32_t waitStatus = 0; ///< the main program's status, as from waitpid()
    std::int32_t setupErrno = 0;
    std::int32_t sandboxStage = 0;   ///< 1: the failure was in building the sandbox, not the program's start
    char setupStep[48] = {};         ///< which step failed, for SetupFailed
    char detail[48] = {};            ///< for BlockedSyscall: the call's name
    std::int64_t cpuUs = 0;          ///< user + system time of every process in the run
    std::int64_t peakRssBytes = 0;   ///< the largest resident set of any one process
    std::int64_t peakTotalBytes = 0; ///< the largest sampled sum over all processes
    std::int64_t peakTasks = 0;
    /// Limits the kernel enforced by refusing a call, from init's evidence (see LimitBit).
    std::int32_t limitsReached = 0;
    std::int32_t inputWaiting = 0;
    std::int32_t artifactsSkipped = 0;
    std::int32_t artifactsTruncated = 0;
    std::uint32_t listingLength = 0;
    char listing[3072] = {}; ///< for Listing: "SIZE\tPATH\n" lines
};
static_assert(sizeof(InitRecord) <= 4096, "an InitRecord must be one atomic pipe write");

inline void sendRecord(int fd, const InitRecord &record)
{
    // A single write of a small struct on a pipe is atomic; if the supervisor is gone there
    // is nobody to tell, so the result is ignored.
    [[maybe_unused]] const ssize_t n = write(fd, &record, sizeof record);
}

} // namespace Sandpit::Helper
