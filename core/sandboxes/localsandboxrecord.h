#pragma once

#include "sandboxes/sandboxstore.h"

#include <QMap>
#include <QString>

namespace Sandpit::Core {

/// One process, named by pid and start time so that a pid the kernel gave to another process
/// is never taken for it.
struct ProcessIdentity {
    qint64 pid = 0;
    qint64 start = -1;

    /// True while that very process runs (a zombie has ended: it only waits to be reaped).
    bool isRunning() const;
    /// The process that has `pid` now; start -1 when there is none.
    static ProcessIdentity of(qint64 pid);
    /// Waits (blocking, polling /proc) until it has ended; false when it still runs after
    /// `timeoutMs`. For a process that is not our child, so that no wait() can tell.
    bool waitUntilEnded(int timeoutMs) const;
};

/// What a local named sandbox's state folder says (core/helper/sandboxprotocol.h): written by
/// its keeper, read here for `list`, `stop` and the commands that enter it.
class LocalSandboxRecord
{
public:
    /// Reads `stateDir`; isValid() is false when it holds no state (yet).
    explicit LocalSandboxRecord(const QString &stateDir);

    bool isValid() const { return !m_state.isEmpty(); }
    QString stateDir() const { return m_dir; }
    QString name() const;
    ProcessIdentity keeper() const { return identity("keeper"); }
    ProcessIdentity init() const { return identity("init"); }
    /// Running: its keeper and init both run, and it recorded no end.
    bool isRunning() const;
    /// Its cgroups (one on v2, up to three on v1); none without cgroups.
    QStringList cgroups() const;
    SandboxInfo info() const;
    /// Processes in it besides its init and its forwarder (as the state names it): the commands
    /// running in it now, and their children.
    int processesInside() const;
    /// The hosts it may reach (SandboxSpec::network), from networkFile(); empty: none.
    QList<AllowedDestination> network() const;
    /// Where create writes the sandbox's allow-list, one entry a line.
    static QString networkFile(const QString &stateDir);

private:
    ProcessIdentity identity(const char *who) const;
    qint64 number(const char *key) const { return m_state.value(QLatin1String(key)).toLongLong(); }
    qint64 memoryInUse() const;
    void describeEnd(SandboxInfo &info) const;

    QString m_dir;
    QMap<QString, QString> m_state;
    QMap<QString, QString> m_end;
    QMap<QString, QString> m_labels;
};

/// Reads a file of key=value lines; empty when it is missing.
QMap<QString, QString> readKeyValueFile(const QString &path);

} // namespace Sandpit::Core
