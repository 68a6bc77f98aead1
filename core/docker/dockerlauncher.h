#pragma once

#include <QString>
#include <QStringList>

namespace Sandpit::Core {

/// The two shell scripts PID 1 of a waiting container (sandpit-seccomp --init, see
/// core/helper/dockerinit.h) runs for its one run; neither ever sees the run's token.
///
/// script() (run.sh) copies the run's files into /work (given "copy" as its argument) or execs
/// the program with the given environment and stdin. evidenceScript() (end.sh) runs once the program has ended and init
/// has killed whatever it left behind, and prints the evidence of how it ended and the limits
/// it reached, as key=value fields on one line: the container's own cgroup counters, v1 or v2
/// (peak memory, CPU time, refused forks, the memory limit reached, OOM kills), a file left at
/// the file-size limit, a workspace with no space or inodes left. Init adds the status and the
/// open-files watch's answer and whether the program changed /work, and writes the end marker
/// (see DockerEndMarker).
struct DockerLauncher {
    QStringList environment; ///< NAME=VALUE
    QStringList command;     ///< the program and its arguments, as found inside the image
    QString stdinPath;       ///< inside the container
    /// A read-only folder inside the container whose files are copied into /work before the
    /// program starts (a copy that does not fit is the program's error); empty: they are there.
    QString copyFrom;
    /// The file-size limit, for the evidence that a write was refused at it (0: none).
    qint64 fileSizeBytes = 0;

    QByteArray script() const;
    QByteArray evidenceScript() const;
};

} // namespace Sandpit::Core
