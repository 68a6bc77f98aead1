#include "run/inputline.h"

#include "window/plainescape.h"

#include <QKeyEvent>

namespace Sandpit::Ui {

InputLine::InputLine(QWidget *parent)
    : QLineEdit(parent)
{
    setClearButtonEnabled(false);
    connect(this, &QLineEdit::returnPressed, this, &InputLine::send);
}

void InputLine::send()
{
    const QString line = text();
    if (!line.isEmpty() && (m_history.isEmpty() || m_history.last() != line)) {
        m_history.append(line);
        if (m_history.size() > kMaxHistory)
            m_history.removeFirst();
    }
    m_position = m_history.size();
    m_draft.clear();
    clear();
    Q_EMIT lineEntered(line);
}

void InputLine::recall(int step)
{
    const qsizetype target = m_position + step;
    if (target < 0 || target > m_history.size())
        return;
    if (m_position == m_history.size())
        m_draft = text();
    m_position = target;
    setText(m_position == m_history.size() ? m_draft : m_history.at(m_position));
}

void InputLine::discard()
{
    m_position = m_history.size();
    m_draft.clear();
    clear();
}

bool InputLine::event(QEvent *event)
{
    // Escape here clears the line instead of stopping the run.
    if (claimPlainEscape(event))
        return true;
    return QLineEdit::event(event);
}

void InputLine::keyPressEvent(QKeyEvent *event)
{
    if (isPlainEscape(event)) {
        discard();
        event->accept();
        return;
    }
    if (event->key() == Qt::Key_D && event->modifiers() == Qt::ControlModifier) {
        const QString rest = text();
        clear();
        Q_EMIT endOfInputRequested(rest);
        event->accept();
        return;
    }
    if ((event->key() == Qt::Key_Up || event->key() == Qt::Key_Down) && event->modifiers() == Qt::NoModifier) {
        recall(event->key() == Qt::Key_Up ? -1 : 1);
        event->accept();
        return;
    }
    QLineEdit::keyPressEvent(event);
}

} // namespace Sandpit::Ui
