#include "docker/dockerdaemoninfo.h"

#include <QJsonArray>

namespace Sandpit::Core {

namespace {
bool hasOption(const QJsonArray &options, QLatin1String name)
{
    for (const QJsonValue &value : options) {
        const QString option = value.toString();
        for (const QString &field : option.split(QLatin1Char(','))) {
            if (field == name || field == QLatin1String("name=") + name)
                return true;
        }
    }
    return false;
}
} // namespace

DockerDaemonInfo DockerDaemonInfo::fromInfo(const QJsonObject &info)
{
    DockerDaemonInfo daemon;
    const QJsonValue options = info.value(QLatin1String("SecurityOptions"));
    daemon.known = options.isArray();
    daemon.userNamespaceRemap = hasOption(options.toArray(), QLatin1String("userns"));
    daemon.rootless = hasOption(options.toArray(), QLatin1String("rootless"));
    daemon.rootDir = info.value(QLatin1String("DockerRootDir")).toString();
    if (daemon.userNamespaceRemap) {
        const QStringList ids = daemon.rootDir.section(QLatin1Char('/'), -1).split(QLatin1Char('.'));
        bool uidOk = false;
        bool gidOk = false;
        const int uid = ids.size() == 2 ? ids.first().toInt(&uidOk) : -1;
        const int gid = ids.size() == 2 ? ids.last().toInt(&gidOk) : -1;
        if (uidOk && gidOk && uid > 0 && gid > 0) {
            daemon.remapUidBase = uid;
            daemon.remapGidBase = gid;
        }
    }
    return daemon;
}

DockerDaemonInfo DockerDaemonInfo::fetch(const DockerClient &client)
{
    // Bounded: every run waits for the first client(), and no run needs the answer to start.
    constexpr int kTimeoutMs = 5000;
    auto response = client.call("GET", QStringLiteral("/info"), {}, kTimeoutMs);
    DockerDaemonInfo daemon;
    if (response && response->ok())
        daemon = fromInfo(response->object());
    else
        qCWarning(lcDocker) << "could not ask Docker about user namespaces:"
                            << (response ? response->message() : response.error().message);
    daemon.apiMinor = client.apiMinor();
    return daemon;
}

} // namespace Sandpit::Core
