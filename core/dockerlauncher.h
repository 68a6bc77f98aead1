#pragma once

#include <QString>
#include <QStringList>

namespace Sandpit::Core {

/// The shell script a waiting container runs for its one run (see DockerPreparedContainer).
///
/// It runs the program with the given stdin, then, as the local sandbox's init does, kills
/// whatever the program left behind, reads the container's own cgroup counters (peak memory,
/// CPU time, refused forks, OOM kills: the kernel's evidence, v1 or v2), and writes the end
/// marker (see DockerEndMarker) on stdout with those fields and on stderr without. It is
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

    QByteArray script() const;
};

} // namespace Sandpit::Core
