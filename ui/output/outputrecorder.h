#pragma once

#include <QObject>
#include <QThreadPool>

#include <memory>

namespace Sandpit::Ui {

/// Everything a run printed, stdout and stderr in the order they arrived, kept in a temporary
/// file so that Save output… writes all of it, however little the pane still shows. The
/// engine's output limit bounds it. Every disk access happens on a thread of its own, one
/// after another in the order asked; the GUI thread only hands over the bytes.
class OutputRecorder final : public QObject
{
    Q_OBJECT
public:
    explicit OutputRecorder(QObject *parent = nullptr);
    ~OutputRecorder() override;

    /// A new recording, for a new run; the last one's file is deleted.
    void restart();
    void record(const QByteArray &bytes);
    /// Writes what was recorded so far to `path` (replacing it only once all is written);
    /// saved or saveFailed follows.
    void saveTo(const QString &path);
    qint64 recordedBytes() const { return m_recorded; }

Q_SIGNALS:
    void saved(const QString &path, qint64 bytes);
    void saveFailed(const QString &path, const QString &message);

private:
    struct Recording;
    struct SaveOutcome;
    void release();

    QThreadPool m_disk; // one thread: writes and saves happen in order
    std::shared_ptr<Recording> m_recording;
    qint64 m_recorded = 0;
};

} // namespace Sandpit::Ui
