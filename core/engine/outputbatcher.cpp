#include "engine/outputbatcher.h"

#include <QThread>

namespace Sandpit::Core {

OutputBatcher::OutputBatcher(QObject *parent)
    : QObject(parent)
{
    m_timer.setSingleShot(true);
    m_timer.setInterval(kFlushIntervalMs);
    connect(&m_timer, &QTimer::timeout, this, &OutputBatcher::flush);
}

void OutputBatcher::add(OutputStream stream, QByteArray data)
{
    bool first = false;
    {
        const std::lock_guard lock(m_mutex);
        if (!m_pending.isEmpty() && m_pending.last().first == stream)
            m_pending.last().second.append(data);
        else
            m_pending.append({stream, std::move(data)});
        first = !std::exchange(m_intervalStarted, true);
    }
    if (!first)
        return;
    // A timer starts only on its own thread; the queued call dies with this object.
    if (QThread::currentThread() == thread())
        startInterval();
    else
        QMetaObject::invokeMethod(this, &OutputBatcher::startInterval, Qt::QueuedConnection);
}

void OutputBatcher::startInterval()
{
    if (!m_timer.isActive())
        m_timer.start();
}

void OutputBatcher::flush()
{
    m_timer.stop();
    QList<std::pair<OutputStream, QByteArray>> pending;
    {
        const std::lock_guard lock(m_mutex);
        pending = std::exchange(m_pending, {});
        m_intervalStarted = false;
    }
    for (const auto &[stream, data] : pending)
        Q_EMIT batchReady(stream, data);
}

} // namespace Sandpit::Core
