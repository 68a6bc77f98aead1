#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QList>

namespace Sandpit::Ui {

/// Bytes a program wrote to its terminal that the screen has not taken yet, taken a slice at
/// a time so a flood never holds the feeder's event loop for long (a resize or a reset waits
/// behind one slice at most). libvterm scrolls its whole screen
/// for every line (some 3 µs at 125 × 25 cells), slower than `yes` writes lines, so in a flood
/// plain text that would scroll out of the scrollback before anyone saw it is skipped unread,
/// as the Output pane skips what it would push out. Only text that cannot change the
/// terminal's state is skipped: printable bytes, tabs, backspaces and "\r\n", from a point
/// where the screen has taken a whole line (so no escape sequence is cut) up to just after a
/// "\r\n". What is left still ends on the screen exactly as it would have.
class TerminalIntake final
{
public:
    void add(const QByteArray &bytes);
    bool isEmpty() const { return m_chunks.isEmpty(); }
    qsizetype pending() const { return m_pending; }
    /// At most `most` of the oldest bytes, taken.
    QByteArray take(qsizetype most);
    /// Skips plain text at the front while more than `keepLines` lines wait; the bytes skipped.
    qsizetype skipUnseen(qsizetype keepLines);
    void clear();

private:
    /// How many bytes at the front of `bytes` may be skipped to leave at most `excess` fewer
    /// lines: up to just after a "\r\n", and only over bytes that change no terminal state.
    static qsizetype skippable(QByteArrayView bytes, qsizetype excess, qsizetype &lines);
    void drop(qsizetype bytes, qsizetype lines);

    QList<QByteArray> m_chunks;
    qsizetype m_offset = 0; // into the first chunk
    qsizetype m_pending = 0;
    qsizetype m_newlines = 0;  // in what waits
    bool m_atLineStart = true; // the last byte taken was the "\n" of a "\r\n"
};

} // namespace Sandpit::Ui
