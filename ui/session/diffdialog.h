#pragma once

#include <QDialog>
#include <QStringList>

class QDialogButtonBox;
class QLabel;

namespace Sandpit::Ui {

class DiffView;

/// Two versions of one program side by side in words: a unified diff from `before` to `after`,
/// each named by its label ("On disk", "In Sandpit", "Recovered"), and the buttons the caller
/// chose ("Reload from disk", "Keep mine"; or none, which leaves just Close).
class DiffDialog final : public QDialog
{
    Q_OBJECT
public:
    explicit DiffDialog(QWidget *parent = nullptr);

    /// `before`'s lines show with "-", `after`'s with "+".
    void setTexts(const QString &beforeLabel, const QString &before, const QString &afterLabel, const QString &after);
    /// One button per choice, in order; the first is the default. Empty: a single Close.
    void setChoices(const QStringList &choices);
    QStringList choices() const { return m_choices; }
    QString diffText() const;

Q_SIGNALS:
    /// A choice's button was pressed (its index in choices()); the dialog then closes. Closing
    /// it any other way (Close, Escape, the title bar) chooses nothing and emits only rejected().
    void choiceMade(int index);
    /// The diff of the latest setTexts() is on screen.
    void diffShown();

private:
    QLabel *m_legend;
    DiffView *m_view;
    QDialogButtonBox *m_buttons;
    QStringList m_choices;
};

} // namespace Sandpit::Ui
