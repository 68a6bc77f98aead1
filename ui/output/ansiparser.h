#pragma once

#include "output/textstyle.h"

#include <QString>
#include <QStringView>

namespace Sandpit::Ui {

/// Splits one output stream's text into printable runs, their SGR style, and the few cursor
/// controls a line-based pane can honour. Every other escape sequence (CSI, OSC, DCS, …) is
/// swallowed whole. It keeps its state between calls, so a sequence split across two chunks
/// is still one sequence.
class AnsiParser final
{
public:
    enum class Control {
        Newline,
        CarriageReturn,
        Backspace,
        EraseInLine,   ///< argument: 0 cursor to end, 1 start to cursor, 2 whole line
        CursorForward, ///< argument: columns
        CursorBack,    ///< argument: columns
        CursorColumn,  ///< argument: column, from 0
    };

    class Sink
    {
    public:
        virtual ~Sink() = default;
        /// Text to show in `style`. It holds no control character but tab: the others arrive
        /// as control() or, when the pane cannot honour them, as their Control Pictures.
        virtual void text(QStringView text, const TextStyle &style) = 0;
        virtual void control(Control control, int argument) = 0;
    };

    void parse(QStringView text, Sink &sink);
    /// Forgets a half-read sequence and the style, for a new run.
    void reset();
    const TextStyle &style() const { return m_style; }
    /// True between sequences: text that follows is text.
    bool isIdle() const { return m_state == State::Ground; }

    /// An OSC or DCS string that has not ended after this many characters is given up, so a
    /// stray "ESC ]" cannot swallow the rest of a run's output.
    static constexpr int kMaxStringLength = 4096;

private:
    enum class State : quint8 { Ground, Escape, EscapeIntermediate, Csi, String, StringEscape };

    /// Hands on the printable text from `i` and the control character after it; returns where
    /// to go on.
    qsizetype takeText(QStringView text, qsizetype i, Sink &sink);
    // One character inside a sequence, by state. False when the character turned out not to
    // belong to the sequence: it is read again, as text or as the start of the next one.
    bool takeInSequence(char16_t c, Sink &sink);
    bool takeInEscape(char16_t c);
    bool takeInEscapeIntermediate(char16_t c);
    bool takeInCsi(char16_t c, Sink &sink);
    bool takeInString(char16_t c);
    void controlInSequence(char16_t c, Sink &sink);
    void executeControl(char16_t c, Sink &sink);
    void dispatchCsi(char16_t final, Sink &sink);

    State m_state = State::Ground;
    QString m_params;          // the CSI's parameter characters, at most kMaxParams
    bool m_csiIgnored = false; // private marker, intermediates or overlong: recognised, then dropped
    int m_stringLength = 0;
    TextStyle m_style;
};

} // namespace Sandpit::Ui
