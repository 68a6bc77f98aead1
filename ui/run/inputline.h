#pragma once

#include <QLineEdit>
#include <QStringList>

namespace Sandpit::Ui {

/// The one-line stdin of a running program, as a shell's prompt behaves: Enter sends the
/// line, Up and Down walk the lines sent before, Ctrl+D ends the input, Escape clears the line
/// (and never reaches the window's Stop: a learner erasing a typo must not end the program).
class InputLine final : public QLineEdit
{
    Q_OBJECT
public:
    /// Enough for a session of typing; the history outlives runs, not the window.
    static constexpr qsizetype kMaxHistory = 500;

    explicit InputLine(QWidget *parent = nullptr);

    /// The lines sent, oldest first; a line sent twice in a row is kept once.
    const QStringList &history() const { return m_history; }
    /// Drops the line being typed (not the history): a new run starts with an empty line.
    void discard();

Q_SIGNALS:
    /// The text typed so far, without a newline; the line is cleared.
    void lineEntered(const QString &text);
    /// Ctrl+D; `rest` is what was typed but not yet sent.
    void endOfInputRequested(const QString &rest);

protected:
    bool event(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;

private:
    void send();
    /// Shows the line `step` places back (-1) or forward (+1) in the history.
    void recall(int step);

    QStringList m_history;
    qsizetype m_position = 0; // in m_history; its size means the line being typed
    QString m_draft;          // the line being typed, kept while the history is shown
};

} // namespace Sandpit::Ui
