#pragma once

#include "exercises/exercise.h"
#include "exercises/testoutcome.h"
#include "model/runerror.h"

#include <QWidget>

class QLabel;
class QMenu;
class QPushButton;
class QTableView;
class QToolButton;

namespace Sandpit::Ui {

class CheckDetails;
class CheckResultsModel;

/// The Check results: a summary line, the hints unlocked so far, a table that fills in as the
/// tests finish, and the selected test's details. Passive: CheckSession's signals feed it, and
/// what the learner asks of it (Run example, Record actual as expected) goes out as signals.
class CheckPane final : public QWidget
{
    Q_OBJECT
public:
    explicit CheckPane(QWidget *parent = nullptr);

    CheckResultsModel *results() const { return m_results; }
    CheckDetails *details() const { return m_details; }
    QString summary() const;
    QString hintsText() const;
    /// The rows a test can select, for tests and the keyboard.
    void selectRow(int row);
    /// The context menu of `row`, built as a right click builds it (for tests).
    QMenu *contextMenuFor(int row);

public Q_SLOTS:
    /// The open exercise: its example tests for Run example, an empty table until a Check.
    void showExercise(const Sandpit::Core::Exercise &exercise);
    /// No exercise open.
    void showNoExercise();
    void showCheckStarted();
    void showTestStarted(int index);
    void showTestFinished(int index, const Sandpit::Core::TestOutcome &outcome);
    void showCheckFinished(const Sandpit::Core::CheckReport &report);
    void showCheckFailed(const Sandpit::Core::RunError &error);
    /// `unlocked` after `failedChecks` failed Checks; the next locked hint says when it comes,
    /// unless the exercise is `solved`.
    void showHints(const QList<Sandpit::Core::Hint> &unlocked, int failedChecks, bool solved = false);
    void setRunning(bool running);

Q_SIGNALS:
    void checkRequested();
    void stopRequested();
    void runExampleRequested(const QString &testName);
    void recordExpectedRequested(const QString &testName, const QByteArray &actual);
    void diagnosticActivated(const Sandpit::Core::Diagnostic &diagnostic);

private:
    QWidget *buildButtons();
    void showSelected();
    void updateSummary();

    Core::Exercise m_exercise;
    CheckResultsModel *m_results;
    QLabel *m_summary;
    QLabel *m_hints;
    QPushButton *m_check;
    QPushButton *m_stop;
    QToolButton *m_runExample;
    QTableView *m_table;
    CheckDetails *m_details;
};

} // namespace Sandpit::Ui
