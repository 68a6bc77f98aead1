#include "docker/dockercheck.h"

#include "docker/dockerclient.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cerrno>
#include <unistd.h>

namespace Sandpit::Core {

namespace {
// The doctor waits no longer than this for a daemon that accepted the connection.
constexpr int kCallTimeoutMs = 5000;

// A socket we may not open is a daemon that is there but refuses us: the fix is the docker
// group, not starting Docker.
bool refusesUs(const DockerEndpoint &endpoint)
{
    return !endpoint.unixSocket.isEmpty() && access(endpoint.unixSocket.toLocal8Bit().constData(), R_OK | W_OK) != 0
        && errno == EACCES;
}

QStringList sandpitImages(const DockerClient &client)
{
    QStringList found;
    const auto response = client.call("GET", QStringLiteral("/images/json"), {}, kCallTimeoutMs);
    if (!response || !response->ok())
        return found;
    for (const QJsonValue &image : QJsonDocument::fromJson(response->body).array()) {
        for (const QJsonValue &tag : image.toObject().value(QStringLiteral("RepoTags")).toArray()) {
            const QString name = tag.toString();
            if (name.startsWith(QLatin1String("sandpit-offline/")) || name.startsWith(QLatin1String("sandpit/")))
                found << name;
        }
    }
    found.sort();
    return found;
}

// What a user checking a remote engine wants to see first: whether the line is encrypted, and
// whether the daemon's identity was checked.
QString describedWithTls(const DockerEndpoint &endpoint)
{
    if (!endpoint.tls.enabled)
        return endpoint.description;
    if (endpoint.tls.verifyPeer)
        return QStringLiteral("%1 over TLS, its certificate checked against %2")
            .arg(endpoint.description, endpoint.tls.caFile);
    return QStringLiteral("%1 over TLS, its certificate NOT checked (DOCKER_TLS without DOCKER_TLS_VERIFY)")
        .arg(endpoint.description);
}

void checkImages(const DockerClient &client, DockerCheck &check)
{
    check.sandpitImages = sandpitImages(client);
    for (DockerImageCheck &image : check.images) {
        const auto response
            = client.call("GET", QStringLiteral("/images/%1/json").arg(image.image), {}, kCallTimeoutMs);
        image.present = response && response->ok();
    }
}
} // namespace

DockerCheck checkDocker(const QString &dockerHost, const QList<DockerImageCheck> &images,
                        const QProcessEnvironment &environment)
{
    DockerCheck check;
    check.images = images;
    const auto endpoint = DockerEndpoint::fromDockerHost(dockerHost, environment);
    if (!endpoint) {
        check.endpoint = dockerHost;
        check.problem = endpoint.error().message;
        return check;
    }
    check.endpoint = describedWithTls(*endpoint);
    auto client = DockerClient::connect(*endpoint);
    if (!client) {
        check.reachable = refusesUs(*endpoint); // its message already says to join the docker group
        check.problem = client.error().message;
        return check;
    }
    check.reachable = check.permitted = true;
    if (const auto version = client->call("GET", QStringLiteral("/version"), {}, kCallTimeoutMs);
        version && version->ok())
        check.serverVersion = version->object().value(QStringLiteral("Version")).toString();
    checkImages(*client, check);
    return check;
}

} // namespace Sandpit::Core
