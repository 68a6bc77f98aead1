#pragma once

#include "base/filedescriptor.h"
#include "model/runerror.h"

#include <QProcessEnvironment>
#include <QString>

namespace Sandpit::Core {

/// Where Sandpit keeps what belongs to one Docker named sandbox on the host:
/// $XDG_STATE_HOME/sandpit/sandboxes/docker/NAME (~/.local/state/… by default). State, not
/// cache: its log and the sandpit-seccomp its container runs must outlive a reboot of the
/// window. `rm` removes it.
class DockerSandboxFolder final
{
public:
    DockerSandboxFolder(const QString &name, const QProcessEnvironment &environment);

    const QString &root() const { return m_root; }
    /// Bound read-only at /run/sandpit: sandpit-seccomp, which every command is started with.
    QString control() const { return m_root + QStringLiteral("/control"); }
    QString log() const { return m_root + QStringLiteral("/sandbox.log"); }
    /// Present after `stop` or `kill`: the container's end was asked for, it did not die.
    /// Beside the log, whose path the container's label gives every client (DockerExec).
    QString stoppedMarker() const { return m_root + QStringLiteral("/stopped"); }

    /// The refusal of a create whose name a sandbox has, or is being given.
    static RunError nameTaken(const QString &name);

    /// Makes the folder if need be and takes it for one create until the descriptor closes: a
    /// second create of the name meanwhile, in this process or another, gets nameTaken()
    /// instead of sharing the folder, its proxy and its files. A lock, not only the folder's
    /// existence: a folder a crashed create or a `docker rm` left behind is free again.
    Expected<FileDescriptor> claim() const;
    /// Makes the folder and its control folder with sandpit-seccomp (`syscallFilter`) in it.
    Expected<void> prepare(const QString &syscallFilter) const;
    void markStopped(bool stopped) const;
    bool wasStopped() const;
    void remove() const;

private:
    QString m_root;
};

} // namespace Sandpit::Core
