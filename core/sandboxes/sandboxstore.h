#pragma once

#include "model/runerror.h"
#include "network/allowlist.h"

#include <QDateTime>
#include <QList>
#include <QMap>
#include <QMetaType>
#include <QString>

namespace Sandpit::Core {

/// What `sandpit sandbox create` asks for: a sandbox that outlives the commands run in it.
struct SandboxSpec {
    QString name;           ///< [A-Za-z0-9][A-Za-z0-9_.-]{0,62}: a folder and a container name
    QString backend;        ///< "local" or "docker"
    QString image;          ///< Docker only; empty: the settings' default image
    qint64 memoryBytes = 0; ///< for the whole sandbox, all its commands together; 0: the settings' limit
    double cpus = 0;        ///< 0: no CPU share limit
    QString workspace;      ///< a host folder that is /work and persists; empty: a folder of its own, removed by rm
    QMap<QString, QString> labels;
    /// The hosts its commands may reach, through a proxy that lives as long as the sandbox
    /// (sandboxes/sandboxproxy.h); fixed at create. Empty: no network at all. A command in it
    /// gets this list, never the window's setting or the request's own.
    QList<AllowedDestination> network = {};
};

/// One named sandbox as `sandpit sandbox list` and the Sandboxes pane show it.
struct SandboxInfo {
    enum class State {
        Running, ///< commands can run in it
        Stopped, ///< `stop`: its processes ended, its files kept; `start` brings it back
        Dead,    ///< it ended by itself; `endReason` says why
    };
    QString name;
    QString backend;
    QString image;
    QString workspace;
    State state = State::Running;
    QDateTime since;         ///< when it was created (Running) or ended (Stopped, Dead)
    qint64 memoryBytes = -1; ///< in use now; -1 when unknown
    qint64 memoryLimit = 0;  ///< 0: none
    double cpus = 0;
    QMap<QString, QString> labels;
    QString owner;                     ///< who created it: user and process, as recorded at create
    bool ownerGone = false;            ///< that owner is no more; shown, never killed for it
    QString endReason;                 ///< Dead: a sentence, e.g. "It ran out of memory (256 MB)."
    QList<AllowedDestination> network; ///< SandboxSpec::network, as created
};

/// What one read of a sandbox's log gives (SandboxStore::logs). The log keeps only its newest
/// part, so a reader that fell further behind than the log holds finds its bytes gone: it goes
/// on from `end`, never from its own count, or it would get bytes again.
struct SandboxLogRead {
    QByteArray bytes;
    qint64 end = 0;     ///< the offset just past `bytes`: where the next read starts
    qint64 dropped = 0; ///< bytes from the offset asked for that the log no longer held
};

/// The named sandboxes of one backend. Every call blocks (disk, processes, the Docker API):
/// call it from a worker thread or the command line, never the GUI thread. Errors are values:
/// an unknown name, a name already taken and a missing image are `RunError::Code::BadRequest`
/// or `MissingImage` with a sentence that names the sandbox.
///
/// Commands run in a sandbox through the ordinary engine: a `RunRequest` whose `sandbox` is
/// the name (and `command`, `terminal` as needed), so a command gets the same output
/// batching, kill reasons and result as any run.
class SandboxStore
{
public:
    virtual ~SandboxStore() = default;

    /// Its backend's id: "local" or "docker" (SandboxInfo::backend of what it lists).
    virtual QString backend() const = 0;

    virtual Expected<SandboxInfo> create(const SandboxSpec &spec) = 0;
    virtual Expected<QList<SandboxInfo>> list() = 0;
    /// Starts a stopped (or dead) sandbox again, with the name, limits, labels and allow-list it
    /// was created with (its proxy started again); what its /work holds then is the backend's
    /// (README, "What survives a stop"). A running or unknown sandbox is a `BadRequest`.
    virtual Expected<SandboxInfo> start(const QString &name) = 0;
    /// Ends every process in it (SIGTERM, then SIGKILL after a grace period); files are kept.
    virtual Expected<void> stop(const QString &name) = 0;
    /// Ends every process in it at once (SIGKILL).
    virtual Expected<void> kill(const QString &name) = 0;
    /// Stops it if it runs and leaves nothing behind: no process, cgroup, folder or container.
    virtual Expected<void> remove(const QString &name) = 0;
    /// Everything its commands printed, from a log kept with a size cap (the oldest part goes
    /// first); `from` is a byte offset into the log as it grows (counted from the first byte
    /// ever written), for `logs --follow`.
    virtual Expected<SandboxLogRead> logs(const QString &name, qint64 from = 0) = 0;
    /// Every attempt its commands made to reach a host through its proxy, in order, allowed or
    /// denied (`logs --network`); empty for a sandbox without an allow-list.
    virtual Expected<QList<NetworkAttempt>> networkAttempts(const QString &name) = 0;
};

} // namespace Sandpit::Core

Q_DECLARE_METATYPE(Sandpit::Core::SandboxInfo)
