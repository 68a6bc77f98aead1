#pragma once

#include "history/runhistory.h"

#include <QWidget>

#include <optional>

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTabWidget;
class QTreeWidget;

namespace Sandpit::Ui {

class DiffView;

/// The run history: a list of recorded runs (time, file, status, kill reason, duration), newest
/// first, and the selected run in full (its code, its result, and a diff against the editor).
/// Passive: it shows the listing it is given and asks for everything else with signals.
class HistoryPane final : public QWidget
{
    Q_OBJECT
public:
    enum Column { Time, File, Status, KillReason, Duration, ColumnCount };

    explicit HistoryPane(QWidget *parent = nullptr);

    int rowCount() const;
    QString cellText(int row, int column) const;
    void selectRow(int row);
    std::optional<Core::RunRecord> selectedRecord() const;
    QString codeText() const;
    QString resultText() const;
    QString diffText() const;
    /// What the pane says above the list: notes on skipped records, or that there are none.
    QString noteText() const;

public Q_SLOTS:
    /// Replaces the list; the selected run stays selected if it is still there.
    void showListing(const Sandpit::Core::RunHistory::Listing &listing);
    /// Shows the diff from the selected run's code to `currentText` (computed off the GUI thread).
    void compareWith(const QString &currentText, const QString &currentName);

Q_SIGNALS:
    void restoreRequested(const Sandpit::Core::RunRecord &record);
    /// "Diff with current" was pressed: the window answers with compareWith().
    void diffRequested();
    void refreshRequested();

private:
    void showSelected();

    QTreeWidget *m_list;
    QLabel *m_note;
    QTabWidget *m_details;
    QPlainTextEdit *m_code;
    QPlainTextEdit *m_result;
    DiffView *m_diff;
    QPushButton *m_restore;
    QPushButton *m_compare;
    QList<Core::RunRecord> m_records;
};

} // namespace Sandpit::Ui
