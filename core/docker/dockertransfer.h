#pragma once

#include "docker/dockerarchive.h"
#include "docker/dockerclient.h"
#include "docker/dockercontainer.h"
#include "files/workspacebaseline.h"

namespace Sandpit::Core {

/// A run's files, in and out of the container's /work volume as tars through the archive API.
/// The volume is a sized tmpfs on the daemon's machine (see DockerContainer::createBody), so
/// it holds files only while the container runs: output/, a kept workspace or what a compiler
/// built come back before it is removed. For a daemon that does not share our file system (a
/// classroom's engine behind tcp://) the files go in the same way, once it has started, with
/// the launcher, the token and the input, since nothing of the host is mounted there.
class DockerTransfer final
{
public:
    /// Inside /work: what the launcher needs. The program may see it; the token is read and
    /// deleted before the program starts.
    static constexpr const char *kControlName = ".sandpit-run";
    static constexpr const char *kControlDir = "/work/.sandpit-run";
    /// The size of an empty folder on a tmpfs (see DockerClient::pathSize).
    static constexpr qint64 kEmptyFolderSize = 40;

    struct Files {
        QByteArray launcher;
        QByteArray evidence;
        QByteArray order;      ///< the token and init's deadline
        QByteArray stdinData;  ///< empty: none
        QString syscallFilter; ///< host path of sandpit-seccomp; empty: none
    };
    /// Who owns what goes in: the container's user (see DockerContainerKey::learnerUid). Under
    /// userns-remap Docker maps it to the subordinate uid outside as it unpacks.
    static DockerArchive::Owner owner(const DockerPreparedContainer &container);
    /// The workspace with `files` in the control folder: for a remote container (a local one
    /// has its launcher copy them from a read-only bind, see DockerContainer::createBody).
    static Expected<void> send(const DockerClient &client, const DockerPreparedContainer &container,
                               const Files &files);
    /// Copies the container's /work/`folder` (output, or what a compiler built) into the
    /// workspace's folder of that name.
    static Expected<void> fetch(const DockerClient &client, const DockerPreparedContainer &container,
                                const QString &folder);
    /// Brings back what the program created or changed anywhere in the container's /work into
    /// the workspace's work/ (Sandpit's own files left as they were, in `baseline`, stay
    /// behind), so that ArtifactCollector finds them where a local run leaves them.
    static Expected<void> fetchChanges(const DockerClient &client, const DockerPreparedContainer &container,
                                       const WorkspaceBaseline &baseline);
    /// Copies the container's whole /work into `destination`, as `destination`/work.
    static Expected<void> fetchWork(const DockerClient &client, const DockerPreparedContainer &container,
                                    const QString &destination);

private:
    /// True when all of it came (no cap was reached).
    static Expected<bool> fetchInto(const DockerClient &client, const DockerPreparedContainer &container,
                                    const QString &containerPath, const QString &destination, int maxFiles,
                                    const DockerArchive::Filter &wanted = {});
};

} // namespace Sandpit::Core
