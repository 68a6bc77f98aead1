#pragma once

#include "engine/ownedthread.h"
#include "model/terminalsize.h"
#include "terminal/terminalimage.h"
#include "terminal/terminalscreen.h"
#include "theme/theme.h"

#include <QAbstractScrollArea>
#include <QTimer>

#include <optional>

class QMenu;

namespace Sandpit::Ui {

class TerminalFeeder;
struct TerminalFrame;

/// A terminal on screen, drawn in the theme's colours and the widget's (monospaced) font, with
/// its scrollback under the scroll bar, a mouse selection, Copy and Paste. What the program
/// writes is fed to libvterm by a TerminalFeeder on a thread of the view's own, which hands
/// finished screens back (TerminalImage keeps the last), and the screen is drawn at most every
/// kRepaintMs: under a flood (`yes`) the GUI thread only draws. Keys become bytes
/// (inputTyped()) on the GUI thread, in the key modes of the last screen; a new size in cells
/// is said once the widget stops changing size (sizeChanged()).
class TerminalView final : public QAbstractScrollArea
{
    Q_OBJECT
public:
    /// A flood scrolls the screen thousands of times a second; about 60 repaints are all an
    /// eye can see, and each one draws the whole screen.
    static constexpr int kRepaintMs = 16;
    /// A window dragged to a new size passes through dozens of sizes; the program is told the
    /// last one (each tells it to redraw its prompt).
    static constexpr int kResizeDebounceMs = 80;
    /// Pixels between the widget's edge and the cells: text against the edge is hard to read.
    static constexpr int kPadding = 4;

    explicit TerminalView(QWidget *parent = nullptr);
    ~TerminalView() override;

    /// The screen as last handed over (flush() brings it up to date).
    const TerminalImage &screen() const { return m_screen; }
    /// The size in cells that fits the widget now.
    Core::TerminalSize cellsThatFit() const;
    QSizeF cellSize() const { return m_cell; }
    /// Rows scrolled back from the bottom (0: the live screen).
    int scrolledBack() const { return m_scrolledBack; }
    bool hasSelection() const { return m_selection.has_value(); }
    QString selectedText() const;
    /// Output appended that no screen handed over shows yet.
    bool hasPendingOutput() const { return m_bytesAppended > m_bytesShown; }
    /// Bytes of plain text skipped unread since the start, because they would have scrolled
    /// out of the scrollback before they were drawn (see TerminalIntake).
    qint64 skippedBytes() const { return m_skippedBytes; }
    /// The program was started on a terminal of `size`: if the widget is another size by now
    /// (it was behind another tab), or becomes one, sizeChanged() says so.
    void setAnnouncedSize(Core::TerminalSize size);

public Q_SLOTS:
    /// What the program wrote, raw.
    void appendOutput(const QByteArray &bytes);
    /// Feeds everything waiting now instead of turn by turn, and waits for the screen: for
    /// tests and benchmarks, which read the screen right after; the window never calls it.
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

    void takeFrame();
    void applyFrame(TerminalFrame &&frame);
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

    TerminalImage m_screen;
    /// Turns keys and pastes into bytes, following the key modes the feeder's screen is in
    /// (a terminal's keys depend on nothing else), so typing never waits for the feeder.
    TerminalScreen m_keys;
    TerminalScreen::KeyModes m_keyModes;
    Theme::Editor m_colors = Theme::light().editor;
    QSizeF m_cell{8, 16};
    int m_ascent = 12;
    int m_scrolledBack = 0;
    std::optional<Selection> m_selection;
    bool m_selecting = false;
    bool m_cursorShown = true;
    bool m_updatingScrollBar = false;
    QTimer m_repaintTimer;
    QTimer m_resizeTimer;
    Core::TerminalSize m_announced{0, 0};
    qint64 m_skippedBytes = 0;
    qint64 m_seenPushed = 0; // linesPushed() when the scrollback last changed
    quint64 m_generation = 0; // clearAll()s so far: frames of an earlier one are dropped
    qint64 m_bytesAppended = 0; // since the last clearAll()
    qint64 m_bytesShown = 0;
    Core::OwnedThread m_thread; // last: stopped, with the feeder, before the rest goes
    TerminalFeeder *m_feeder;   // lives on m_thread, deleted when it finishes
};

} // namespace Sandpit::Ui
