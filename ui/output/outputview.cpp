#include "output/outputview.h"

#include <QApplication>
#include <QDeadlineTimer>
#include <QEvent>
#include <QFontDatabase>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QScrollBar>
#include <QTextBlock>

#include <limits>

namespace Sandpit::Ui {

OutputView::OutputView(QWidget *parent)
    : QPlainTextEdit(parent)
    , m_buffer(OutputSettings::kDefaultMaxLines, kMaxChars)
{
    setReadOnly(true);
    // Undo history would keep every line ever shown, defeating the block limit.
    setUndoRedoEnabled(false);
    setLineWrapMode(WidgetWidth);
    setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    viewport()->setMouseTracking(true); // the pointing hand over a link
    m_formats.setDefaultColors(palette().color(QPalette::Text), palette().color(QPalette::Base));

    m_flushTimer.setSingleShot(true);
    connect(&m_flushTimer, &QTimer::timeout, this, &OutputView::takeTurn);
}

void OutputView::changeEvent(QEvent *event)
{
    QPlainTextEdit::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        m_formats.setDefaultColors(palette().color(QPalette::Text), palette().color(QPalette::Base));
}

void OutputView::appendOutput(Kind kind, const QByteArray &bytes)
{
    m_intake.addOutput(kind, bytes);
    scheduleFlush();
}

void OutputView::endOutput()
{
    m_intake.addEnd();
    scheduleFlush();
}

void OutputView::append(Kind kind, const QString &text)
{
    m_intake.addText(kind, text, false);
    scheduleFlush();
}

void OutputView::appendLine(Kind kind, const QString &text)
{
    m_intake.addText(kind, text + QLatin1Char('\n'), true);
    scheduleFlush();
}

void OutputView::clearAll()
{
    m_flushTimer.stop();
    m_intake.clear();
    m_buffer.clear();
    m_formats.clear();
    m_links.clearSources();
    m_linesFinished = 0;
    m_dropped = 0;
    clear();
}

void OutputView::flush()
{
    while (hasPendingText()) {
        m_intake.readInto(m_buffer, m_maxLines, std::numeric_limits<qsizetype>::max());
        drawBatch();
    }
    while (removeOldLines(std::numeric_limits<qsizetype>::max())) { }
}

bool OutputView::hasPendingText() const
{
    return !m_intake.isEmpty() || m_buffer.hasPending();
}

void OutputView::setMaxLines(int lines)
{
    m_maxLines = lines;
    m_buffer.setLimits(lines, kMaxChars);
    scheduleFlush(); // fewer lines now may mean some to remove
}

void OutputView::scheduleFlush()
{
    if (!m_flushTimer.isActive())
        m_flushTimer.start(kFlushIntervalMs);
}

void OutputView::takeTurn()
{
    // Each step is small, and the turn ends when its time is up: on a busy machine the turns
    // get shorter, not the event loop slower.
    const QDeadlineTimer turn(kTurnMs);
    do {
        m_intake.readInto(m_buffer, m_maxLines, kBytesPerStep);
    } while (!m_intake.isEmpty() && !turn.hasExpired());
    // While more waits unread, reading comes first: what is read may replace what would be
    // drawn now. A batch is still drawn every kFlushIntervalMs, so a flood shows as it runs.
    if (m_intake.isEmpty() || !m_sinceDrawn.isValid() || m_sinceDrawn.hasExpired(kFlushIntervalMs)) {
        do {
            drawBatch();
        } while (m_intake.isEmpty() && m_buffer.hasPending() && !turn.hasExpired());
        m_sinceDrawn.start();
    }
    bool moreToRemove = removeOldLines(kRemovalsPerStep);
    while (moreToRemove && !turn.hasExpired())
        moreToRemove = removeOldLines(kRemovalsPerStep);
    if (hasPendingText() || moreToRemove)
        m_flushTimer.start(0); // the rest after the events that waited for this turn
}

bool OutputView::removeOldLines(qsizetype most)
{
    const qsizetype excess = document()->blockCount() - 1 - m_maxLines;
    if (excess <= 0)
        return false;
    QScrollBar *bar = verticalScrollBar();
    const bool follow = bar->value() >= bar->maximum() - 1;
    QTextCursor cursor(document());
    cursor.beginEditBlock();
    cursor.movePosition(QTextCursor::NextBlock, QTextCursor::KeepAnchor, int(std::min(excess, most)));
    cursor.removeSelectedText();
    cursor.endEditBlock();
    countDropped();
    if (follow)
        bar->setValue(bar->maximum());
    return excess > most;
}

void OutputView::countDropped()
{
    const qint64 dropped = m_linesFinished - (document()->blockCount() - 1);
    if (dropped > m_dropped) {
        m_dropped = dropped;
        Q_EMIT linesDropped(m_dropped);
    }
}

void OutputView::drawBatch()
{
    if (!m_buffer.hasPending())
        return;
    QScrollBar *bar = verticalScrollBar();
    // Follow the output only if the user has not scrolled up to read something.
    const bool follow = bar->value() >= bar->maximum() - 1;
    m_buffer.applyLimits();
    const qsizetype waiting = m_buffer.waitingLines() + m_intake.newlines();
    if (waiting >= m_maxLines || m_buffer.waitingChars() + OutputBuffer::kFoldColumns + 2 > kMaxChars) {
        // What waits replaces all that is shown: clearing the document is cheap (a
        // millisecond), removing its blocks one by one is not.
        QPlainTextEdit::clear();
    }
    const OutputBuffer::Chunk finished = m_buffer.takeFinished(kLinesPerFlush, kCharsPerFlush);
    const OutputBuffer::Chunk open = m_buffer.takeOpenLine();

    // The last block always shows the open line; it is redrawn, never the whole document, so
    // a progress bar that rewrites its line with "\r" costs one line per batch.
    QTextCursor cursor(document());
    cursor.beginEditBlock();
    cursor.movePosition(QTextCursor::End);
    cursor.movePosition(QTextCursor::StartOfBlock, QTextCursor::KeepAnchor);
    cursor.removeSelectedText();
    // Finished lines only: each is looked at once, and the open line may still change.
    insert(cursor, finished, m_links.find(finished.text));
    insert(cursor, open);
    cursor.endEditBlock();
    trimCharacters();

    m_linesFinished += finished.lines + m_buffer.takeSkipped();
    countDropped();
    if (follow)
        bar->setValue(bar->maximum());
}

void OutputView::insert(QTextCursor &cursor, const OutputBuffer::Chunk &chunk, const QList<OutputLinks::Link> &links)
{
    qsizetype position = 0;
    auto link = links.cbegin();
    for (const OutputBuffer::Run &run : chunk.runs) {
        const qsizetype runEnd = position + run.length;
        // A run is cut where a link starts or ends; without links it is inserted whole.
        while (position < runEnd) {
            while (link != links.cend() && link->start + link->length <= position)
                ++link;
            const bool onLink = link != links.cend() && link->start <= position;
            const qsizetype end = link == links.cend() ? runEnd
                : onLink                               ? std::min(runEnd, link->start + link->length)
                                                       : std::min(runEnd, link->start);
            const bool whole = position == 0 && end == chunk.text.size();
            const QString text = whole ? chunk.text : chunk.text.mid(position, end - position);
            if (onLink)
                cursor.insertText(text, OutputLinks::format(m_formats.format(run.style), link->href));
            else
                cursor.insertText(text, m_formats.format(run.style));
            position = end;
        }
    }
}

void OutputView::trimCharacters()
{
    const int excess = document()->characterCount() - int(kMaxChars);
    if (excess <= 0)
        return;
    const QTextBlock next = document()->findBlock(excess).next();
    if (!next.isValid())
        return;
    QTextCursor cursor(document());
    cursor.setPosition(next.position(), QTextCursor::KeepAnchor);
    cursor.removeSelectedText();
}

void OutputView::mousePressEvent(QMouseEvent *event)
{
    m_pressedAt = event->position().toPoint();
    m_pressedLink = event->button() == Qt::LeftButton ? anchorAt(m_pressedAt) : QString();
    QPlainTextEdit::mousePressEvent(event);
}

void OutputView::mouseMoveEvent(QMouseEvent *event)
{
    QPlainTextEdit::mouseMoveEvent(event);
    viewport()->setCursor(anchorAt(event->position().toPoint()).isEmpty() ? Qt::IBeamCursor : Qt::PointingHandCursor);
}

void OutputView::mouseReleaseEvent(QMouseEvent *event)
{
    QPlainTextEdit::mouseReleaseEvent(event);
    const QPoint at = event->position().toPoint();
    // A drag that starts on a link selects text to copy: it goes nowhere.
    if (event->button() == Qt::LeftButton && !m_pressedLink.isEmpty() && anchorAt(at) == m_pressedLink
        && (at - m_pressedAt).manhattanLength() < QApplication::startDragDistance())
        activate(m_pressedLink);
    m_pressedLink.clear();
}

void OutputView::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) {
        const QString href = OutputLinks::hrefAt(*document(), textCursor().selectionStart());
        if (!href.isEmpty()) {
            activate(href);
            return;
        }
    }
    QPlainTextEdit::keyPressEvent(event);
}

bool OutputView::focusNextPrevChild(bool next)
{
    const QTextCursor link = OutputLinks::nextLink(*document(), textCursor(), next);
    if (link.isNull())
        return QPlainTextEdit::focusNextPrevChild(next);
    setTextCursor(link);
    return true;
}

void OutputView::activate(const QString &href)
{
    if (const auto target = OutputLinks::target(href))
        Q_EMIT placeActivated(target->file, target->line, target->column);
}

} // namespace Sandpit::Ui
