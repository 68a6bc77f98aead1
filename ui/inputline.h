#pragma once

#include <QLineEdit>

namespace Sandpit::Ui {

/// The one-line stdin of a running program: Enter sends the line, Ctrl+D ends the input
/// as it does in a terminal.
class InputLine final : public QLineEdit
{
    Q_OBJECT
public:
    explicit InputLine(QWidget *parent = nullptr);

Q_SIGNALS:
    /// The text typed so far, without a newline; the line is cleared.
    void lineEntered(const QString &text);
    /// Ctrl+D; `rest` is what was typed but not yet sent.
    void endOfInputRequested(const QString &rest);

protected:
    void keyPressEvent(QKeyEvent *event) override;
};

} // namespace Sandpit::Ui
