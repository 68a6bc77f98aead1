#include "terminal/terminalview.h"

// The terminal's input: keys to bytes, the mouse selection, Copy and Paste.

#include <QApplication>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QKeyEvent>
#include <QMenu>
#include <QMouseEvent>

namespace Sandpit::Ui {

namespace {
bool isCopy(const QKeyEvent *event)
{
    return event->key() == Qt::Key_C && event->modifiers() == (Qt::ControlModifier | Qt::ShiftModifier);
}

bool isPaste(const QKeyEvent *event)
{
    return (event->key() == Qt::Key_V && event->modifiers() == (Qt::ControlModifier | Qt::ShiftModifier))
        || (event->key() == Qt::Key_Insert && event->modifiers() == Qt::ShiftModifier);
}

bool isPageScroll(const QKeyEvent *event)
{
    return (event->key() == Qt::Key_PageUp || event->key() == Qt::Key_PageDown)
        && event->modifiers() == Qt::ShiftModifier;
}

/// Keys the terminal takes before the window's shortcuts see them: a program on a terminal
/// owns Ctrl+letter (Ctrl+C interrupts, Ctrl+D ends input, Ctrl+R searches the history), and
/// plain keys. The function keys (F5: Run) and Ctrl+Shift combinations stay the window's,
/// so are Ctrl+= and Ctrl+- (zoom).
bool isTerminalKey(const QKeyEvent *event)
{
    const Qt::KeyboardModifiers mods = event->modifiers() & ~(Qt::KeypadModifier);
    const int key = event->key();
    if (key >= Qt::Key_F1 && key <= Qt::Key_F35)
        return false;
    if (mods == Qt::ControlModifier)
        return key >= Qt::Key_A && key <= Qt::Key_Z;
    return !(mods & (Qt::ControlModifier | Qt::MetaModifier));
}
} // namespace

bool TerminalView::isShortcut(const QKeyEvent *event) const
{
    return isCopy(event) || isPaste(event) || isPageScroll(event);
}

bool TerminalView::event(QEvent *event)
{
    if (event->type() == QEvent::ShortcutOverride) {
        auto *key = static_cast<QKeyEvent *>(event);
        if (isShortcut(key) || isTerminalKey(key)) {
            event->accept();
            return true;
        }
    }
    return QAbstractScrollArea::event(event);
}

void TerminalView::keyPressEvent(QKeyEvent *event)
{
    if (isCopy(event)) {
        copy();
        return;
    }
    if (isPaste(event)) {
        paste();
        return;
    }
    if (isPageScroll(event)) {
        scrollPage(event->key() == Qt::Key_PageUp ? 1 : -1);
        return;
    }
    if (!m_keys.sendKey(event->key(), event->modifiers(), event->text())) {
        QAbstractScrollArea::keyPressEvent(event);
        return;
    }
    // Typing goes back to the live screen, as in every terminal.
    if (m_scrolledBack != 0) {
        m_scrolledBack = 0;
        updateScrollBar();
        viewport()->update();
    }
}

TerminalView::Place TerminalView::placeAt(QPointF position) const
{
    const int viewRow = std::clamp(int((position.y() - kPadding) / m_cell.height()), 0, m_screen.size().rows - 1);
    const int column = std::clamp(int((position.x() - kPadding) / m_cell.width()), 0, m_screen.size().columns - 1);
    return {m_screen.linesPushed() + screenRow(viewRow), column};
}

void TerminalView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton) {
        if (event->button() == Qt::MiddleButton) // X11's paste of the selection
            m_keys.paste(QApplication::clipboard()->text(QClipboard::Selection));
        QAbstractScrollArea::mousePressEvent(event);
        return;
    }
    setFocus(Qt::MouseFocusReason);
    const Place at = placeAt(event->position());
    m_selection = Selection{at, at};
    m_selecting = true;
    viewport()->update();
}

void TerminalView::mouseMoveEvent(QMouseEvent *event)
{
    if (!m_selecting || !m_selection)
        return;
    m_selection->end = placeAt(event->position());
    viewport()->update();
}

void TerminalView::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton || !m_selecting)
        return;
    m_selecting = false;
    if (m_selection && m_selection->anchor == m_selection->end)
        m_selection.reset(); // a click, not a selection
    else if (QApplication::clipboard()->supportsSelection())
        QApplication::clipboard()->setText(selectedText(), QClipboard::Selection);
    viewport()->update();
}

void TerminalView::mouseDoubleClickEvent(QMouseEvent *event)
{
    // A word (a name, a number) at once: what a learner copies most.
    const Place at = placeAt(event->position());
    const TerminalLine cells = m_screen.line(rowOf(at.line));
    const auto isWordCell = [&](int column) {
        if (column < 0 || column >= cells.size() || cells[column].text.isEmpty())
            return false;
        const QChar c = cells[column].text.at(0);
        return c.isLetterOrNumber() || c == QLatin1Char('_') || c == QLatin1Char('.');
    };
    if (!isWordCell(at.column))
        return;
    int first = at.column;
    int last = at.column;
    while (isWordCell(first - 1))
        --first;
    while (isWordCell(last + 1))
        ++last;
    m_selection = Selection{{at.line, first}, {at.line, last}};
    m_selecting = false;
    viewport()->update();
}

bool TerminalView::isSelected(int row, int column) const
{
    if (!m_selection)
        return false;
    const auto [from, to] = std::minmax(m_selection->anchor, m_selection->end);
    const Place here{m_screen.linesPushed() + row, column};
    return from <= here && here <= to;
}

QString TerminalView::selectedText() const
{
    if (!m_selection)
        return {};
    const auto [from, to] = std::minmax(m_selection->anchor, m_selection->end);
    return m_screen.text(rowOf(from.line), from.column, rowOf(to.line), to.column);
}

void TerminalView::copy()
{
    if (m_selection)
        QApplication::clipboard()->setText(selectedText());
}

void TerminalView::paste()
{
    const QString text = QApplication::clipboard()->text();
    if (text.isEmpty())
        return;
    m_keys.paste(text);
    if (m_scrolledBack != 0) {
        m_scrolledBack = 0;
        updateScrollBar();
    }
}

void TerminalView::contextMenuEvent(QContextMenuEvent *event)
{
    QMenu menu(this);
    QAction *copyAction = menu.addAction(QStringLiteral("Copy"), QKeySequence(QStringLiteral("Ctrl+Shift+C")), this,
                                         &TerminalView::copy);
    copyAction->setEnabled(hasSelection());
    QAction *pasteAction = menu.addAction(QStringLiteral("Paste"), QKeySequence(QStringLiteral("Ctrl+Shift+V")), this,
                                          &TerminalView::paste);
    pasteAction->setEnabled(!QApplication::clipboard()->text().isEmpty());
    menu.addSeparator();
    menu.addAction(QStringLiteral("Select All"), this, [this] {
        const qint64 top = m_screen.linesPushed() - m_screen.scrollbackLines();
        m_selection = Selection{{top, 0}, {m_screen.linesPushed() + m_screen.size().rows - 1, m_screen.size().columns}};
        viewport()->update();
    });
    menu.exec(event->globalPos());
}

} // namespace Sandpit::Ui
