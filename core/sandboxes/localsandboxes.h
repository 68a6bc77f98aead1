#pragma once

#include "sandboxes/localsandboxrecord.h"
#include "sandboxes/sandboxstore.h"

#include <QStringList>

namespace Sandpit::Core {

/// The named sandboxes of the local backend: each is a held sandbox (sandpit-helper --hold,
/// see core/helper/sandboxprotocol.h) with a state folder under root(). The folder lives in
/// $XDG_RUNTIME_DIR, a tmpfs, so that the sandboxes' records go with a reboot, as the
/// sandboxes themselves do. Blocking, as SandboxStore says.
class LocalSandboxes final : public SandboxStore
{
public:
    struct Config {
        QString root = {};                               ///< where the state folders go; empty: defaultRoot()
        QString helperPath = {};                         ///< empty: found as LocalBackend finds it
        QStringList readOnlyPaths = {};                  ///< empty: sandboxReadOnlyPaths()
        qint64 defaultMemoryBytes = 256LL * 1024 * 1024; ///< when the spec gives none
        int processes = 64;
    };

    /// At defaultRoot(), with the helper and paths LocalBackend uses.
    LocalSandboxes();
    explicit LocalSandboxes(Config config);

    /// $XDG_RUNTIME_DIR/sandpit/sandboxes, or a folder of this user's own in the temporary
    /// folder when there is no runtime folder (a session without systemd-logind).
    static QString defaultRoot();

    QString backend() const override { return QStringLiteral("local"); }
    Expected<SandboxInfo> create(const SandboxSpec &spec) override;
    Expected<QList<SandboxInfo>> list() override;
    Expected<SandboxInfo> start(const QString &name) override;
    Expected<void> stop(const QString &name) override;
    Expected<void> kill(const QString &name) override;
    Expected<void> remove(const QString &name) override;
    Expected<SandboxLogRead> logs(const QString &name, qint64 from = 0) override;
    Expected<QList<NetworkAttempt>> networkAttempts(const QString &name) override;

    /// The state folder of the running sandbox `name`, for a command to enter; a sentence
    /// naming it when it is unknown or no longer runs.
    Expected<QString> runningStateDir(const QString &name) const;

private:
    Expected<LocalSandboxRecord> find(const QString &name) const;
    Expected<void> checkRootIsOurs() const;
    Expected<void> end(const QString &name, int signal, bool thenRemove = false);
    Expected<void> startWithProxy(const SandboxSpec &spec, const QString &dir) const;
    Expected<void> startHolder(const SandboxSpec &spec, const QString &dir, const QString &proxySocket) const;
    QString stateDir(const QString &name) const;

    Config m_config;
};

} // namespace Sandpit::Core
