#pragma once

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QLineEdit;

namespace Sandpit::Ui {

/// Make Exercise Pack…: the title of the new exercise and the folder its pack goes in (a new
/// or empty one). Passive: it asks with packRequested() and shows what it is told.
class InputSetPackDialog final : public QDialog
{
    Q_OBJECT
public:
    /// `programName` names the program whose sets become the tests; `folder` is a suggestion.
    InputSetPackDialog(const QString &programName, const QString &folder, QWidget *parent = nullptr);

public Q_SLOTS:
    /// Writing failed: the dialog stays open with the reason.
    void showProblem(const QString &message);

Q_SIGNALS:
    void packRequested(const QString &folder, const QString &title);

private:
    void chooseFolder();
    void updateButtons();

    QLineEdit *m_title;
    QLineEdit *m_folder;
    QLabel *m_message;
    QDialogButtonBox *m_buttons;
};

} // namespace Sandpit::Ui
