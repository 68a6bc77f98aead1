#include "run/inputfocus.h"

#include "run/runsession.h"

#include <QApplication>
#include <QWidget>

#include <utility>

namespace Sandpit::Ui {

InputFocus::InputFocus(RunSession &session, QWidget *inputLine, std::function<QWidget *()> editor, QObject *parent)
    : QObject(parent)
    , m_session(session)
    , m_input(inputLine)
    , m_editor(std::move(editor))
{
    connect(qApp, &QApplication::focusChanged, this, &InputFocus::focusChanged);
}

void InputFocus::runStarted()
{
    // Also on a run that replaces one whose input was open: inputOpenChanged() stays quiet then.
    if (!m_session.isInputOpen() || !m_input || !m_input->isEnabled())
        return;
    m_holding = true;
    m_userMoved = false;
    m_input->setFocus(Qt::OtherFocusReason);
}

void InputFocus::inputOpenChanged(bool open)
{
    if (open || !std::exchange(m_holding, false))
        return;
    QWidget *editor = m_editor();
    if (editor && (!m_userMoved || QApplication::focusWidget() == m_input))
        editor->setFocus(Qt::OtherFocusReason);
}

void InputFocus::focusChanged(QWidget *old, QWidget *now)
{
    if (!m_holding || !now || !m_input)
        return;
    if (now == m_input) {
        m_userMoved = false; // back where the run put it
        return;
    }
    // Qt moves the keys on from an input line that closes under them (Ctrl+D): not the user.
    if (old == m_input && !m_input->isEnabled())
        return;
    // A dialog takes the keys for a while and gives them back to the window's focus widget.
    if (now->window() != m_input->window())
        return;
    m_userMoved = true;
}

} // namespace Sandpit::Ui
