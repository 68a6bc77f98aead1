#pragma once

#include "model/terminalsize.h"
#include "terminal/terminalcell.h"

#include <QByteArray>
#include <QObject>
#include <QPoint>

#include <climits>

#include <deque>
#include <memory>

struct VTerm;
struct VTermScreen;

namespace Sandpit::Ui {

/// A terminal's state on libvterm: the bytes a program wrote, fed in, become a grid of cells
/// with their colours and a cursor, and the lines that scroll off its top are kept in a
/// scrollback. Keys go the other way: they become the bytes a program on a terminal expects,
/// in the modes it set (application cursor keys, bracketed paste), and come out through
/// bytesToSend() with the terminal's own answers (a cursor position report).
/// Rows are numbered from the top of the screen; the scrollback's rows are -1 (newest) down to
/// -scrollbackLines().
class TerminalScreen final : public QObject
{
    Q_OBJECT
public:
    /// A few thousand lines: a traceback or a long listing scrolled off stays readable, and a
    /// flood keeps a bounded memory (some 5 MB at 80 columns).
    static constexpr int kMaxScrollback = 5'000;

    explicit TerminalScreen(Core::TerminalSize size = {}, QObject *parent = nullptr);
    ~TerminalScreen() override;

    /// What the program wrote; an escape sequence or UTF-8 character may be split anywhere.
    void feed(QByteArrayView bytes);
    /// A new size: long lines are not re-wrapped, lines pushed off the top go to the
    /// scrollback, and rows added at the top come back from it.
    void resize(Core::TerminalSize size);
    /// Back to a blank screen and an empty scrollback, in the default modes.
    void reset();

    Core::TerminalSize size() const { return m_size; }
    int scrollbackLines() const { return int(m_scrollback.size()); }
    /// Lines that went into the scrollback since the start (less those that came back): how
    /// far the text has scrolled, so a place in it can be kept as the lines move.
    qint64 linesPushed() const { return m_linesPushed; }
    /// Row `row` (see the class note); an empty line outside the range.
    TerminalLine line(int row) const;
    /// The text of row `row`, without trailing blanks.
    QString lineText(int row) const;
    /// The text from (`fromRow`, `fromColumn`) to (`toRow`, `toColumn`) inclusive, rows joined
    /// with '\n' and each line's trailing blanks left out: what Copy puts on the clipboard.
    QString text(int fromRow, int fromColumn, int toRow, int toColumn) const;
    QPoint cursor() const { return m_cursor; }
    bool isCursorVisible() const { return m_cursorVisible; }
    bool isCursorBlinking() const { return m_cursorBlink; }
    /// The program switched to the alternate screen (a full-screen program: less, vim).
    bool isAltScreen() const { return m_altScreen; }

    /// The modes a program set that change the bytes a key or a paste sends.
    struct KeyModes {
        bool applicationCursor = false;
        bool applicationKeypad = false;
        bool bracketedPaste = false;
        bool newline = false; ///< Enter sends "\r\n"
        friend bool operator==(const KeyModes &, const KeyModes &) = default;
    };
    /// The key modes in force. libvterm has no getter for them, so they are read from what a
    /// key would send (nothing is sent).
    KeyModes keyModes();
    /// Takes on `modes`, as if the program had set them: a screen that only turns keys into
    /// bytes follows one that is fed the program's output elsewhere.
    void setKeyModes(const KeyModes &modes);

    /// A key, with Qt's modifiers, as a terminal sends it. false: not a key a terminal knows
    /// (the caller lets the widget have it).
    bool sendKey(int qtKey, Qt::KeyboardModifiers modifiers, const QString &text);
    /// Text pasted from the clipboard: in bracketed-paste markers when the program asked for
    /// them (so a REPL does not run each pasted line as it arrives), and with "\n" as "\r".
    void paste(const QString &text);
    /// What to write to the program, taken: keys, a paste, the terminal's answers.
    QByteArray takeBytesToSend() { return std::exchange(m_toSend, {}); }

Q_SIGNALS:
    /// Cells changed, from row `top` to `bottom` inclusive, or the cursor moved.
    void damaged(int top, int bottom);
    /// A scrolled-off line went to the scrollback (or came back from it).
    void scrollbackChanged();
    /// Bytes for the program wait in takeBytesToSend().
    void bytesToSend();
    void bell();

private:
    struct Callbacks;
    void noteDamage(int top, int bottom);
    /// The signals for what the last call changed: once per call, not once per callback.
    void flushSignals();

    std::unique_ptr<VTerm, void (*)(VTerm *)> m_vterm;
    VTermScreen *m_screen = nullptr;
    Core::TerminalSize m_size;
    std::deque<TerminalLine> m_scrollback; // front: the oldest
    QByteArray m_toSend;
    qint64 m_linesPushed = 0;
    QPoint m_cursor; // x: column, y: row
    bool m_cursorVisible = true;
    bool m_cursorBlink = true;
    bool m_altScreen = false;
    bool m_scrollbackChanged = false;
    int m_damageTop = INT_MAX;
    int m_damageBottom = INT_MIN;
};

} // namespace Sandpit::Ui
