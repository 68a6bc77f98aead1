#include "docker/dockerreplcontainer.h"

#include "docker/dockersandboxbody.h"

#include <QJsonArray>

namespace Sandpit::Core {

DockerReplContainer::DockerReplContainer(QString id, Workspace control)
    : m_id(std::move(id))
    , m_control(std::move(control))
{
}

Expected<DockerReplContainer> DockerReplContainer::start(const DockerClient &client, const Spec &spec)
{
    const DockerContainerKey &key = spec.key;
    // Fail closed: without the filter, the REPL would run under the daemon's profile alone.
    if (key.syscallFilter.isEmpty()) {
        return makeError(
            RunError::Code::BackendUnavailable,
            QStringLiteral("sandpit-seccomp, which every Docker container of Sandpit runs under, was not "
                           "found next to Sandpit. Reinstall Sandpit, or set SANDPIT_SECCOMP to its path."));
    }
    auto folder = Workspace::create();
    if (!folder)
        return std::unexpected(folder.error());
    auto control = DockerContainer::prepareControl(*folder, key.syscallFilter);
    if (!control)
        return std::unexpected(control.error());
    QJsonObject body = DockerSandboxBody::held(key, *control);
    QJsonArray environment = body.value(QLatin1String("Env")).toArray();
    for (const QString &variable : spec.environment)
        environment.append(variable);
    body.insert(QStringLiteral("Env"), environment);
    auto id = DockerContainer::create(client, key, body);
    if (!id)
        return std::unexpected(id.error());
    DockerReplContainer container(*id, std::move(*folder));
    auto started = client.call("POST", QStringLiteral("/containers/%1/start").arg(*id));
    if (!started || !started->ok()) {
        container.remove(client);
        return std::unexpected(
            !started ? started.error()
                     : DockerClient::errorFor(*started, QStringLiteral("start a container from %1").arg(key.image)));
    }
    return container;
}

bool DockerReplContainer::remove(const DockerClient &client)
{
    return DockerContainer::remove(client, std::exchange(m_id, QString()));
}

} // namespace Sandpit::Core
