#include "docker/dockerenvimage.h"

#include "docker/dockerarchive.h"
#include "docker/dockercontainer.h"
#include "docker/dockersetup.h"
#include "packages/envcache.h"
#include "packages/packageplan.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QUrl>

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>

namespace Sandpit::Core::DockerEnvImage {

namespace {
QString encoded(const QString &text)
{
    return QString::fromLatin1(QUrl::toPercentEncoding(text));
}

Expected<QString> imageId(const DockerClient &client, const QString &image)
{
    auto response = client.call("GET", QStringLiteral("/images/%1/json").arg(image));
    if (!response)
        return std::unexpected(response.error());
    if (response->status == 404)
        return std::unexpected(DockerContainer::missingImage(image));
    if (!response->ok())
        return std::unexpected(DockerClient::errorFor(*response, QStringLiteral("look at the image %1").arg(image)));
    return response->object().value(QLatin1String("Id")).toString();
}

// Never started: it only holds the files for the commit. It carries no labels: the commit
// passes a container's labels on to the image and every container made from it inherits them,
// so a run's labels here would let removeOrphans() take anyone's container of the image (a named
// sandbox, a user's `docker run`) for a dead Sandpit's run. Its fixed name (holderName) is what
// cleans up after a crash instead.
QJsonObject holderBody(const QString &baseImage)
{
    return {{QStringLiteral("Image"), baseImage},
            {QStringLiteral("Cmd"), QJsonArray{QStringLiteral("true")}},
            {QStringLiteral("Entrypoint"), QJsonArray{}},
            {QStringLiteral("NetworkDisabled"), true},
            {QStringLiteral("HostConfig"), QJsonObject{{QStringLiteral("NetworkMode"), QStringLiteral("none")}}}};
}

Expected<void> fillAndCommit(const DockerClient &client, const QString &holder, const QString &envPath,
                             const QString &baseId, const QString &name)
{
    auto tar = DockerArchive::packReadOnly(envPath, QLatin1String(kPathInImage).mid(1));
    if (!tar)
        return std::unexpected(tar.error());
    auto put = client.putArchive(holder, QStringLiteral("/"), *tar);
    if (!put)
        return std::unexpected(put.error());
    if (!put->ok())
        return std::unexpected(DockerClient::errorFor(*put, QStringLiteral("copy the environment into its image")));
    const qsizetype colon = name.lastIndexOf(QLatin1Char(':'));
    const QJsonObject config{
        {QStringLiteral("Labels"),
         QJsonObject{{QLatin1String(kLabel), QFileInfo(envPath).fileName()}, {QLatin1String(kBaseLabel), baseId}}}};
    auto committed = client.call("POST",
                                 QStringLiteral("/commit?container=%1&repo=%2&tag=%3&pause=0")
                                     .arg(holder, encoded(name.left(colon)), encoded(name.mid(colon + 1))),
                                 QJsonDocument(config).toJson(QJsonDocument::Compact));
    if (!committed)
        return std::unexpected(committed.error());
    if (!committed->ok())
        return std::unexpected(DockerClient::errorFor(*committed, QStringLiteral("commit the environment's image")));
    return {};
}

Expected<void> make(const DockerClient &client, const QString &baseImage, const QString &baseId, const QString &envPath,
                    const QString &name)
{
    QElapsedTimer clock;
    clock.start();
    DockerContainerKey key;
    key.image = baseImage;
    if (!DockerContainer::remove(client, holderName(name)))
        return makeError(RunError::Code::SetupFailed,
                         QStringLiteral("Could not remove the container %1 left by an earlier make of the image %2.")
                             .arg(holderName(name), name));
    auto holder = DockerContainer::create(client, key, holderBody(baseImage), holderName(name));
    if (!holder)
        return std::unexpected(holder.error());
    const auto made = fillAndCommit(client, *holder, envPath, baseId, name);
    DockerContainer::remove(client, *holder);
    if (made)
        qCInfo(lcDocker).noquote() << "made the image" << name << "of the environment" << QFileInfo(envPath).fileName()
                                   << "on" << client.endpoint().description << "in" << clock.elapsed() << "ms";
    return made;
}
// The pool may make two containers of one environment at once (a warm one and a cold one): one
// image for both. The lock is per image on one engine, not one for all: a remote engine
// uploading a large environment, or hung, must not hold up runs on another engine or of
// another environment.
std::shared_ptr<std::mutex> lockFor(const QString &endpoint, const QString &image)
{
    static std::mutex guard;
    static std::map<QString, std::weak_ptr<std::mutex>> locks;
    const std::lock_guard lock(guard);
    std::erase_if(locks, [](const auto &entry) { return entry.second.expired(); });
    std::weak_ptr<std::mutex> &slot = locks[endpoint + QLatin1Char('\n') + image];
    auto held = slot.lock();
    if (!held) {
        held = std::make_shared<std::mutex>();
        slot = held;
    }
    return held;
}

Expected<void> makeUnlessThere(const DockerClient &client, const QString &baseImage, const QString &baseId,
                               const QString &envPath, const QString &name)
{
    const auto making = lockFor(client.endpoint().description, name);
    const std::lock_guard lock(*making);
    auto existing = client.call("GET", QStringLiteral("/images/%1/json").arg(name));
    if (existing && existing->ok())
        return {};
    if (auto made = make(client, baseImage, baseId, envPath, name); !made)
        return std::unexpected(made.error());
    return {};
}
} // namespace

QString holderName(const QString &image)
{
    return QStringLiteral("sandpit-envholder-") + image.section(QLatin1Char('/'), 1).section(QLatin1Char(':'), 0, 0);
}

QString imageName(const QString &baseId, const QString &envPath)
{
    // The marker is written last when an environment is made: one built again is another image.
    const QFileInfo marker(envPath + QLatin1Char('/') + QLatin1String(EnvCache::kMarker));
    const QString identity = baseId + QLatin1Char('\n') + QFileInfo(envPath).fileName() + QLatin1Char('\n')
        + QString::number(marker.lastModified().toMSecsSinceEpoch());
    const QByteArray hash = QCryptographicHash::hash(identity.toUtf8(), QCryptographicHash::Sha256).toHex().left(24);
    return QStringLiteral("sandpit-env/") + QString::fromLatin1(hash) + QStringLiteral(":latest");
}

Expected<QString> ensure(const DockerClient &client, const QString &baseImage, const QString &envPath)
{
    // An image is never taken down while Sandpit runs: one made of a half-built folder would
    // stay wrong.
    if (!QFileInfo::exists(envPath + QLatin1Char('/') + QLatin1String(EnvCache::kMarker))) {
        return makeError(RunError::Code::SetupFailed,
                         QStringLiteral("%1 is not a finished environment (it has no %2).")
                             .arg(envPath, QLatin1String(EnvCache::kMarker)));
    }
    const auto baseId = imageId(client, baseImage);
    if (!baseId)
        return std::unexpected(baseId.error());
    const QString name = imageName(*baseId, envPath);
    auto existing = client.call("GET", QStringLiteral("/images/%1/json").arg(name));
    if (existing && existing->ok())
        return name;
    if (auto made = makeUnlessThere(client, baseImage, *baseId, envPath, name); !made)
        return std::unexpected(made.error());
    // Outside the lock: one DELETE per image past kKept. The image just made is the newest, so
    // a prune running beside another make never takes it.
    prune(client, kKept);
    return name;
}

int prune(const DockerClient &client, int keep)
{
    const QByteArray filters = QJsonDocument(QJsonObject{{QStringLiteral("label"), QJsonArray{QLatin1String(kLabel)}}})
                                   .toJson(QJsonDocument::Compact);
    auto listed = client.call("GET", QStringLiteral("/images/json?filters=") + encoded(QString::fromUtf8(filters)));
    if (!listed || !listed->ok())
        return 0;
    QList<QJsonObject> images;
    for (const QJsonValue &entry : QJsonDocument::fromJson(listed->body).array())
        images << entry.toObject();
    std::sort(images.begin(), images.end(), [](const QJsonObject &a, const QJsonObject &b) {
        return a.value(QLatin1String("Created")).toInteger() > b.value(QLatin1String("Created")).toInteger();
    });
    int removed = 0;
    for (qsizetype i = keep; i < images.size(); ++i) {
        // Not forced: an image a container still runs from stays until a later prune.
        const QString id = images[i].value(QLatin1String("Id")).toString();
        auto response = client.call("DELETE", QStringLiteral("/images/%1").arg(id));
        if (response && response->ok())
            ++removed;
    }
    if (removed > 0)
        qCInfo(lcDocker) << "removed" << removed << "environment images past the newest" << keep;
    return removed;
}

void sendInstead(RunRequest &request, QStringList &command, const QString &envPath)
{
    request.inputFiles << InputFile{envPath, QLatin1String(PackagePlan::kBuildDir)};
    const QString inImage = QLatin1String(kPathInImage);
    for (QString &argument : command) {
        if (argument.startsWith(inImage + QLatin1Char('/')))
            argument = DockerSetup::environmentInContainer() + argument.mid(inImage.size());
    }
}

} // namespace Sandpit::Core::DockerEnvImage
