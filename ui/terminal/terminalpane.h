#pragma once

#include "model/runerror.h"
#include "model/runresult.h"
#include "model/terminalsize.h"

#include <QWidget>

class QLabel;
class QPushButton;

namespace Sandpit::Ui {

class TerminalView;

/// The Terminal tab: a terminal on the REPL's pty, and under it, when no REPL runs, a line
/// that says why (it has not started, or how it ended, in the Run pane's words) with the
/// button that starts one. Passive: it shows what it is given and says what the user typed.
class TerminalPane final : public QWidget
{
    Q_OBJECT
public:
    explicit TerminalPane(QWidget *parent = nullptr);

    TerminalView *view() const { return m_view; }
    /// What the line under the terminal says; empty while a REPL runs.
    QString statusText() const;
    bool isRunning() const { return m_running; }

public Q_SLOTS:
    /// A new REPL starts: a blank terminal with the keys in it.
    void showStarting(const QString &description);
    void appendOutput(const QByteArray &bytes);
    void showFinished(const Sandpit::Core::RunResult &result);
    void showError(const Sandpit::Core::RunError &error);
    /// Whether the button can start a REPL (the tab in front has a language with one).
    void setReplAvailable(bool available, const QString &why = {});

Q_SIGNALS:
    /// Keys for the REPL, only while one runs.
    void inputTyped(const QByteArray &bytes);
    void sizeChanged(Sandpit::Core::TerminalSize size);
    /// The button, or Enter in an ended terminal: a REPL again.
    void restartRequested();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void showEnded(const QString &text);

    TerminalView *m_view;
    QWidget *m_endBar;
    QLabel *m_endText;
    QPushButton *m_restart;
    bool m_running = false;
    bool m_started = false; // a REPL ran in this pane
};

} // namespace Sandpit::Ui
