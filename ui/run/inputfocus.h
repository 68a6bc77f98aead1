#pragma once

#include <QObject>
#include <QPointer>

#include <functional>

class QWidget;

namespace Sandpit::Ui {

class RunSession;

/// Where the keys go during a run. While the program can read input they go to the input
/// line, so a learner who answers a prompt never types the answer into the code; when the
/// run ends they go back to the editor, unless the user put them somewhere else meanwhile.
class InputFocus final : public QObject
{
    Q_OBJECT
public:
    /// `editor` gives the editor in front when the run ends (the user may have changed tabs).
    InputFocus(RunSession &session, QWidget *inputLine, std::function<QWidget *()> editor, QObject *parent = nullptr);

    /// Connect after whatever readies the input line for a new run (OutputPane::clear()).
    void runStarted();
    void inputOpenChanged(bool open);

private:
    void focusChanged(QWidget *old, QWidget *now);

    RunSession &m_session;
    QPointer<QWidget> m_input;
    std::function<QWidget *()> m_editor;
    bool m_holding = false;   // the input line took the keys for the current run
    bool m_userMoved = false; // and the user has since put them somewhere else
};

} // namespace Sandpit::Ui
