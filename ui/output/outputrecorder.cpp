#include "output/outputrecorder.h"

#include <QDir>
#include <QFutureWatcher>
#include <QSaveFile>
#include <QTemporaryFile>
#include <QtConcurrent/QtConcurrentRun>

#include <atomic>

namespace Sandpit::Ui {

namespace {
constexpr qint64 kCopyBlock = 1024 * 1024;
} // namespace

struct OutputRecorder::SaveOutcome {
    qint64 bytes = 0;
    QString error; // empty: saved
};

/// One run's recording. Used only on the disk thread; `abandoned` is how the GUI thread says
/// that nothing more is wanted (so closing the window does not wait for a backlog of writes).
struct OutputRecorder::Recording {
    std::atomic_bool abandoned = false;
    std::unique_ptr<QTemporaryFile> file;
    QString error; // the first thing that went wrong; what follows is not recorded

    void write(const QByteArray &bytes)
    {
        if (abandoned || !error.isEmpty())
            return;
        if (!file) {
            file = std::make_unique<QTemporaryFile>();
            file->setFileTemplate(QDir::tempPath() + QStringLiteral("/sandpit-output-XXXXXX.txt"));
            if (!file->open()) {
                error = QStringLiteral("could not create a temporary file in %1: %2")
                            .arg(QDir::tempPath(), file->errorString());
                return;
            }
        }
        if (file->write(bytes) != bytes.size())
            error = QStringLiteral("could not write to %1: %2").arg(file->fileName(), file->errorString());
    }

    SaveOutcome saveTo(const QString &path)
    {
        const auto failure = [&path](const QString &why) {
            return SaveOutcome{0, QStringLiteral("Could not save the output to %1: %2.").arg(path, why)};
        };
        if (!error.isEmpty())
            return failure(QStringLiteral("Sandpit could not keep a copy of it (%1)").arg(error));
        QSaveFile out(path);
        if (!out.open(QIODevice::WriteOnly))
            return failure(out.errorString());
        qint64 total = 0;
        if (file) {
            const qint64 end = file->pos();
            file->seek(0);
            while (total < end && !abandoned) {
                const QByteArray block = file->read(std::min(kCopyBlock, end - total));
                if (block.isEmpty())
                    return failure(QStringLiteral("reading the recorded copy failed: %1").arg(file->errorString()));
                if (out.write(block) != block.size())
                    return failure(out.errorString());
                total += block.size();
            }
            file->seek(end);
        }
        if (abandoned)
            return failure(QStringLiteral("Sandpit is closing"));
        if (!out.commit())
            return failure(out.errorString());
        return {total, {}};
    }
};

OutputRecorder::OutputRecorder(QObject *parent)
    : QObject(parent)
    , m_recording(std::make_shared<Recording>())
{
    m_disk.setMaxThreadCount(1);
    // The temporary file is a QObject of the disk thread; that thread must stay the same.
    m_disk.setExpiryTimeout(-1);
}

OutputRecorder::~OutputRecorder()
{
    // ~QThreadPool waits for the disk thread; an abandoned recording skips its backlog.
    m_recording->abandoned = true;
    release();
}

void OutputRecorder::restart()
{
    release();
    m_recording = std::make_shared<Recording>();
    m_recorded = 0;
}

void OutputRecorder::release()
{
    // A save asked for before still writes all of it. The file is closed and deleted on the disk thread, after the writes queued before.
    m_disk.start([recording = std::move(m_recording)]() mutable { recording.reset(); });
}

void OutputRecorder::record(const QByteArray &bytes)
{
    if (bytes.isEmpty())
        return;
    m_recorded += bytes.size();
    m_disk.start([recording = m_recording, bytes] { recording->write(bytes); });
}

void OutputRecorder::saveTo(const QString &path)
{
    auto *watcher = new QFutureWatcher<SaveOutcome>(this);
    connect(watcher, &QFutureWatcher<SaveOutcome>::finished, this, [this, watcher, path] {
        const SaveOutcome outcome = watcher->result();
        watcher->deleteLater();
        if (outcome.error.isEmpty())
            Q_EMIT saved(path, outcome.bytes);
        else
            Q_EMIT saveFailed(path, outcome.error);
    });
    watcher->setFuture(QtConcurrent::run(&m_disk, [recording = m_recording, path] { return recording->saveTo(path); }));
}

} // namespace Sandpit::Ui
