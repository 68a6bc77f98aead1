#pragma once

#include "base/filedescriptor.h"
#include "docker/dockerclient.h"
#include "docker/dockerdaemoninfo.h"
#include "files/workspace.h"
#include "model/runlimits.h"

#include <QJsonObject>

namespace Sandpit::Core {

/// What a container is created with that a run cannot change later: the image and the
/// limits Docker applies through HostConfig. A warm container fits a run only if these match.
struct DockerContainerKey {
    QString image;
    qint64 memoryBytes = 0;
    int processes = 0;
    qint64 fileSizeBytes = 0;
    int openFiles = 0;
    qint64 cpuTimeMs = 0;
    QString syscallFilter; ///< host path of sandpit-seccomp, PID 1 of the container; empty: no run (see prepare())
    /// The daemon may not share our file system (tcp://): nothing of ours is bound, not even
    /// the read-only control folder, so the launcher and the token go through the archive API
    /// too, typed input over an attach, and the container starts at its run. Either way the
    /// workspace is the container's own sized tmpfs, filled and emptied through the archive API.
    bool remote = false;
    /// The daemon is reached over a unix socket, so it runs on this computer: a bind of a path
    /// every Linux machine has (/dev/null) names nothing of ours there. Over TCP the engine may
    /// be anywhere and gets no bind at all.
    bool engineHere = true;
    /// The program's uid and gid inside, which its folders and files belong to: decided by the
    /// daemon that creates the container (see forDaemon). Until then, and whenever the daemon
    /// did not say what it is, nobody's uid: a daemon that remaps refuses it ("cannot set uid
    /// to unmapped user"), so the run fails with Docker's error rather than run weaker.
    int learnerUid = kNobodysUid;
    /// Who owns /work's tmpfs, which the daemon mounts in its own user namespace, not the
    /// container's: the learner's uid as the daemon sees it. -1: not known (userns-remap with
    /// a root folder not named for its range), so root's, writable by all (mode 0777) anyway.
    int workOwnerUid = kNobodysUid;
    int workOwnerGid = kNobodysUid; ///< the same for its group
    /// The host path of the run's network proxy (RunRequest::network), bound read-only at
    /// /run/sandpit-proxy/proxy.sock; init starts the forwarder to it when it is there. Empty: no
    /// network at all. A container with one serves that run alone: it is never kept warm.
    QString proxySocket = {};
    /// The host path of a cached Python environment the program imports (PackagePlan::envPath):
    /// the container is made from that environment's image (DockerEnvImage), so nothing of it
    /// is sent per run. Empty: none.
    QString environment = {};

    /// Without a user-namespace remap, a container's uid is the host's: uid 1000, the first
    /// person's account on most desktops, let a program reach what that person owns (through
    /// /proc/<pid>/root of their processes, among others). This one is far above any account a
    /// distribution hands out and below 2^31, which some tools take for negative; the isolation
    /// report checks that no account of this computer has it.
    static constexpr int kNobodysUid = 2'147'000'000;
    /// Under userns-remap or rootless Docker, uid N inside is a subordinate uid (base + N)
    /// outside, which no account has; kNobodysUid is outside the mapped range (65536 uids by
    /// default) and cannot be used. Not 0: that is the container's root.
    static constexpr int kMappedUid = 1000;

    static DockerContainerKey from(const QString &image, const Limits &limits, const QString &syscallFilter);
    /// This key with the learner's uid for `daemon`: kMappedUid when it remaps user namespaces
    /// or is rootless, kNobodysUid otherwise or when not known.
    DockerContainerKey forDaemon(const DockerDaemonInfo &daemon) const;
    /// Init forks its watch for open files beside the program (see core/helper/dockerinit.h):
    /// there is a limit to watch for, and sandpit-seccomp to watch with.
    bool watchesOpenFiles() const { return openFiles > 0 && !syscallFilter.isEmpty(); }
    /// Pids in the container that are not the program's: init (sandpit-seccomp), which waits
    /// for the program to report how it ended, the open-files watch and the proxy's forwarder. The processes limit
    /// counts the program's alone.
    int launcherPids() const { return 1 + (watchesOpenFiles() ? 1 : 0) + (proxySocket.isEmpty() ? 0 : 1); }
    /// The container's pids.max (0: none): init's pids, the program's limit, and one
    /// more, so that the program can pass its limit and be seen to: the local sandbox's
    /// pids.max has the same headroom.
    int pidsLimit() const { return processes > 0 ? processes + launcherPids() + 1 : 0; }
    friend bool operator==(const DockerContainerKey &, const DockerContainerKey &) = default;
};

/// A started container that waits, doing nothing, for its one run, and the host workspace its
/// files are sent from and brought back to. Single-use.
///
/// Its PID 1, sandpit-seccomp's init, blocks reading the "go" pipe in the control folder. The
/// run writes a secret token there (see DockerRun), and init then runs the launcher written for
/// that run. Sandpit holds the pipe open from before the start: should Sandpit die, the pipe
/// closes, the waiting init reads end-of-file and the container ends by itself.
struct DockerPreparedContainer {
    QString id;
    Workspace workspace;
    QString
        controlDir; ///< host folder shown read-only at /run/sandpit: the launcher, stdin, sandpit-seccomp; empty when remote
    FileDescriptor
        go; ///< our end of the go pipe, open read-write so it never blocks; "done" ends init (DockerRunClose)
    int learnerUid = DockerContainerKey::kNobodysUid; ///< the key's, as created: the program's uid and its files' owner
    /// Made from its key's environment image; false when that could not be had, and the run
    /// then sends the environment into /work itself (DockerEnvImage::sendInstead).
    bool environmentInImage = false;
};

/// Creating and removing Sandpit's hardened containers.
class DockerContainer final
{
public:
    /// Where the run's files appear inside the container.
    static constexpr const char *kWorkDir = "/work";
    static constexpr const char *kControlDir = "/run/sandpit";
    /// The host workspace, read-only, for the launcher to copy into /work (see createBody).
    static constexpr const char *kFilesDir = "/run/sandpit-files";
    /// sandpit-seccomp, copied into the control folder rather than bound from where it is
    /// installed: a bind shows its source path in the container's /proc/self/mountinfo, and
    /// a build in a home folder would give away the user's name.
    static constexpr const char *kSyscallFilter = "/run/sandpit/seccomp";
    /// The container's host name, in place of Docker's default, the container id.
    static constexpr const char *kHostName = "sandpit";
    /// The program's uid and gid inside when the daemon neither remaps nor is rootless (see
    /// DockerContainerKey::learnerUid).
    static constexpr int kLearnerUid = DockerContainerKey::kNobodysUid;
    static constexpr const char *kRunLabel = "org.sandpit.run";
    static constexpr const char *kOwnerLabel = "org.sandpit.owner";

    /// The POST /containers/create body: the hardening lives here, in one place.
    /// `hostControlDir` and `hostFilesDir` are bound read-only unless the key is remote.
    static QJsonObject createBody(const DockerContainerKey &key, const QString &hostControlDir = {},
                                  const QString &hostFilesDir = {});
    /// A fresh workspace and a container for it, started and waiting for its run; when
    /// remote, created only.
    static Expected<DockerPreparedContainer> prepare(const DockerClient &client, const DockerContainerKey &key);
    /// The control folder in `workspace` (bound at kControlDir), with sandpit-seccomp in it.
    static Expected<QString> prepareControl(const Workspace &workspace, const QString &syscallFilter);
    /// POST /containers/create of `body` (named `name` when given): its id, or the daemon's
    /// refusal (a missing image named).
    static Expected<QString> create(const DockerClient &client, const DockerContainerKey &key, const QJsonObject &body,
                                    const QString &name = {});
    /// Force-removes the container and its anonymous volumes. False only when the daemon could
    /// not be reached or refused: a container already gone, or going, is what we wanted.
    static bool remove(const DockerClient &client, const QString &id);
    /// Removes containers a Sandpit that is no longer running left behind (it crashed, or was
    /// killed). Returns how many.
    static int removeOrphans(const DockerClient &client);
    /// The message for an image the daemon does not have.
    static RunError missingImage(const QString &image);
};

} // namespace Sandpit::Core
