#pragma once

#include "output/ansiparser.h"

#include <QList>
#include <QString>

#include <limits>

namespace Sandpit::Ui {

/// The output a pane has still to draw, held the way a terminal holds it: finished lines
/// waiting in order, and the open line under the cursor, which a carriage return, a
/// backspace or an erase code can still change. Each character carries a style key (the
/// caller's bits above TextStyle::kKeyBits, then the SGR style).
///
/// It is bounded whatever a program prints: lines fold at kFoldColumns, and only the newest
/// maxLines lines (and maxChars characters) wait; the older ones are counted as skipped.
class OutputBuffer final : public AnsiParser::Sink
{
public:
    struct Run {
        qsizetype length;
        quint64 style;
    };
    /// A stretch of text, '\n' between lines, with the styles of its characters in order.
    struct Chunk {
        QString text;
        QList<Run> runs;
        qsizetype lines = 0;
    };

    /// Long lines are broken here: text layout slows down sharply on very long lines (a
    /// minified blob, a progress bar without newlines).
    static constexpr qsizetype kFoldColumns = 4000;
    /// Marks where a long line was folded, so it is not mistaken for a newline the program printed.
    static constexpr char16_t kFoldMark = 0x21A9; // ↩

    OutputBuffer(qsizetype maxLines, qsizetype maxChars);

    void setLimits(qsizetype maxLines, qsizetype maxChars);
    /// The bits added to the style key of the program text that follows (which stream).
    void setStyleBase(quint64 base) { m_styleBase = base; }

    void text(QStringView text, const TextStyle &style) override;
    void control(AnsiParser::Control control, int argument) override;
    /// Text of the pane's own (a note, echoed input): every '\n' ends a line.
    void appendPlain(QStringView text, quint64 style);
    /// Ends the open line if anything is on it.
    void endOpenLine();
    /// Drops every waiting line and the open line, unseen, and counts them with `moreLines`
    /// others as skipped: the caller saw that newer lines will replace them all.
    void skipAll(qint64 moreLines);

    bool hasPending() const { return m_lines > 0 || m_openChanged; }
    bool isOpenLineEmpty() const { return m_line.isEmpty(); }
    /// Drops the oldest waiting lines beyond the limits (counted as skipped).
    void applyLimits() { dropOverflow(1); }
    qsizetype waitingLines() const { return m_lines; }
    qsizetype waitingChars() const { return m_text.size() - m_start; }
    /// The oldest finished lines waiting (after applyLimits()): at most `lines` of them, and
    /// no more once `chars` characters are taken (but always one line, if any waits).
    Chunk takeFinished(qsizetype lines, qsizetype chars = std::numeric_limits<qsizetype>::max());
    /// The open line as it is now (no '\n'); it stays open, but is no longer "changed".
    Chunk takeOpenLine();
    /// Finished lines dropped unseen since the last call, because newer ones replaced them.
    qint64 takeSkipped() { return std::exchange(m_skipped, 0); }
    void clear();

private:
    void write(QStringView text, quint64 style);
    void finishLine(bool folded);
    /// Where the first `lines` waiting lines end in m_text, or the first line that reaches
    /// `chars` characters; sets `lines` to how many that is.
    qsizetype endOfLines(qsizetype &lines, qsizetype chars) const;
    /// Moves the start of the waiting lines to `end`, handing their runs to `taken` if asked.
    void advance(qsizetype end, qsizetype lines, QList<Run> *taken);
    void dropOverflow(qsizetype slackFactor);

    qsizetype m_maxLines;
    qsizetype m_maxChars;
    quint64 m_styleBase = 0;

    // Finished lines, each ending in '\n', from m_start on: lines are taken or dropped from
    // the front by moving m_start, and the text is compacted only when half of it is gone.
    QString m_text;
    qsizetype m_start = 0;
    QList<Run> m_runs;
    qsizetype m_lines = 0;
    qint64 m_skipped = 0;

    QString m_line;              // the open line
    QList<quint64> m_lineStyles; // one per character of m_line
    qsizetype m_cursor = 0;
    bool m_openChanged = false;
};

} // namespace Sandpit::Ui
