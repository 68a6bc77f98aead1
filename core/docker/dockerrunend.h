#pragma once

#include "model/killreason.h"
#include "model/runlimits.h"

#include <QByteArray>
#include <QJsonObject>
#include <QMap>
#include <QStringList>

namespace Sandpit::Core {

/// The evidence of how a container's run ended: init's end marker (the kernel's own counters,
/// read inside the container once the program has ended), the stats stream's samples
/// meanwhile, the Engine API's word on the container's exit, and our own decision to stop it.
struct DockerRunEnd {
    int exitCode = 0;       ///< the container's, from the Engine API: init exits with the program's status
    bool oomKilled = false; ///< the Engine API's, or the marker's count of OOM kills
    KillReason ourKill = KillReason::None; ///< we killed it, and why
    qint64 wallMs = 0;
    qint64 inputWaitMs = 0; ///< of wallMs, waiting for typed input (init's count, else ours)
    qint64 peakMemory = 0;
    qint64 cpuMs = 0;
    int peakPids = 0;              ///< the program's own, init's and its watch's aside
    bool forkRefused = false;      ///< the pids cgroup refused a fork or a thread
    bool memoryRefused = false;    ///< the memory cgroup reached its limit (and reclaimed, or failed a charge)
    bool fileSizeReached = false;  ///< a file in /work or /tmp was left at the file-size limit
    bool openFilesReached = false; ///< init's watch saw a process holding the open-files limit
    bool diskFull = false;         ///< /work, /tmp or /dev/shm had no space or no inodes left
    /// Init saw nothing of the program's in /work change after the files were copied in, so
    /// nothing is there to copy back (see core/helper/workchanges.h). False when unknown.
    bool workUnchanged = false;

    /// Takes the counters of init's end marker (see DockerLauncher::evidenceScript and
    /// core/helper/dockerinit.h), never its status.
    void readMarker(const QMap<QByteArray, QByteArray> &fields);
    /// Takes one sample of the stats stream; `launcherPids` are the container's pids that are
    /// not the program's.
    void readStats(const QJsonObject &sample, int launcherPids);
    /// The limits reached without being stopped for them ("process-limit", "memory",
    /// "file-size", "open-files", "disk-full"), less `killReason`'s own: RunResult::limitsReached.
    QStringList limitsReached(const Limits &limits, KillReason killReason) const;
};

} // namespace Sandpit::Core
