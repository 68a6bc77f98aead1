#include "output/outputbuffer.h"

#include <algorithm>

namespace Sandpit::Ui {

namespace {
void appendRun(QList<OutputBuffer::Run> &runs, quint64 style, qsizetype length)
{
    if (!runs.isEmpty() && runs.last().style == style)
        runs.last().length += length;
    else
        runs.append({length, style});
}

void appendRuns(QList<OutputBuffer::Run> &runs, const QList<quint64> &styles)
{
    qsizetype start = 0;
    for (qsizetype i = 1; i <= styles.size(); ++i) {
        if (i == styles.size() || styles[i] != styles[start]) {
            appendRun(runs, styles[start], i - start);
            start = i;
        }
    }
}
} // namespace

OutputBuffer::OutputBuffer(qsizetype maxLines, qsizetype maxChars)
    : m_maxLines(maxLines)
    , m_maxChars(maxChars)
{
}

void OutputBuffer::setLimits(qsizetype maxLines, qsizetype maxChars)
{
    m_maxLines = maxLines;
    m_maxChars = maxChars;
}

void OutputBuffer::text(QStringView text, const TextStyle &style)
{
    write(text, m_styleBase | style.key());
}

void OutputBuffer::control(AnsiParser::Control control, int argument)
{
    using Control = AnsiParser::Control;
    switch (control) {
    case Control::Newline:
        finishLine(false);
        return;
    case Control::CarriageReturn:
        m_cursor = 0;
        return;
    case Control::Backspace:
        m_cursor = std::max<qsizetype>(m_cursor - 1, 0);
        return;
    case Control::CursorForward:
        m_cursor = std::min(m_cursor + argument, kFoldColumns);
        return;
    case Control::CursorBack:
        m_cursor = std::max<qsizetype>(m_cursor - argument, 0);
        return;
    case Control::CursorColumn:
        m_cursor = std::min<qsizetype>(argument, kFoldColumns);
        return;
    case Control::EraseInLine:
        if (argument == 1) {
            const qsizetype end = std::min(m_cursor + 1, m_line.size());
            std::fill(m_line.begin(), m_line.begin() + end, QLatin1Char(' '));
            std::fill(m_lineStyles.begin(), m_lineStyles.begin() + end, m_styleBase);
        } else if (m_cursor < m_line.size() || argument == 2) {
            // Blanks at the end of a line look like nothing, so erasing them is truncating.
            const qsizetype end = argument == 2 ? 0 : m_cursor;
            m_line.truncate(end);
            m_lineStyles.resize(end);
        }
        m_openChanged = true;
        return;
    }
}

void OutputBuffer::appendPlain(QStringView text, quint64 style)
{
    while (!text.isEmpty()) {
        const qsizetype newline = text.indexOf(QLatin1Char('\n'));
        write(newline < 0 ? text : text.first(newline), style);
        if (newline < 0)
            return;
        finishLine(false);
        text = text.sliced(newline + 1);
    }
}

void OutputBuffer::endOpenLine()
{
    if (!m_line.isEmpty())
        finishLine(false);
}

void OutputBuffer::write(QStringView text, quint64 style)
{
    while (!text.isEmpty()) {
        if (m_cursor >= kFoldColumns && !(text.front().isLowSurrogate() && m_cursor == m_line.size()))
            finishLine(true);
        qsizetype count = std::min(text.size(), std::max<qsizetype>(kFoldColumns - m_cursor, 1));
        if (count < text.size() && text[count].isLowSurrogate())
            ++count;                    // a surrogate pair stays on one line
        if (m_cursor > m_line.size()) { // moved right past the end: the gap is blank
            m_lineStyles.insert(m_lineStyles.size(), m_cursor - m_line.size(), m_styleBase);
            m_line.append(QString(m_cursor - m_line.size(), QLatin1Char(' ')));
        }
        // Overwrite from the cursor, as a terminal does after a carriage return.
        const qsizetype end = m_cursor + count;
        if (end > m_line.size()) {
            m_line.resize(end);
            m_lineStyles.resize(end);
        }
        std::copy(text.begin(), text.begin() + count, m_line.begin() + m_cursor);
        std::fill(m_lineStyles.begin() + m_cursor, m_lineStyles.begin() + end, style);
        m_cursor = end;
        m_openChanged = true;
        text = text.sliced(count);
    }
}

void OutputBuffer::finishLine(bool folded)
{
    if (folded) {
        m_line.append(QChar(kFoldMark));
        m_lineStyles.append(m_lineStyles.isEmpty() ? m_styleBase : m_lineStyles.last());
    }
    m_text.append(m_line);
    m_text.append(QLatin1Char('\n'));
    appendRuns(m_runs, m_lineStyles);
    appendRun(m_runs, m_runs.isEmpty() ? m_styleBase : m_runs.last().style, 1);
    ++m_lines;
    m_line.resize(0); // keeps the capacity: the next line is likely as long
    m_lineStyles.resize(0);
    m_cursor = 0;
    m_openChanged = true;
    // Twice the limit before cutting, so the cost of cutting is spread over many lines.
    dropOverflow(2);
}

void OutputBuffer::dropOverflow(qsizetype slackFactor)
{
    if (m_lines > m_maxLines * slackFactor) {
        qsizetype lines = m_lines - m_maxLines;
        const qsizetype end = endOfLines(lines, std::numeric_limits<qsizetype>::max());
        m_skipped += lines;
        advance(end, lines, nullptr);
    }
    if (m_text.size() - m_start > m_maxChars * slackFactor) {
        // Whole lines go, until what is left fits.
        const qsizetype from = m_text.size() - m_maxChars;
        const qsizetype end = m_text.indexOf(QLatin1Char('\n'), std::max(from - 1, m_start)) + 1;
        const qsizetype lines = QStringView(m_text).sliced(m_start, end - m_start).count(QLatin1Char('\n'));
        m_skipped += lines;
        advance(end, lines, nullptr);
    }
}

void OutputBuffer::skipAll(qint64 moreLines)
{
    m_skipped += m_lines + moreLines;
    advance(m_text.size(), m_lines, nullptr);
    m_line.resize(0);
    m_lineStyles.resize(0);
    m_cursor = 0;
    m_openChanged = true;
}

OutputBuffer::Chunk OutputBuffer::takeFinished(qsizetype lines, qsizetype chars)
{
    Chunk out;
    out.lines = lines;
    const qsizetype end = endOfLines(out.lines, chars);
    out.text = m_text.sliced(m_start, end - m_start); // a copy: m_text keeps its capacity
    advance(end, out.lines, &out.runs);
    return out;
}

qsizetype OutputBuffer::endOfLines(qsizetype &lines, qsizetype chars) const
{
    if (lines >= m_lines && m_text.size() - m_start <= chars) {
        lines = m_lines;
        return m_text.size();
    }
    qsizetype position = m_start;
    qsizetype count = 0;
    while (count < std::min(lines, m_lines) && (count == 0 || position - m_start < chars)) {
        position = m_text.indexOf(QLatin1Char('\n'), position) + 1;
        ++count;
    }
    lines = count;
    return position;
}

void OutputBuffer::advance(qsizetype end, qsizetype lines, QList<Run> *taken)
{
    m_lines -= lines;
    qsizetype chars = end - m_start;
    qsizetype whole = 0;
    while (chars > 0) {
        Run &run = m_runs[whole];
        const qsizetype part = std::min(run.length, chars);
        if (taken)
            taken->append({part, run.style});
        chars -= part;
        run.length -= part;
        if (run.length == 0)
            ++whole;
    }
    m_runs.remove(0, whole);
    m_start = end;
    if (m_lines == 0) {
        m_text.resize(0); // keeps the capacity for the next lines
        m_start = 0;
    } else if (m_start > m_text.size() / 2) {
        m_text.remove(0, m_start);
        m_start = 0;
    }
}

OutputBuffer::Chunk OutputBuffer::takeOpenLine()
{
    Chunk out;
    out.text = m_line;
    appendRuns(out.runs, m_lineStyles);
    m_openChanged = false;
    return out;
}

void OutputBuffer::clear()
{
    m_text.clear();
    m_start = 0;
    m_runs.clear();
    m_lines = 0;
    m_skipped = 0;
    m_line.clear();
    m_lineStyles.clear();
    m_cursor = 0;
    m_openChanged = false;
}

} // namespace Sandpit::Ui
