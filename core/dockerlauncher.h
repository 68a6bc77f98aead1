#pragma once

#include <QString>
#include <QStringList>

namespace Sandpit::Core {

/// The shell script a waiting container runs for its one run (see DockerPreparedContainer).
///
/// It runs the program with the given stdin (beside it, sandpit-seccomp's watch for open
/// files), then, as the local sandbox's init does, kills whatever the program left behind,
/// gathers the evidence of how it ended and the limits it reached (the container's own cgroup
/// counters, v1 or v2: peak memory, CPU time, refused forks, the memory limit reached, OOM
/// kills; the watch's answer; a file left at the file-size limit; a workspace with no space or
/// inodes left), and writes the end marker (see DockerEndMarker) on stdout with those fields
/// and on stderr without. It is
/// sourced by the container's PID 1 shell, which read the token from the go pipe into $token:
/// the program never sees it in a file, an argument or its environment.
///
/// After the marker it waits (a minute at most) to be removed instead of exiting: /work is a
/// tmpfs that goes when the container stops, and output/ has to be copied back first.
struct DockerLauncher {
    QStringList environment; ///< NAME=VALUE
    QStringList command;     ///< the program and its arguments, as found inside the image
    QString stdinPath;       ///< inside the container
    /// A read-only folder inside the container whose files are copied into /work before the
    /// program starts (a copy that does not fit is the program's error); empty: they are there.
    QString copyFrom;
    /// sandpit-seccomp inside the container, to watch for a process holding `openFiles`
    /// descriptors (see openfiles.h in the helper); empty or 0: no watch.
    QString watcher;
    int openFiles = 0;
    /// The file-size limit, for the evidence that a write was refused at it (0: none).
    qint64 fileSizeBytes = 0;

    QByteArray script() const;
};

} // namespace Sandpit::Core
