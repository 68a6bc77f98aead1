#include "terminal/terminalintake.h"

#include <algorithm>

namespace Sandpit::Ui {

namespace {
/// Bytes plain text is made of, that move no more than the cursor along its line. ESC, the
/// charset shifts and 0xC2 (which starts the C1 controls in UTF-8) are not among them.
bool isPlain(char byte)
{
    const auto b = uchar(byte);
    return (b >= 0x20 && b != 0x7f && b != 0xc2) || b == '\r' || b == '\n' || b == '\t' || b == '\b';
}
} // namespace

void TerminalIntake::add(const QByteArray &bytes)
{
    if (bytes.isEmpty())
        return;
    m_pending += bytes.size();
    m_newlines += QByteArrayView(bytes).count('\n');
    m_chunks.append(bytes);
}

QByteArray TerminalIntake::take(qsizetype most)
{
    QByteArray out;
    while (most > 0 && !m_chunks.isEmpty()) {
        const QByteArrayView rest = QByteArrayView(m_chunks.first()).sliced(m_offset);
        QByteArrayView slice = rest.first(std::min(most, rest.size()));
        // Whole lines where there are any, so the next turn starts at a line and may skip.
        if (const qsizetype end = slice.lastIndexOf('\n'); slice.size() < rest.size() && end >= 0)
            slice = slice.first(end + 1);
        out.append(slice);
        most = slice.size() < std::min(most, rest.size()) ? 0 : most - slice.size();
        m_offset += slice.size();
        if (m_offset == m_chunks.first().size()) {
            m_chunks.removeFirst();
            m_offset = 0;
        }
    }
    m_pending -= out.size();
    m_newlines -= QByteArrayView(out).count('\n');
    if (!out.isEmpty())
        m_atLineStart = out.endsWith("\r\n");
    return out;
}

qsizetype TerminalIntake::skippable(QByteArrayView bytes, qsizetype excess, qsizetype &lines)
{
    qsizetype cut = 0;
    qsizetype seen = 0;
    lines = 0;
    for (qsizetype i = 0; i < bytes.size() && seen < excess; ++i) {
        if (!isPlain(bytes[i]))
            break;
        if (bytes[i] != '\n')
            continue;
        ++seen;
        if (i > 0 && bytes[i - 1] == '\r') {
            cut = i + 1;
            lines = seen;
        }
    }
    return cut;
}

qsizetype TerminalIntake::skipUnseen(qsizetype keepLines)
{
    qsizetype skipped = 0;
    while (m_atLineStart && m_newlines > keepLines && !m_chunks.isEmpty()) {
        const QByteArrayView rest = QByteArrayView(m_chunks.first()).sliced(m_offset);
        qsizetype lines = 0;
        const qsizetype cut = skippable(rest, m_newlines - keepLines, lines);
        if (cut == 0)
            break;
        drop(cut, lines);
        skipped += cut;
        if (cut == rest.size())
            continue;
        // A line that the next chunk finishes is carried over to it, so skipping goes on
        // there; any other stop (the excess reached, a byte that matters) ends it.
        const QByteArray tail = m_chunks.first().sliced(m_offset);
        if (tail.contains('\n') || m_chunks.size() < 2 || !std::all_of(tail.begin(), tail.end(), isPlain))
            break;
        m_chunks[1].prepend(tail);
        m_chunks.removeFirst();
        m_offset = 0;
    }
    return skipped;
}

void TerminalIntake::drop(qsizetype bytes, qsizetype lines)
{
    m_offset += bytes;
    m_pending -= bytes;
    m_newlines -= lines;
    if (m_offset == m_chunks.first().size()) {
        m_chunks.removeFirst();
        m_offset = 0;
    }
}

void TerminalIntake::clear()
{
    m_chunks.clear();
    m_offset = 0;
    m_pending = 0;
    m_newlines = 0;
    m_atLineStart = true;
}

} // namespace Sandpit::Ui
