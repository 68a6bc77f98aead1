#pragma once

#include "docker/dockerconnector.h"
#include "docker/dockersandboxfolder.h"
#include "model/runlimits.h"
#include "sandboxes/sandboxstore.h"

#include <QJsonObject>
#include <QProcessEnvironment>

#include <memory>

namespace Sandpit::Core {

/// The named sandboxes of the Docker backend: labelled containers (sandpit.sandbox=NAME) that
/// stay up between commands, hardened as a run's container is (DockerSandboxBody). Commands
/// run in one through DockerExecJob. Every call blocks on the daemon.
class DockerSandboxes final : public SandboxStore
{
public:
    struct Config {
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        QString defaultImage;  ///< for a spec without an image: the settings' (Python's) image
        Limits limits;         ///< the settings': memory when the spec has none, processes, files
        QString syscallFilter; ///< sandpit-seccomp on the host; empty: found next to Sandpit
    };

    DockerSandboxes(std::shared_ptr<DockerConnector> connector, Config config);

    QString backend() const override { return QStringLiteral("docker"); }
    Expected<SandboxInfo> create(const SandboxSpec &spec) override;
    Expected<QList<SandboxInfo>> list() override;
    Expected<SandboxInfo> start(const QString &name) override;
    Expected<void> stop(const QString &name) override;
    Expected<void> kill(const QString &name) override;
    Expected<void> remove(const QString &name) override;
    Expected<SandboxLogRead> logs(const QString &name, qint64 from = 0) override;
    Expected<QList<NetworkAttempt>> networkAttempts(const QString &name) override;

    /// [A-Za-z0-9][A-Za-z0-9_.-]{0,62}: a folder name and part of a container name.
    static bool isValidName(const QString &name);

private:
    Expected<void> checkSpec(const SandboxSpec &spec, const DockerClient &client) const;
    static Expected<void> checkNameFree(const DockerClient &client, const QString &name);
    Expected<void> end(const QString &name, const char *how);
    static Expected<void> watchFirstProcess(const QString &folder, const QJsonObject &inspect);
    Expected<void> restartProxy(const QString &folder, const QJsonObject &inspect) const;
    Expected<SandboxInfo> startStopped(const DockerClient &client, const QJsonObject &inspect,
                                       const DockerSandboxFolder &folder) const;
    /// The client, and the container of sandbox `name` as the daemon describes it.
    Expected<std::pair<DockerClient, QJsonObject>> find(const QString &name);

    std::shared_ptr<DockerConnector> m_connector;
    Config m_config;
};

} // namespace Sandpit::Core
