#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QList>

namespace Sandpit::Ui {

/// Bytes a program wrote to its terminal that the screen has not taken yet, taken a slice at
/// a time so a flood never holds the event loop for long. Unlike the Output pane, nothing
/// is skipped unread: a terminal's bytes move a cursor and change modes, and every one of them
/// counts for what the screen shows. libvterm takes bytes far faster than a sandboxed
/// program makes them (bench_terminalpane measures both), so what waits here stays small.
class TerminalIntake final
{
public:
    void add(const QByteArray &bytes)
    {
        if (!bytes.isEmpty()) {
            m_pending += bytes.size();
            m_chunks.append(bytes);
        }
    }
    bool isEmpty() const { return m_chunks.isEmpty(); }
    qsizetype pending() const { return m_pending; }
    /// At most `most` of the oldest bytes, taken.
    QByteArray take(qsizetype most)
    {
        QByteArray out;
        while (most > 0 && !m_chunks.isEmpty()) {
            const QByteArrayView rest = QByteArrayView(m_chunks.first()).sliced(m_offset);
            const QByteArrayView slice = rest.first(std::min(most, rest.size()));
            out.append(slice);
            most -= slice.size();
            m_offset += slice.size();
            if (m_offset == m_chunks.first().size()) {
                m_chunks.removeFirst();
                m_offset = 0;
            }
        }
        m_pending -= out.size();
        return out;
    }
    void clear()
    {
        m_chunks.clear();
        m_offset = 0;
        m_pending = 0;
    }

private:
    QList<QByteArray> m_chunks;
    qsizetype m_offset = 0; // into the first chunk
    qsizetype m_pending = 0;
};

} // namespace Sandpit::Ui
