#pragma once

#include "model/runresult.h"

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QTimer>

#include <mutex>
#include <utility>

namespace Sandpit::Core {

/// Hands a running program's output on in batches: one queued signal per read would flood the
/// GUI thread's event queue when a program prints as fast as it can. What arrives within one
/// interval goes out together, a chunk of the same stream as the one before merged into it,
/// so stdout and stderr keep the order in which they were written.
class OutputBatcher final : public QObject
{
    Q_OBJECT
public:
    /// Long enough to gather a flood's reads into a few signals a frame, short enough that
    /// output still looks live.
    static constexpr int kFlushIntervalMs = 25;

    explicit OutputBatcher(QObject *parent = nullptr);

    /// Queues `data` and starts the interval unless it runs already. Safe from any thread:
    /// a Docker run's attach stream calls it from its own, and then the caller keeps this
    /// object alive until that thread has ended.
    void add(OutputStream stream, QByteArray data);
    /// Hands on everything queued now (at the end of a run); on this object's thread.
    void flush();

Q_SIGNALS:
    void batchReady(Sandpit::Core::OutputStream stream, const QByteArray &data);

private:
    void startInterval();

    QTimer m_timer;
    std::mutex m_mutex; // guards the two below: add() may come from another thread
    QList<std::pair<OutputStream, QByteArray>> m_pending;
    bool m_intervalStarted = false; // set by the first add() after a flush
};

} // namespace Sandpit::Core
