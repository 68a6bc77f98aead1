#pragma once

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QLineEdit;

namespace Sandpit::Ui {

/// Asks for a line (and, after a colon, a column) to go to. OK stays off, and the dialog
/// says why, until the answer is a line the program has.
class GoToLineDialog final : public QDialog
{
    Q_OBJECT
public:
    explicit GoToLineDialog(QWidget *parent = nullptr);

    /// Before open(): how many lines there are, and the current line (from 1), shown selected.
    void setRange(int lineCount, int currentLine);

    struct Target {
        int line = 0;
        int column = 0;  ///< 0: none given
        QString problem; ///< why the text is not a line to go to; empty when it is
    };
    /// "12" or "12:5" within 1..lineCount.
    static Target parse(const QString &text, int lineCount);

Q_SIGNALS:
    void lineChosen(int line, int column);

private:
    void check();

    QLineEdit *m_field;
    QLabel *m_message;
    QDialogButtonBox *m_buttons;
    int m_lineCount = 1;
};

} // namespace Sandpit::Ui
