#pragma once
// What the Docker attack tests share: a Docker engine on the offline Python image, and the
// containers it leaves. The attack programs and how to run them are in attackharness.h.

#include "docker/dockerbackend.h"
#include "docker/dockercontainer.h"
#include "support/listener.h"
#include "support/runharness.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QUrl>

#include <arpa/inet.h>
#include <cerrno>
#include <csignal>
#include <netinet/in.h>
#include <pwd.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

using namespace SandpitTest;

namespace DockerAttacks {

const QString kImage = QStringLiteral("sandpit-offline/python:3.11");

inline std::unique_ptr<RunController> dockerController(QProcessEnvironment environment
                                                       = QProcessEnvironment::systemEnvironment())
{
    DockerBackend::Config config;
    config.environment = std::move(environment);
    config.environment.insert(QStringLiteral("SANDPIT_DOCKER_IMAGE_PYTHON"), kImage);
    std::vector<std::unique_ptr<Backend>> backends;
    backends.push_back(std::make_unique<DockerBackend>(LanguageRegistry::builtIn(), std::move(config)));
    return std::make_unique<RunController>(std::move(backends));
}

/// Ids and states of the Sandpit containers Sandpit process `owner` made.
inline QList<std::pair<QString, QString>> containersOf(qint64 owner)
{
    auto client = DockerClient::connect(*DockerEndpoint::fromDockerHost(QString()));
    if (!client)
        qFatal("no Docker: %s", qPrintable(client.error().message));
    const QJsonObject filters{
        {QStringLiteral("label"),
         QJsonArray{QLatin1String(DockerContainer::kOwnerLabel) + QLatin1Char('=') + QString::number(owner)}}};
    auto response = client->call("GET",
                                 QStringLiteral("/containers/json?all=1&filters=")
                                     + QString::fromLatin1(QUrl::toPercentEncoding(
                                         QString::fromUtf8(QJsonDocument(filters).toJson(QJsonDocument::Compact)))));
    if (!response || !response->ok())
        qFatal("cannot list containers");
    QList<std::pair<QString, QString>> containers;
    for (const QJsonValue &c : QJsonDocument::fromJson(response->body).array())
        containers.append({c.toObject().value(QLatin1String("Id")).toString(),
                           c.toObject().value(QLatin1String("State")).toString()});
    return containers;
}

/// States of the Sandpit containers this process owns (not those of Sandpits beside it).
inline QStringList ownContainerStates()
{
    QStringList states;
    for (const auto &[id, state] : containersOf(QCoreApplication::applicationPid()))
        states << state;
    return states;
}

} // namespace DockerAttacks

using namespace DockerAttacks;
