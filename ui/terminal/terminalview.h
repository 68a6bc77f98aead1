#pragma once

#include "model/terminalsize.h"
#include "terminal/terminalintake.h"
#include "terminal/terminalscreen.h"
#include "theme/theme.h"

#include <QAbstractScrollArea>
#include <QTimer>

#include <optional>

class QMenu;

namespace Sandpit::Ui {

/// A terminal on screen: a TerminalScreen drawn in the theme's colours and the widget's
/// (monospaced) font, with its scrollback under the scroll bar, a mouse selection, Copy and
/// Paste. What the program writes waits in an intake and is fed to the screen in slices of
/// kTurnMs at most per turn of the event loop, and the screen is drawn at most every
/// kRepaintMs, so a flood (`yes`) never freezes the window. Keys become bytes
/// (inputTyped()); a new size in cells is said once the widget stops changing size
/// (sizeChanged()).
class TerminalView final : public QAbstractScrollArea
{
    Q_OBJECT
public:
    /// The work of one turn of the event loop, and the bytes fed in one step of it: as the
    /// Output pane, 50 ms a stall may last leave room for a paint and a busy machine.
    static constexpr int kTurnMs = 5;
    static constexpr qsizetype kBytesPerStep = 16 * 1024;
    /// A flood scrolls the screen thousands of times a second; about 60 repaints are all an
    /// eye can see, and each one draws the whole screen.
    static constexpr int kRepaintMs = 16;
    /// A window dragged to a new size passes through dozens of sizes; the program is told the
    /// last one (each tells it to redraw its prompt).
    static constexpr int kResizeDebounceMs = 80;
    /// Pixels between the widget's edge and the cells: text against the edge is hard to read.
    static constexpr int kPadding = 4;

    explicit TerminalView(QWidget *parent = nullptr);

    TerminalScreen &screen() { return m_screen; }
    const TerminalScreen &screen() const { return m_screen; }
    /// The size in cells that fits the widget now.
    Core::TerminalSize cellsThatFit() const;
    QSizeF cellSize() const { return m_cell; }
    /// Rows scrolled back from the bottom (0: the live screen).
    int scrolledBack() const { return m_scrolledBack; }
    bool hasSelection() const { return m_selection.has_value(); }
    QString selectedText() const;
    bool hasPendingOutput() const { return !m_intake.isEmpty(); }
    /// Bytes of plain text skipped unread since the start, because they would have scrolled
    /// out of the scrollback before they were drawn (see TerminalIntake).
    qint64 skippedBytes() const { return m_skippedBytes; }
    /// The program was started on a terminal of `size`: if the widget is another size by now
    /// (it was behind another tab), or becomes one, sizeChanged() says so.
    void setAnnouncedSize(Core::TerminalSize size);

public Q_SLOTS:
    /// What the program wrote, raw.
    void appendOutput(const QByteArray &bytes);
    /// Feeds everything waiting now instead of turn by turn.
    void flush();
    /// A blank screen and an empty scrollback, for a new program.
    void clearAll();
    void setTheme(const Sandpit::Ui::Theme &theme);
    /// Whether the cursor is drawn: not once the program has ended, when typing does nothing.
    void setCursorShown(bool shown);
    void copy();
    void paste();
    /// Shift+PageUp and Shift+PageDown: a screenful.
    void scrollPage(int pages);

Q_SIGNALS:
    /// Bytes for the program: what the user typed or pasted, and the terminal's answers.
    void inputTyped(const QByteArray &bytes);
    /// The widget settled at a new size, in cells.
    void sizeChanged(Sandpit::Core::TerminalSize size);

protected:
    bool event(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;
    void scrollContentsBy(int dx, int dy) override;
    bool focusNextPrevChild(bool next) override;

private:
    /// A place in the text that stays put as lines scroll: a line counted from the first line
    /// the terminal ever showed, and a column.
    struct Place {
        qint64 line = 0;
        int column = 0;
        friend auto operator<=>(const Place &, const Place &) = default;
    };
    struct Selection {
        Place anchor;
        Place end;
    };

    void takeTurn();
    void skipUnseen();
    void scheduleRepaint();
    void updateMetrics();
    void fitScreen();
    void updateScrollBar();
    void onScrollbackChanged();
    /// The screen row (negative: the scrollback) shown on view row `viewRow`.
    int screenRow(int viewRow) const { return viewRow - m_scrolledBack; }
    Place placeAt(QPointF position) const;
    int rowOf(qint64 line) const { return int(line - m_screen.linesPushed()); }
    bool isShortcut(const QKeyEvent *event) const;
    void sendTyped();
    void drawLine(QPainter &painter, int viewRow, const TerminalLine &cells) const;
    void drawCursor(QPainter &painter) const;
    bool isSelected(int row, int column) const;

    TerminalScreen m_screen;
    TerminalIntake m_intake;
    Theme::Editor m_colors = Theme::light().editor;
    QSizeF m_cell{8, 16};
    int m_ascent = 12;
    int m_scrolledBack = 0;
    std::optional<Selection> m_selection;
    bool m_selecting = false;
    bool m_cursorShown = true;
    bool m_updatingScrollBar = false;
    QTimer m_feedTimer;
    QTimer m_repaintTimer;
    QTimer m_resizeTimer;
    Core::TerminalSize m_announced{0, 0};
    qint64 m_skippedBytes = 0;
    qint64 m_seenPushed = 0; // linesPushed() when the scrollback last changed
};

} // namespace Sandpit::Ui
