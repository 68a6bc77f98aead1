#pragma once
// What the Docker tests share: an engine whose Python runs in the offline image, and the
// containers a Sandpit process made, as the daemon lists them.

#include "docker/dockerbackend.h"
#include "docker/dockercontainer.h"
#include "support/runharness.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcessEnvironment>
#include <QUrl>

namespace SandpitTest {

inline const QString kOfflinePythonImage = QStringLiteral("sandpit-offline/python:3.11");

/// An engine with a Docker backend alone, reached and configured through `environment`
/// (DOCKER_HOST, SANDPIT_DOCKER_*), whose Python runs in `pythonImage`.
inline std::unique_ptr<RunController> dockerController(QProcessEnvironment environment
                                                       = QProcessEnvironment::systemEnvironment(),
                                                       const QString &pythonImage = kOfflinePythonImage)
{
    DockerBackend::Config config;
    config.environment = std::move(environment);
    config.environment.insert(QStringLiteral("SANDPIT_DOCKER_IMAGE_PYTHON"), pythonImage);
    std::vector<std::unique_ptr<Backend>> backends;
    backends.push_back(std::make_unique<DockerBackend>(LanguageRegistry::builtIn(), std::move(config)));
    return std::make_unique<RunController>(std::move(backends));
}

/// The containers Sandpit process `owner` made on the daemon `client` speaks to, as GET
/// /containers/json lists them (all states). Only its own: other Docker tests, and the user's
/// Sandpit, may run beside it.
/// A client of the engine `environment` names (DOCKER_HOST and the TLS variables); fatal when
/// it cannot be reached.
inline DockerClient dockerClientFor(const QProcessEnvironment &environment)
{
    auto endpoint = DockerEndpoint::fromDockerHost(environment.value(QStringLiteral("DOCKER_HOST")), environment);
    if (!endpoint)
        qFatal("%s", qPrintable(endpoint.error().message));
    auto connected = DockerClient::connect(*endpoint);
    if (!connected)
        qFatal("%s", qPrintable(connected.error().message));
    return *connected;
}

inline QList<QJsonObject> containersOwnedBy(qint64 owner, const DockerClient &client)
{
    const QJsonObject filters{
        {QStringLiteral("label"),
         QJsonArray{QLatin1String(DockerContainer::kOwnerLabel) + QLatin1Char('=') + QString::number(owner)}}};
    const QByteArray compact = QJsonDocument(filters).toJson(QJsonDocument::Compact);
    auto response = client.call("GET",
                                QStringLiteral("/containers/json?all=1&filters=")
                                    + QString::fromLatin1(QUrl::toPercentEncoding(QString::fromUtf8(compact))));
    if (!response || !response->ok())
        qFatal("cannot list containers");
    QList<QJsonObject> containers;
    for (const QJsonValue &c : QJsonDocument::fromJson(response->body).array())
        containers << c.toObject();
    return containers;
}

/// The same on the local daemon (DOCKER_HOST aside).
inline QList<QJsonObject> containersOwnedBy(qint64 owner)
{
    auto client = DockerClient::connect(*DockerEndpoint::fromDockerHost(QString()));
    if (!client)
        qFatal("no Docker: %s", qPrintable(client.error().message));
    return containersOwnedBy(owner, *client);
}

} // namespace SandpitTest
