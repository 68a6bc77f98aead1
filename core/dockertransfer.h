#pragma once

#include "dockerclient.h"
#include "dockercontainer.h"

namespace Sandpit::Core {

/// A run's files for a daemon that does not share our file system, such as a classroom's
/// engine behind tcp://: the workspace, the launcher, the token and the input go into the
/// container's /work volume as one tar once it has started (the volume is a tmpfs on the
/// daemon's machine, so it holds files only while the container runs), and output/ comes back
/// as a tar after. Nothing of the host is mounted.
class DockerTransfer final
{
public:
    /// Inside /work: what the launcher needs. The program may see it; the token is read and
    /// deleted before the program starts.
    static constexpr const char *kControlName = ".sandpit-run";
    static constexpr const char *kControlDir = "/work/.sandpit-run";

    struct Files {
        QByteArray launcher;
        QByteArray token;
        QByteArray stdinData;  ///< empty: none
        QString syscallFilter; ///< host path of sandpit-seccomp; empty: none
    };
    static Expected<void> send(const DockerClient &client, const DockerPreparedContainer &container, const Files &files);
    /// Copies the container's /work/`folder` (output, or what a compiler built) into the
    /// workspace's folder of that name.
    static Expected<void> fetch(const DockerClient &client, const DockerPreparedContainer &container, const QString &folder);
    /// Copies the container's whole /work into `destination`, as `destination`/work.
    static Expected<void> fetchWork(const DockerClient &client, const DockerPreparedContainer &container,
                                    const QString &destination);

private:
    /// True when all of it came (no cap was reached).
    static Expected<bool> fetchInto(const DockerClient &client, const DockerPreparedContainer &container,
                                    const QString &containerPath, const QString &destination, int maxFiles);
};

} // namespace Sandpit::Core
