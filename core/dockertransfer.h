#pragma once

#include "dockerclient.h"
#include "dockerarchive.h"
#include "dockercontainer.h"

namespace Sandpit::Core {

/// A run's files, in and out of the container's /work volume as tars through the archive API.
/// The volume is a sized tmpfs on the daemon's machine (see DockerContainer::createBody), so
/// it holds files only while the container runs: they go in once it has started, and output/,
/// a kept workspace or what a compiler built come back before it is removed. For a daemon that
/// does not share our file system (a classroom's engine behind tcp://), the launcher, the
/// token and the input go in the same tar, since nothing of the host is mounted there.
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
    /// The workspace with `files` in the control folder: for a remote container.
    static Expected<void> send(const DockerClient &client, const DockerPreparedContainer &container, const Files &files);
    /// The workspace alone: its launcher and input are in the bound control folder.
    static Expected<void> sendWorkspace(const DockerClient &client, const DockerPreparedContainer &container);
    /// Copies the container's /work/`folder` (output, or what a compiler built) into the
    /// workspace's folder of that name.
    static Expected<void> fetch(const DockerClient &client, const DockerPreparedContainer &container, const QString &folder);
    /// Copies the container's whole /work into `destination`, as `destination`/work.
    static Expected<void> fetchWork(const DockerClient &client, const DockerPreparedContainer &container,
                                    const QString &destination);

private:
    static Expected<void> put(const DockerClient &client, const DockerPreparedContainer &container,
                              const QList<DockerArchive::Extra> &extras);
    /// True when all of it came (no cap was reached).
    static Expected<bool> fetchInto(const DockerClient &client, const DockerPreparedContainer &container,
                                    const QString &containerPath, const QString &destination, int maxFiles);
};

} // namespace Sandpit::Core
