#pragma once

#include "exercises/exercise.h"
#include "exercises/testoutcome.h"

#include <QAbstractTableModel>

#include <optional>

namespace Sandpit::Ui {

/// The rows of the Check results table: one per test of the exercise, from before the first
/// test runs ("Waiting"), so the table fills in place as each test finishes instead of growing.
class CheckResultsModel final : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Name, Verdict, Time, Memory, Points, ColumnCount };

    explicit CheckResultsModel(QObject *parent = nullptr);

    /// A row per test of `exercise`, each waiting.
    void startCheck(const Core::Exercise &exercise);
    void showRunning(int index);
    void showOutcome(int index, const Core::TestOutcome &outcome);
    /// Rows still waiting or running become "Not run" (the check failed before them).
    void abandon();
    void clear();

    /// The finished outcome of `row`, or none while it waits or runs.
    const Core::TestOutcome *outcome(int row) const;
    int finishedCount() const;
    int passedCount() const;
    /// "4 of 6 tests passed · 6/10 points", or "Checking… 2 of 6 tests done".
    QString summary() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    enum class State { Waiting, Running, Finished, NotRun };
    struct Row {
        QString name;
        int maxPoints = 0;
        State state = State::Waiting;
        Core::TestOutcome outcome;
    };
    QVariant display(const Row &row, int column) const;
    QVariant foreground(const Row &row, int column) const;
    void rowChanged(int index);

    QList<Row> m_rows;
};

} // namespace Sandpit::Ui
