#pragma once

#include "outputbuffer.h"
#include "outputsettings.h"
#include "styleformats.h"

#include <QPlainTextEdit>
#include <QTimer>

namespace Sandpit::Ui {

class AnsiParser;

/// The read-only text of a run's output. Bounded so no program can freeze the window: text
/// waits in an OutputBuffer and is drawn in batches on a short timer, a batch draws at most
/// kLinesPerFlush lines, and the document keeps at most maxLines() lines and kMaxChars
/// characters.
class OutputView final : public QPlainTextEdit
{
    Q_OBJECT
public:
    using Kind = OutputKind;

    /// A few thousand folded lines of a 10 MB single line would otherwise fill the memory.
    static constexpr qsizetype kMaxChars = 4 * 1024 * 1024;
    static constexpr int kFlushIntervalMs = 30;
    /// Drawing more at once would stall the event loop; the rest follows at the next turn.
    static constexpr qsizetype kLinesPerFlush = 2'000;

    explicit OutputView(QWidget *parent = nullptr);

    /// Program output: `parser` splits it into styled text and controls.
    void appendProgramText(Kind kind, AnsiParser &parser, QStringView text);
    /// Text of the pane's own (echoed input, a note); '\n' ends a line.
    void append(Kind kind, const QString &text);
    /// Appends `text` as a line of its own, ending an unfinished line first.
    void appendLine(Kind kind, const QString &text);
    void clearAll();
    /// Draws all the waiting text now instead of batch by batch.
    void flush();
    void setMaxLines(int lines);
    int maxLines() const { return m_maxLines; }
    /// Lines of this run that are no longer shown (scrolled off the top, or never drawn).
    qint64 droppedLines() const { return m_dropped; }
    bool hasPendingText() const { return m_buffer.hasPending(); }

Q_SIGNALS:
    /// More lines were dropped; `total` counts them all since the last clearAll().
    void linesDropped(qint64 total);

private:
    void scheduleFlush();
    void flushBatch();
    void insert(QTextCursor &cursor, const OutputBuffer::Chunk &chunk);
    void trimCharacters();

    OutputBuffer m_buffer;
    StyleFormats m_formats;
    QTimer m_flushTimer;
    int m_maxLines = OutputSettings::kDefaultMaxLines;
    qint64 m_linesFinished = 0; // every line this run finished, shown or not
    qint64 m_dropped = 0;
};

} // namespace Sandpit::Ui
