#pragma once

#include "inputset.h"
#include "outputcomparison.h"
#include "runresult.h"

#include <QObject>
#include <QPointer>

#include <optional>

class QWidget;

namespace Sandpit::Ui {

class InputSetDialog;
class RunSession;

/// Run with input…: reads and writes the program's input sets on a worker thread, shows them
/// in an InputSetDialog, and checks a run's stdout against the chosen set's expected output.
class InputSetSession final : public QObject
{
    Q_OBJECT
public:
    /// `dialogParent` owns the dialog; `runs` is watched for the start and output of a run.
    InputSetSession(RunSession &runs, QWidget *dialogParent);

    /// Opens the dialog for the program at `programPath` (saved: the sets live beside it).
    void showDialog(const QString &programPath);

public Q_SLOTS:
    /// Names the set of a checked run's verdict (outputChecked): connected by the window after
    /// the output pane's own runFinished handler, so the note follows the run's summary.
    void checkFinishedRun(const Sandpit::Core::RunResult &result);

Q_SIGNALS:
    /// The user chose a set to run; the receiver starts the run with its stdin and expected
    /// output (RunSession::runWithInput), which gives the result its verdict.
    void runRequested(const Sandpit::Core::InputSet &set);
    /// A run of a set with an expected output ended; `set` names it.
    void outputChecked(const QString &set, const Sandpit::Core::OutputComparison &comparison);

private:
    void load();
    void save(const Core::InputSets &sets);
    void run(const Core::InputSet &set);
    void onRunStarting();

    QWidget *m_dialogParent;
    QPointer<InputSetDialog> m_dialog;
    QString m_programPath;
    quint64 m_loadSerial = 0;
    std::optional<Core::InputSet> m_pending; // chosen, its run not yet started
    std::optional<Core::InputSet> m_checked; // the running set, when it has an expected output
};

} // namespace Sandpit::Ui
