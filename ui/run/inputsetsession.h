#pragma once

#include "history/inputset.h"
#include "history/outputcomparison.h"
#include "model/runresult.h"

#include <QObject>
#include <QPointer>

#include <optional>

class QWidget;

namespace Sandpit::Ui {

class InputSetBatch;
class InputSetDialog;
class InputSetResultsDialog;
class RunSession;

/// Run with input…: reads and writes the program's input sets on a worker thread, shows them
/// in an InputSetDialog, and checks a run's stdout against the chosen set's expected output.
/// Run all sets runs each of them in turn (InputSetBatch), with a result per set in an
/// InputSetResultsDialog.
class InputSetSession final : public QObject
{
    Q_OBJECT
public:
    /// `dialogParent` owns the dialog; `runs` is watched for the start and output of a run.
    InputSetSession(RunSession &runs, QWidget *dialogParent);

    /// Opens the dialog for the program at `programPath` (saved: the sets live beside it).
    void showDialog(const QString &programPath);
    /// Reads the sets of the program at `programPath` (saved) and runs each in turn; with no
    /// sets yet, opens the dialog to add some instead.
    void runAll(const QString &programPath);
    /// The set runRequested asked for cannot run (`why`): its program is no longer open, say.
    /// A batch ends there; its later sets are not run.
    void refuseRun(const QString &why);

public Q_SLOTS:
    /// Names the set of a checked run's verdict (outputChecked): connected by the window after
    /// the output pane's own runFinished handler, so the note follows the run's summary.
    void checkFinishedRun(const Sandpit::Core::RunResult &result);

Q_SIGNALS:
    /// A set of the program at `programPath` is to run (chosen, or its turn in Run all sets);
    /// the receiver starts the run of that program's tab with the set's stdin and expected
    /// output (RunSession::runWithInput), which gives the result its verdict.
    void runRequested(const Sandpit::Core::InputSet &set, const QString &programPath);
    /// Make Exercise Pack… in the dialog, for the program at `programPath`.
    void makePackRequested(const QString &programPath, const Sandpit::Core::InputSets &sets);
    /// A run of a set with an expected output ended; `set` names it.
    void outputChecked(const QString &set, const Sandpit::Core::OutputComparison &comparison);

private:
    void load();
    void save(const Core::InputSets &sets);
    void run(const Core::InputSet &set, const QString &programPath);
    void onRunStarting();
    void startBatch(const QString &programPath, const Core::InputSets &sets);
    InputSetResultsDialog *resultsDialog();

    QWidget *m_dialogParent;
    QPointer<InputSetDialog> m_dialog;
    QPointer<InputSetResultsDialog> m_results;
    InputSetBatch *m_batch;
    QString m_batchProgram; // the program of the last Run all sets, for Run All Again
    QString m_programPath;
    quint64 m_loadSerial = 0;
    std::optional<Core::InputSet> m_pending; // chosen, its run not yet started
    std::optional<Core::InputSet> m_checked; // the running set, when it has an expected output
};

} // namespace Sandpit::Ui
