#pragma once

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace Sandpit::Core {

/// Reads the progress stream of POST /images/create: newline-delimited JSON messages such as
/// {"status":"Downloading","id":"2d42…","progressDetail":{"current":…,"total":…}}. Pure: it
/// only turns messages into an overall fraction, a short status line and the daemon's error.
class DockerPullProgress final
{
public:
    /// Bytes as they arrive; a message may be split anywhere.
    void feed(QByteArrayView bytes);
    /// Reads a last message that had no newline after it.
    void finish();
    /// One decoded message.
    void apply(const QJsonObject &message);

    /// 0 to 1, or below 0 (indeterminate) while no layer's size is known. Never goes down.
    double fraction() const { return m_fraction; }
    /// "Downloading 12.5 MB of 40 MB (1 of 4 layers done)", or the daemon's latest status.
    QString status() const;
    /// The daemon's reason when the pull failed inside the stream ("error"/"errorDetail").
    QString error() const { return m_error; }
    bool hasError() const { return !m_error.isEmpty(); }

private:
    struct Layer {
        qint64 total = 0; // compressed size; 0 until the daemon says
        qint64 downloaded = 0;
        qint64 extracted = 0;
        bool downloadDone = false;
        bool done = false;
        bool skipped = false; // "Already exists": no work, and no size to weigh it by
    };

    void applyLayer(Layer &layer, const QString &status, const QJsonObject &detail);
    void updateFraction();

    QByteArray m_buffer;
    QHash<QString, Layer> m_layers;
    QStringList m_order;
    QString m_lastStatus;
    QString m_error;
    double m_fraction = -1;
};

} // namespace Sandpit::Core
