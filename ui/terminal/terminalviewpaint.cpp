#include "terminal/terminalview.h"

// How the terminal is drawn: each row in runs of one style, the selection, the cursor.

#include "output/styleformats.h"

#include <QPaintEvent>
#include <QPainter>

namespace Sandpit::Ui {

namespace {
struct Colors {
    QColor text;
    QColor paper;
};
} // namespace

void TerminalView::paintEvent(QPaintEvent *event)
{
    m_repaintTimer.stop();
    QPainter painter(viewport());
    painter.fillRect(event->rect(), m_colors.paper);
    painter.translate(kPadding, kPadding);
    for (int viewRow = 0; viewRow < m_screen.size().rows; ++viewRow)
        drawLine(painter, viewRow, m_screen.line(screenRow(viewRow)));
    drawCursor(painter);
}

void TerminalView::drawLine(QPainter &painter, int viewRow, const TerminalLine &cells) const
{
    const int row = screenRow(viewRow);
    const qreal y = viewRow * m_cell.height();
    QFont bold = font();
    bold.setBold(true);
    int column = 0;
    while (column < cells.size()) {
        const TerminalCell &first = cells[column];
        const bool selected = isSelected(row, column);
        // A run: cells of one style and selection state, one cell wide each, drawn with one
        // call (a wide character is drawn alone, at its own place).
        QString text;
        int end = column;
        while (end < cells.size() && cells[end].style == first.style && isSelected(row, end) == selected
               && (end == column || (cells[end].width == 1 && first.width == 1))) {
            if (cells[end].width != 0)
                text += cells[end].text.isEmpty() ? QStringLiteral(" ") : cells[end].text;
            ++end;
        }
        if (end == column + 1 && first.width == 2 && end < cells.size() && cells[end].width == 0)
            ++end;
        QColor fg = StyleFormats::color(first.style.foreground);
        QColor bg = StyleFormats::color(first.style.background);
        Colors colors{fg.isValid() ? fg : m_colors.text, bg.isValid() ? bg : m_colors.paper};
        if (first.style.inverse)
            std::swap(colors.text, colors.paper);
        if (selected)
            colors = {m_colors.selectionText, m_colors.selection};
        const QRectF area(column * m_cell.width(), y, (end - column) * m_cell.width(), m_cell.height());
        if (colors.paper != m_colors.paper)
            painter.fillRect(area, colors.paper);
        if (!text.trimmed().isEmpty()) {
            QFont runFont = first.style.bold ? bold : font();
            runFont.setItalic(first.style.italic);
            runFont.setUnderline(first.style.underline);
            runFont.setStrikeOut(first.style.strikeOut);
            painter.setFont(runFont);
            painter.setPen(colors.text);
            painter.drawText(QPointF(area.left(), y + m_ascent), text);
        }
        column = end;
    }
}

void TerminalView::drawCursor(QPainter &painter) const
{
    const QPoint cursor = m_screen.cursor();
    const int viewRow = cursor.y() + m_scrolledBack;
    if (!m_cursorShown || !m_screen.isCursorVisible() || viewRow >= m_screen.size().rows)
        return;
    const QRectF cell(cursor.x() * m_cell.width(), viewRow * m_cell.height(), m_cell.width(), m_cell.height());
    if (!hasFocus()) {
        // Hollow: the terminal shows where the cursor is without claiming the keys.
        painter.setPen(m_colors.caret);
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(cell.adjusted(0.5, 0.5, -0.5, -0.5));
        return;
    }
    painter.fillRect(cell, m_colors.caret);
    const TerminalLine cells = m_screen.line(cursor.y());
    if (cursor.x() < cells.size() && !cells[cursor.x()].text.isEmpty()) {
        painter.setFont(font());
        painter.setPen(m_colors.paper);
        painter.drawText(QPointF(cell.left(), cell.top() + m_ascent), cells[cursor.x()].text);
    }
}

} // namespace Sandpit::Ui
