#pragma once

#include "model/terminalsize.h"
#include "terminal/terminalcell.h"

#include <QPoint>

#include <deque>

namespace Sandpit::Ui {

struct TerminalFrame;

/// What the GUI thread knows of a terminal: the last screen the feeder handed over and the
/// scrollback built from the lines it said were pushed. It reads as TerminalScreen does (rows
/// from the top of the screen; the scrollback's are -1, newest, down to -scrollbackLines()),
/// so drawing, the selection and Copy need no lock and no libvterm.
class TerminalImage final
{
public:
    explicit TerminalImage(Core::TerminalSize size = {});

    /// Takes a frame's screen and scrollback changes. Its rows are fitted to size(): a frame
    /// made before a resize reached the feeder is drawn at the new size until the next one.
    void apply(TerminalFrame &&frame);
    void resize(Core::TerminalSize size);
    void clear();

    Core::TerminalSize size() const { return m_size; }
    int scrollbackLines() const { return int(m_scrollback.size()); }
    qint64 linesPushed() const { return m_linesPushed; }
    TerminalLine line(int row) const;
    QString lineText(int row) const;
    QString text(int fromRow, int fromColumn, int toRow, int toColumn) const;
    QPoint cursor() const { return m_cursor; }
    bool isCursorVisible() const { return m_cursorVisible; }

private:
    Core::TerminalSize m_size;
    QList<TerminalLine> m_rows;
    std::deque<TerminalLine> m_scrollback; // front: the oldest
    qint64 m_linesPushed = 0;
    QPoint m_cursor;
    bool m_cursorVisible = true;
};

} // namespace Sandpit::Ui
