#include "docker/dockerimagepull.h"

#include "docker/dockerclient.h"
#include "docker/dockerpullprogress.h"

#include <QUrl>

namespace Sandpit::Core {

namespace {
// Words of the daemon's own messages (Go's net and the registry client), which are all a
// learner gets to see otherwise.
bool mentionsAny(const QString &text, std::initializer_list<const char *> needles)
{
    return std::any_of(needles.begin(), needles.end(),
                       [&](const char *needle) { return text.contains(QLatin1String(needle), Qt::CaseInsensitive); });
}

QString queryValue(const QString &value)
{
    return QString::fromLatin1(QUrl::toPercentEncoding(value));
}
} // namespace

DockerImageReference DockerImageReference::parse(const QString &reference)
{
    DockerImageReference result;
    QString rest = reference.trimmed();
    const qsizetype at = rest.indexOf(QLatin1Char('@'));
    if (at >= 0) {
        result.digest = rest.mid(at + 1);
        rest.truncate(at);
    }
    const qsizetype colon = rest.lastIndexOf(QLatin1Char(':'));
    if (colon > rest.lastIndexOf(QLatin1Char('/'))) {
        result.tag = rest.mid(colon + 1);
        rest.truncate(colon);
    } else if (result.digest.isEmpty()) {
        result.tag = QStringLiteral("latest");
    }
    result.name = rest;
    return result;
}

bool DockerImageReference::isValid() const
{
    const auto hasSpace = [](const QString &text) {
        return std::any_of(text.begin(), text.end(), [](QChar c) { return c.isSpace(); });
    };
    return !name.isEmpty() && !name.endsWith(QLatin1Char('/')) && !apiTag().isEmpty() && !hasSpace(name)
        && !hasSpace(apiTag());
}

DockerImagePull::DockerImagePull(QString dockerHost, QString image, QObject *parent)
    : QObject(parent)
    , m_dockerHost(std::move(dockerHost))
    , m_image(std::move(image))
{
}

DockerImagePull::~DockerImagePull()
{
    m_abort = true;
    if (m_thread.joinable())
        m_thread.join();
}

void DockerImagePull::start()
{
    if (!m_thread.joinable())
        m_thread = std::thread([this] { pull(); });
}

void DockerImagePull::cancel()
{
    m_abort = true;
}

RunError DockerImagePull::pullError(const QString &image, const QString &reason, long httpStatus)
{
    QString why = reason.trimmed();
    while (why.endsWith(QLatin1Char('.')))
        why.chop(1);
    QString hint;
    if (mentionsAny(why,
                    {"dial tcp", "no such host", "i/o timeout", "connection refused", "network is unreachable",
                     "TLS handshake timeout", "server misbehaving", "Client.Timeout"})) {
        hint = QStringLiteral(" No registry can be reached from this machine: connect it to the network, or build the "
                              "image here with packaging/docker/build-offline-images.sh.");
    } else if (httpStatus == 404
               || mentionsAny(why,
                              {"not found", "does not exist", "manifest unknown", "pull access denied",
                               "invalid reference format"})) {
        hint = QStringLiteral(" Check the image's name and tag; a private image needs `docker login` first.");
    }
    if (why.isEmpty())
        why = QStringLiteral("the daemon did not say why");
    return {RunError::Code::BackendUnavailable,
            QStringLiteral("Docker could not pull %1: %2.%3").arg(image, why, hint)};
}

void DockerImagePull::pull()
{
    const auto fail = [this](const RunError &error) { post([this, error] { Q_EMIT failed(error); }); };
    const DockerImageReference reference = DockerImageReference::parse(m_image);
    if (!reference.isValid()) {
        fail({RunError::Code::BadRequest,
              QStringLiteral("“%1” is not an image Docker can pull; an image looks like python:3.12-slim.")
                  .arg(m_image)});
        return;
    }
    report(-1, QStringLiteral("Connecting to Docker…"));
    const auto endpoint = DockerEndpoint::fromDockerHost(m_dockerHost);
    if (!endpoint) {
        fail(endpoint.error());
        return;
    }
    // Negotiated here rather than borrowed from the Docker backend: a pull may be the first
    // thing that talks to the daemon, and a daemon started since is found this way.
    auto client = DockerClient::connect(*endpoint);
    if (!client) {
        fail(client.error());
        return;
    }
    report(-1, QStringLiteral("Asking the registry for %1…").arg(m_image));

    DockerPullProgress progress;
    DockerClient::StreamHandlers handlers;
    handlers.abort = &m_abort;
    handlers.onData = [&](QByteArrayView bytes) {
        progress.feed(bytes);
        report(progress.fraction(), progress.status());
        // An error message ends the pull; the daemon closes the stream right after it anyway.
        return !progress.hasError();
    };
    const auto response = client->stream("POST",
                                         QStringLiteral("/images/create?fromImage=%1&tag=%2")
                                             .arg(queryValue(reference.name), queryValue(reference.apiTag())),
                                         handlers);
    if (m_abort) {
        post([this] { Q_EMIT cancelled(); });
        return;
    }
    if (!response) {
        fail(response.error());
        return;
    }
    if (!response->ok()) {
        fail(pullError(m_image, response->message(), response->status));
        return;
    }
    progress.finish();
    if (progress.hasError()) {
        fail(pullError(m_image, progress.error()));
        return;
    }
    const QString done = progress.status();
    report(1.0, done.isEmpty() ? QStringLiteral("Pulled %1").arg(m_image) : done);
    post([this] { Q_EMIT finished(); });
}

void DockerImagePull::report(double fraction, const QString &status)
{
    const std::lock_guard lock(m_mutex);
    if (fraction == m_fraction && status == m_status)
        return;
    m_fraction = fraction;
    m_status = status;
    if (!std::exchange(m_deliveryQueued, true))
        post([this] { deliverProgress(); });
}

void DockerImagePull::deliverProgress()
{
    double fraction = -1;
    QString status;
    {
        const std::lock_guard lock(m_mutex);
        fraction = m_fraction;
        status = m_status;
        m_deliveryQueued = false;
    }
    Q_EMIT progressed(fraction, status);
}

void DockerImagePull::post(std::function<void()> call)
{
    // Runs `call` on this object's thread. `this` outlives every post: the destructor joins the
    // pull thread first, and a call still queued when the object goes dies with it.
    QMetaObject::invokeMethod(this, std::move(call), Qt::QueuedConnection);
}

} // namespace Sandpit::Core
