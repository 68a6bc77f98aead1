#include "outputview.h"

#include <QFontDatabase>
#include <QScrollBar>
#include <QTextBlock>

namespace Sandpit::Ui {

namespace {
// Marks where a long line was folded, so it is not mistaken for a newline the program printed.
constexpr char16_t kFoldMark = 0x21A9; // ↩
} // namespace

OutputView::OutputView(QWidget *parent)
    : QPlainTextEdit(parent)
{
    setReadOnly(true);
    // Undo history would keep every line ever shown, defeating the block limit.
    setUndoRedoEnabled(false);
    setMaximumBlockCount(kMaxLines);
    setLineWrapMode(WidgetWidth);
    setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);

    m_formats[int(Kind::Stdout)] = QTextCharFormat();
    m_formats[int(Kind::Stderr)].setForeground(QColor(0xc6, 0x28, 0x28));
    m_formats[int(Kind::Input)].setForeground(QColor(0x15, 0x65, 0xc0));
    m_formats[int(Kind::Input)].setFontWeight(QFont::Bold);
    m_formats[int(Kind::Note)].setForeground(QColor(0x75, 0x75, 0x75));
    m_formats[int(Kind::Note)].setFontItalic(true);
    m_formats[int(Kind::Error)].setForeground(QColor(0xc6, 0x28, 0x28));
    m_formats[int(Kind::Error)].setFontWeight(QFont::Bold);

    m_flushTimer.setSingleShot(true);
    m_flushTimer.setInterval(kFlushIntervalMs);
    connect(&m_flushTimer, &QTimer::timeout, this, &OutputView::flush);
}

void OutputView::append(Kind kind, const QString &text)
{
    if (text.isEmpty())
        return;
    const QString folded = fold(text);
    if (!m_pending.isEmpty() && m_pending.last().kind == kind)
        m_pending.last().text += folded;
    else
        m_pending.append({kind, folded});
    m_pendingChars += folded.size();
    // A program can print far faster than a text document can lay out; keep only the newest.
    while (m_pendingChars > kMaxPendingChars && m_pending.size() > 1) {
        m_pendingChars -= m_pending.takeFirst().text.size();
        markDropped();
    }
    if (!m_flushTimer.isActive())
        m_flushTimer.start();
}

void OutputView::appendLine(Kind kind, const QString &text)
{
    if (m_column != 0)
        append(kind, QStringLiteral("\n"));
    append(kind, text + QLatin1Char('\n'));
}

void OutputView::clearAll()
{
    m_flushTimer.stop();
    m_pending.clear();
    m_pendingChars = 0;
    m_column = 0;
    m_dropped = false;
    clear();
}

void OutputView::flush()
{
    m_flushTimer.stop();
    if (m_pending.isEmpty())
        return;
    QScrollBar *bar = verticalScrollBar();
    // Follow the output only if the user has not scrolled up to read something.
    const bool follow = bar->value() >= bar->maximum() - 1;
    const qsizetype linesBefore = document()->blockCount();
    qsizetype newLines = 0;

    QTextCursor cursor(document());
    cursor.movePosition(QTextCursor::End);
    cursor.beginEditBlock();
    for (const Segment &segment : std::as_const(m_pending)) {
        cursor.insertText(segment.text, format(segment.kind));
        newLines += segment.text.count(QLatin1Char('\n'));
    }
    cursor.endEditBlock();
    m_pending.clear();
    m_pendingChars = 0;

    if (linesBefore + newLines > kMaxLines)
        markDropped();
    if (follow)
        bar->setValue(bar->maximum());
}

QString OutputView::fold(const QString &text)
{
    // QTextLayout slows down sharply on very long lines (a minified blob, a progress bar
    // without newlines), so a line is broken every kFoldColumns characters.
    QString out;
    out.reserve(text.size());
    for (const QChar ch : text) {
        if (ch == QLatin1Char('\n')) {
            m_column = 0;
        } else if (m_column >= kFoldColumns && !ch.isLowSurrogate()) {
            out += QChar(kFoldMark);
            out += QLatin1Char('\n');
            m_column = 0;
        }
        out += ch;
        if (ch != QLatin1Char('\n'))
            ++m_column;
    }
    return out;
}

void OutputView::markDropped()
{
    if (m_dropped)
        return;
    m_dropped = true;
    Q_EMIT linesDropped();
}

const QTextCharFormat &OutputView::format(Kind kind) const
{
    return m_formats[int(kind)];
}

} // namespace Sandpit::Ui
