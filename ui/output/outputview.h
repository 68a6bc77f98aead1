#pragma once

#include "output/outputbuffer.h"
#include "output/outputintake.h"
#include "output/outputlinks.h"
#include "output/outputsettings.h"
#include "output/styleformats.h"

#include <QElapsedTimer>
#include <QPlainTextEdit>
#include <QTimer>

namespace Sandpit::Ui {

/// The read-only text of a run's output. Bounded so no program can freeze the window: what
/// arrives waits in an OutputIntake, is read into an OutputBuffer and drawn in turns of the
/// event loop no longer than kTurnMs, and the document keeps maxLines() lines and at most
/// kMaxChars characters.
class OutputView final : public QPlainTextEdit
{
    Q_OBJECT
public:
    using Kind = OutputKind;

    /// A few thousand folded lines of a 10 MB single line would otherwise fill the memory.
    static constexpr qsizetype kMaxChars = 4 * 1024 * 1024;
    /// Output is drawn this long after it arrives, so what a program prints in bursts is
    /// drawn in one go; in a flood, a batch is drawn this often.
    static constexpr int kFlushIntervalMs = 30;
    /// The work of one turn of the event loop, and the steps it is done in: the 50 ms a stall
    /// may last leaves room for a paint and a machine busy with other work.
    static constexpr int kTurnMs = 5;
    static constexpr qsizetype kBytesPerStep = 64 * 1024;
    static constexpr qsizetype kLinesPerFlush = 1'000;
    static constexpr qsizetype kCharsPerFlush = 128 * 1024;
    /// QTextDocument removes blocks from its top slowly (some 15 µs each, with the layout
    /// attached, where inserting one costs 2 µs). Lines past maxLines() are therefore removed
    /// after the new ones are drawn, a few at a time, and the document may hold more lines
    /// than maxLines() for a few turns after a burst.
    static constexpr qsizetype kRemovalsPerStep = 50;

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
    /// Lines drawn from now on that name a place in these sources become links.
    void setLinkedSources(const Core::DiagnosticParser &parser) { m_links.setSources(parser); }

Q_SIGNALS:
    /// A link to a place in the learner's program was clicked, or chosen with Tab and Enter.
    void placeActivated(const QString &file, int line, int column);

    /// More lines were dropped; `total` counts them all since the last clearAll().
    void linesDropped(qint64 total);

protected:
    /// A new theme: what arrives from now on is drawn in its colours.
    void changeEvent(QEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    /// Tab and Shift+Tab go from link to link, as in a browser, and on past the last one.
    bool focusNextPrevChild(bool next) override;

private:
    void scheduleFlush();
    /// Reads some of what waits, draws it and removes old lines, for kTurnMs at most, then
    /// lets the event loop turn.
    void takeTurn();
    void drawBatch();
    /// Removes at most `most` lines past maxLines() from the top; true if more are left.
    bool removeOldLines(qsizetype most);
    void countDropped();
    /// Inserts `chunk` in its styles, the `links` in it (in order) as links.
    void insert(QTextCursor &cursor, const OutputBuffer::Chunk &chunk, const QList<OutputLinks::Link> &links = {});
    void trimCharacters();
    void activate(const QString &href);

    OutputIntake m_intake;
    OutputBuffer m_buffer;
    StyleFormats m_formats;
    OutputLinks m_links;
    QString m_pressedLink; // under the mouse when its button went down
    QPoint m_pressedAt;
    QTimer m_flushTimer;
    QElapsedTimer m_sinceDrawn;
    int m_maxLines = OutputSettings::kDefaultMaxLines;
    qint64 m_linesFinished = 0; // every line this run finished, shown or not
    qint64 m_dropped = 0;
};

} // namespace Sandpit::Ui
