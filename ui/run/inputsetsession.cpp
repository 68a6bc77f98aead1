#include "run/inputsetsession.h"

#include "history/inputsetstore.h"
#include "run/inputsetbatch.h"
#include "run/inputsetdialog.h"
#include "run/inputsetresultsdialog.h"
#include "run/runsession.h"
#include "window/backgroundtask.h"

#include <QFileInfo>

namespace Sandpit::Ui {

InputSetSession::InputSetSession(RunSession &runs, QWidget *dialogParent)
    : QObject(dialogParent)
    , m_dialogParent(dialogParent)
    , m_batch(new InputSetBatch(
          runs, [this](const Core::InputSet &set) { run(set, m_batchProgram); }, this))
{
    connect(&runs, &RunSession::runStarting, this, &InputSetSession::onRunStarting);
    connect(&runs, &RunSession::runFailed, this, [this] { m_checked.reset(); });
}

void InputSetSession::showDialog(const QString &programPath)
{
    if (!m_dialog) {
        m_dialog = new InputSetDialog(m_dialogParent);
        connect(m_dialog, &InputSetDialog::saveRequested, this, &InputSetSession::save);
        connect(m_dialog, &InputSetDialog::runRequested, this,
                [this](const Core::InputSet &set) { run(set, m_programPath); });
        connect(m_dialog, &InputSetDialog::makePackRequested, this,
                [this](const Core::InputSets &sets) { Q_EMIT makePackRequested(m_programPath, sets); });
        connect(m_dialog, &InputSetDialog::runAllRequested, this, [this](const Core::InputSets &sets) {
            // Choosing is over: the results take the chooser's place.
            m_dialog->accept();
            startBatch(m_programPath, sets);
        });
    }
    m_programPath = QFileInfo(programPath).absoluteFilePath();
    load();
    m_dialog->open();
    m_dialog->raise();
}

void InputSetSession::runAll(const QString &programPath)
{
    const quint64 serial = ++m_loadSerial;
    const QString path = QFileInfo(programPath).absoluteFilePath();
    runInBackground<Core::Expected<Core::InputSets>>(
        this, [path] { return Core::InputSetStore::load(path); },
        [this, serial, path](const Core::Expected<Core::InputSets> &sets) {
            if (serial != m_loadSerial)
                return;
            if (sets && !sets->isEmpty()) {
                startBatch(path, *sets);
                return;
            }
            // No sets yet, or a file that cannot be read: the dialog says which, and helps.
            showDialog(path);
        });
}

void InputSetSession::startBatch(const QString &programPath, const Core::InputSets &sets)
{
    m_batchProgram = programPath;
    InputSetResultsDialog *results = resultsDialog();
    results->show();
    results->raise();
    m_batch->start(sets);
}

InputSetResultsDialog *InputSetSession::resultsDialog()
{
    if (m_results)
        return m_results;
    m_results = new InputSetResultsDialog(m_dialogParent);
    connect(m_batch, &InputSetBatch::batchStarted, m_results, [this](const QList<InputSetOutcome> &outcomes) {
        m_results->showBatch(QFileInfo(m_batchProgram).fileName(), outcomes);
    });
    connect(m_batch, &InputSetBatch::outcomeChanged, m_results, &InputSetResultsDialog::showOutcome);
    connect(m_batch, &InputSetBatch::batchFinished, m_results, &InputSetResultsDialog::showFinished);
    connect(m_results, &InputSetResultsDialog::stopRequested, m_batch, &InputSetBatch::stop);
    // Again with the sets as they are now on disk, edited since or not.
    connect(m_results, &InputSetResultsDialog::rerunRequested, this, [this] { runAll(m_batchProgram); });
    return m_results;
}

void InputSetSession::load()
{
    const quint64 serial = ++m_loadSerial;
    const QString path = m_programPath;
    m_dialog->showLoading(QFileInfo(path).fileName());
    runInBackground<Core::Expected<Core::InputSets>>(
        this, [path] { return Core::InputSetStore::load(path); },
        [this, serial, path](const Core::Expected<Core::InputSets> &sets) {
            if (serial != m_loadSerial || !m_dialog)
                return;
            if (sets)
                m_dialog->showSets(QFileInfo(path).fileName(), *sets);
            else
                m_dialog->showProblem(sets.error().message, false);
        });
}

void InputSetSession::save(const Core::InputSets &sets)
{
    const QString path = m_programPath;
    runInBackground<Core::Expected<void>>(
        this, [path, sets] { return Core::InputSetStore::save(path, sets); },
        [this, path, sets](const Core::Expected<void> &saved) {
            if (!m_dialog)
                return;
            if (saved)
                m_dialog->showSaved(Core::InputSetStore::pathFor(path), sets);
            else
                m_dialog->showProblem(saved.error().message, true);
        });
}

void InputSetSession::run(const Core::InputSet &set, const QString &programPath)
{
    m_pending = set;
    Q_EMIT runRequested(set, programPath);
    m_pending.reset(); // a run that could not start leaves nothing armed
}

void InputSetSession::refuseRun(const QString &why)
{
    m_batch->refuse(why);
}

void InputSetSession::onRunStarting()
{
    // Every run starts here, a plain Run too: only the one run() asked for is checked.
    m_checked.reset();
    if (m_pending && m_pending->expectedStdout)
        m_checked = m_pending;
}

void InputSetSession::checkFinishedRun(const Core::RunResult &result)
{
    const std::optional<Core::InputSet> set = std::exchange(m_checked, std::nullopt);
    if (set && result.outputCheck)
        Q_EMIT outputChecked(set->name, *result.outputCheck);
}

} // namespace Sandpit::Ui
