#pragma once

#include "outputbuffer.h"
#include "outputintake.h"
#include "outputsettings.h"
#include "styleformats.h"

#include <QPlainTextEdit>
#include <QTimer>

namespace Sandpit::Ui {

/// The read-only text of a run's output. Bounded so no program can freeze the window: text
/// waits in an OutputBuffer and is drawn in batches on a short timer, each batch small enough
/// to keep the event loop turning, and the document keeps at most maxLines() lines and
/// kMaxChars characters.
class OutputView final : public QPlainTextEdit
{
    Q_OBJECT
public:
    using Kind = OutputKind;

    /// A few thousand folded lines of a 10 MB single line would otherwise fill the memory.
    static constexpr qsizetype kMaxChars = 4 * 1024 * 1024;
    static constexpr int kFlushIntervalMs = 30;
    /// Drawing more at once would stall the event loop; the rest follows at the next turn.
    static constexpr qsizetype kBytesPerTurn = 256 * 1024;
    static constexpr qsizetype kLinesPerFlush = 2'000;
    static constexpr qsizetype kCharsPerFlush = 256 * 1024;
    /// QTextDocument removes blocks from its top slowly (some 20 µs each, with the layout
    /// attached, where inserting one costs 2 µs), so a batch removes at most this many.
    static constexpr qsizetype kRemovalsPerFlush = 250;

    explicit OutputView(QWidget *parent = nullptr);

    /// Program output as received (Kind::Stdout or Kind::Stderr).
    void appendOutput(Kind kind, const QByteArray &bytes);
    /// The program's streams have ended.
    void endOutput();
    /// Text of the pane's own (echoed input, a note); '\n' ends a line.
    void append(Kind kind, const QString &text);
    /// Appends `text` as a line of its own, ending an unfinished line first.
    void appendLine(Kind kind, const QString &text);
    void clearAll();
    /// Reads and draws all the waiting text now instead of turn by turn.
    void flush();
    void setMaxLines(int lines);
    int maxLines() const { return m_maxLines; }
    /// Lines of this run that are no longer shown (scrolled off the top, or never drawn).
    qint64 droppedLines() const { return m_dropped; }
    bool hasPendingText() const;

Q_SIGNALS:
    /// More lines were dropped; `total` counts them all since the last clearAll().
    void linesDropped(qint64 total);

private:
    void scheduleFlush();
    /// Reads a slice of what waits and draws a batch, then lets the event loop turn.
    void takeTurn();
    void drawBatch();
    void insert(QTextCursor &cursor, const OutputBuffer::Chunk &chunk);
    void trimCharacters();

    OutputIntake m_intake;
    OutputBuffer m_buffer;
    StyleFormats m_formats;
    QTimer m_flushTimer;
    int m_maxLines = OutputSettings::kDefaultMaxLines;
    qint64 m_linesFinished = 0; // every line this run finished, shown or not
    qint64 m_dropped = 0;
};

} // namespace Sandpit::Ui
