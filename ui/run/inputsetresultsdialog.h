#pragma once

#include "run/inputsetoutcome.h"

#include <QDialog>
#include <QList>

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTableWidget;
class QTabWidget;

namespace Sandpit::Ui {

class DiffView;

/// Run all sets' results: one row per input set (its name, verdict and time) and, for the row
/// chosen, what that set's run printed and how it differs from the expected output. Not modal:
/// the window stays in use while the sets run. Passive: Stop and Run again are only asked for.
class InputSetResultsDialog final : public QDialog
{
    Q_OBJECT
public:
    enum Column { Set, Verdict, Time };

    explicit InputSetResultsDialog(QWidget *parent = nullptr);

    int rowCount() const;
    QString cellText(int row, Column column) const;
    QString headingText() const;

public Q_SLOTS:
    void showBatch(const QString &programName, const QList<Sandpit::Ui::InputSetOutcome> &outcomes);
    void showOutcome(int index, const Sandpit::Ui::InputSetOutcome &outcome);
    void showFinished(const QString &summary);

Q_SIGNALS:
    void stopRequested();
    void rerunRequested();

private:
    void showSelected();
    void setRow(int row, const InputSetOutcome &outcome);

    QLabel *m_heading;
    QTableWidget *m_table;
    QTabWidget *m_tabs;
    QPlainTextEdit *m_output;
    DiffView *m_diff;
    QPushButton *m_stop;
    QPushButton *m_rerun;
    QList<InputSetOutcome> m_outcomes;
    QString m_programName;
    bool m_userChoseRow = false; // then a set finishing does not move the selection
};

} // namespace Sandpit::Ui
