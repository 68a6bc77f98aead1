#include "docker/dockerpullprogress.h"

#include "engine/logging.h"
#include "model/units.h"

#include <QJsonDocument>

#include <algorithm>

namespace Sandpit::Core {

namespace {
// The statuses the daemon gives a layer. Other messages carry an "id" too ("Pulling from
// library/python" has the tag as its id), so a message is about a layer only by its status.
bool isLayerStatus(const QString &status)
{
    static const QStringList kStatuses{
        QStringLiteral("Pulling fs layer"),   QStringLiteral("Waiting"),           QStringLiteral("Downloading"),
        QStringLiteral("Verifying Checksum"), QStringLiteral("Download complete"), QStringLiteral("Extracting"),
        QStringLiteral("Pull complete"),      QStringLiteral("Already exists"),
    };
    return kStatuses.contains(status) || status.startsWith(QLatin1String("Retrying in"));
}
} // namespace

void DockerPullProgress::feed(QByteArrayView bytes)
{
    m_buffer.append(bytes);
    qsizetype start = 0;
    for (qsizetype end = m_buffer.indexOf('\n'); end >= 0; end = m_buffer.indexOf('\n', start)) {
        const QByteArray line = m_buffer.sliced(start, end - start).trimmed();
        start = end + 1;
        if (line.isEmpty())
            continue;
        QJsonParseError parseError;
        const QJsonDocument document = QJsonDocument::fromJson(line, &parseError);
        if (document.isObject())
            apply(document.object());
        else
            qCDebug(lcDocker) << "pull: not a JSON message:" << parseError.errorString() << line.left(200);
    }
    m_buffer.remove(0, start);
}

void DockerPullProgress::finish()
{
    if (!m_buffer.trimmed().isEmpty())
        feed("\n");
    m_buffer.clear();
}

void DockerPullProgress::apply(const QJsonObject &message)
{
    const QString error
        = message.value(QLatin1String("errorDetail")).toObject().value(QLatin1String("message")).toString();
    if (!error.isEmpty() || message.contains(QLatin1String("error"))) {
        m_error = error.isEmpty() ? message.value(QLatin1String("error")).toString() : error;
        if (m_error.isEmpty())
            m_error = QStringLiteral("the daemon reported an error without a message");
        return;
    }
    const QString status = message.value(QLatin1String("status")).toString();
    const QString id = message.value(QLatin1String("id")).toString();
    if (!id.isEmpty() && isLayerStatus(status)) {
        if (!m_layers.contains(id))
            m_order << id;
        applyLayer(m_layers[id], status, message.value(QLatin1String("progressDetail")).toObject());
        updateFraction();
        return;
    }
    if (status.isEmpty())
        return;
    m_lastStatus = status;
    // "Status: Downloaded newer image for …" or "Status: Image is up to date for …" is the
    // daemon's last word on a pull that worked.
    if (status.startsWith(QLatin1String("Status:"))) {
        m_lastStatus = status.mid(7).trimmed();
        m_fraction = 1.0;
    }
}

void DockerPullProgress::applyLayer(Layer &layer, const QString &status, const QJsonObject &detail)
{
    const qint64 current = detail.value(QLatin1String("current")).toInteger();
    const qint64 total = detail.value(QLatin1String("total")).toInteger();
    if (total > 0)
        layer.total = std::max(layer.total, total);
    if (status == QLatin1String("Downloading")) {
        layer.downloaded = std::max(layer.downloaded, current);
    } else if (status == QLatin1String("Verifying Checksum") || status == QLatin1String("Download complete")) {
        layer.downloadDone = true;
    } else if (status == QLatin1String("Extracting")) {
        layer.downloadDone = true;
        layer.extracted = std::max(layer.extracted, current);
    } else if (status == QLatin1String("Pull complete")) {
        layer.downloadDone = true;
        layer.done = true;
    } else if (status == QLatin1String("Already exists")) {
        layer.skipped = true;
    }
}

void DockerPullProgress::updateFraction()
{
    qint64 knownBytes = 0;
    double doneBytes = 0;
    int knownLayers = 0;
    int unknownLayers = 0;
    for (const Layer &layer : std::as_const(m_layers)) {
        if (layer.skipped)
            continue;
        if (layer.total <= 0) {
            unknownLayers += layer.done ? 0 : 1;
            continue;
        }
        ++knownLayers;
        knownBytes += layer.total;
        doneBytes += double(layer.downloadDone ? layer.total : std::min(layer.downloaded, layer.total));
        doneBytes += double(layer.done ? layer.total : std::min(layer.extracted, layer.total));
    }
    if (knownLayers == 0)
        return;
    // The daemon gives a layer's size only once its download starts (three at a time), so a
    // layer still waiting is weighed as an average one; the running maximum keeps the bar
    // from going back when a large layer turns out larger than that.
    const double estimate = double(knownBytes) + unknownLayers * (double(knownBytes) / knownLayers);
    // Each layer is downloaded, then extracted: both halves count.
    m_fraction = std::max(m_fraction, std::min(1.0, doneBytes / (2 * estimate)));
}

QString DockerPullProgress::status() const
{
    int counted = 0;
    int done = 0;
    qint64 downloaded = 0;
    qint64 total = 0;
    bool downloading = false;
    bool extracting = false;
    for (const QString &id : m_order) {
        const Layer layer = m_layers.value(id);
        if (layer.skipped)
            continue;
        ++counted;
        done += layer.done ? 1 : 0;
        total += layer.total;
        downloaded += layer.downloadDone ? layer.total : layer.downloaded;
        downloading = downloading || (!layer.downloadDone && layer.downloaded > 0);
        extracting = extracting || (layer.downloadDone && !layer.done);
    }
    const QString layers = QStringLiteral("%1 of %2 layers done").arg(done).arg(counted);
    if (downloading)
        return QStringLiteral("Downloading %1 of %2 (%3)").arg(formatBytes(downloaded), formatBytes(total), layers);
    if (extracting)
        return QStringLiteral("Extracting (%1)").arg(layers);
    if (done < counted)
        return QStringLiteral("Waiting for layers (%1)").arg(layers);
    return m_lastStatus;
}

} // namespace Sandpit::Core
