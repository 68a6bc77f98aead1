#include "terminal/terminalimage.h"

#include "terminal/terminalframe.h"

namespace Sandpit::Ui {

TerminalImage::TerminalImage(Core::TerminalSize size)
{
    resize(size);
}

void TerminalImage::apply(TerminalFrame &&frame)
{
    if (frame.cleared)
        m_scrollback.clear();
    for (int i = 0; i < frame.popped && !m_scrollback.empty(); ++i)
        m_scrollback.pop_back();
    for (TerminalLine &line : frame.pushed)
        m_scrollback.push_back(std::move(line));
    while (m_scrollback.size() > size_t(TerminalScreen::kMaxScrollback))
        m_scrollback.pop_front();
    m_linesPushed = frame.linesPushed;
    m_rows = std::move(frame.rows);
    m_rows.resize(m_size.rows);
    m_cursor = frame.cursor;
    m_cursorVisible = frame.cursorVisible;
}

void TerminalImage::resize(Core::TerminalSize size)
{
    m_size = {std::max(1, size.columns), std::max(1, size.rows)};
    m_rows.resize(m_size.rows);
}

void TerminalImage::clear()
{
    m_scrollback.clear();
    m_rows.fill({});
    m_linesPushed = 0;
    m_cursor = {};
    m_cursorVisible = true;
}

TerminalLine TerminalImage::line(int row) const
{
    if (row < 0) {
        const qsizetype index = qsizetype(m_scrollback.size()) + row;
        return index >= 0 ? m_scrollback[size_t(index)] : TerminalLine();
    }
    return row < m_rows.size() ? m_rows[row] : TerminalLine();
}

QString TerminalImage::lineText(int row) const
{
    const TerminalLine cells = line(row);
    return cellsText(cells, 0, int(cells.size()) - 1);
}

QString TerminalImage::text(int fromRow, int fromColumn, int toRow, int toColumn) const
{
    return rowsText([this](int row) { return line(row); }, fromRow, fromColumn, toRow, toColumn);
}

} // namespace Sandpit::Ui
