#include "window/mainwindow.h"

// How a run shows in the window: which panes RunSession's signals reach, in which order, and
// the status bar's word on what a run or a pane reports. Each pane does its own part.

#include "artifacts/artifactspane.h"
#include "docker/imagepullcontroller.h"
#include "editor/editorwidget.h"
#include "engine/doctor.h"
#include "exercises/checksession.h"
#include "model/killdetail.h"
#include "model/typeids.h"
#include "output/outputpane.h"
#include "run/attachmentsession.h"
#include "run/attachmentspane.h"
#include "run/diagnosticslist.h"
#include "run/imagepullbar.h"
#include "run/imagepullsession.h"
#include "run/inputfocus.h"
#include "run/inputsetsession.h"
#include "run/isolationindicator.h"
#include "run/runsession.h"
#include "run/tabruns.h"
#include "run/weakersandboxbadge.h"
#include "run/weakersandboxoffer.h"
#include "session/autosavesession.h"
#include "session/documentfile.h"
#include "session/documenttab.h"
#include "session/documenttabs.h"
#include "settings/enginesettings.h"
#include "terminal/replsession.h"
#include "theme/presentationmode.h"

#include <QDockWidget>
#include <QFileInfo>
#include <QLocale>
#include <QSettings>
#include <QStatusBar>

namespace Sandpit::Ui {

void MainWindow::connectRuns()
{
    connect(m_session, &RunSession::runRequested, m_tabRuns, &TabRuns::runRequested);
    connect(m_session, &RunSession::runStarting, this, [this](const QString &description) {
        m_output->clear();
        m_output->linkSources(m_session->placeReader());
        m_artifacts->clear();
        m_problems->clear();
        if (DocumentTab *running = m_tabRuns->runningTab())
            running->editor()->clearDiagnostics();
        m_tabRuns->runStarting(description);
        // Whatever the learner looked at last (Problems, History), the run's prompt is here.
        if (auto *outputDock = qobject_cast<QDockWidget *>(m_output->parentWidget())) {
            outputDock->show();
            outputDock->raise();
        }
        statusBar()->showMessage(QStringLiteral("Running %1…").arg(description));
    });
    connectRunInput();
    connectRunEnd();
    connectPaneMessages();
    connectInputSets();
    connectImagePulls();
}

void MainWindow::connectRunInput()
{
    // After the output pane's own connections: the input line is ready when it takes the keys.
    auto *focus = new InputFocus(
        *m_session, m_output->inputLine(), [this] { return tab()->editor(); }, this);
    connect(m_session, &RunSession::runStarting, focus, &InputFocus::runStarted);
    connect(m_session, &RunSession::outputReceived, m_output, &OutputPane::appendOutput);
    connect(m_session, &RunSession::artifactsListed, m_artifacts, &ArtifactsPane::showRunningListing);
    connect(m_session, &RunSession::activeChanged, this, &MainWindow::updateStopAction);
    connect(m_session, &RunSession::inputOpenChanged, m_output, &OutputPane::setInputEnabled);
    connect(m_session, &RunSession::inputOpenChanged, focus, &InputFocus::inputOpenChanged);
    connect(m_output, &OutputPane::inputSubmitted, m_session, &RunSession::writeInput);
    connect(m_output, &OutputPane::inputClosed, m_session, &RunSession::closeInput);
}

void MainWindow::connectRunEnd()
{
    connect(m_session, &RunSession::runFinished, m_output, &OutputPane::showFinished);
    connect(m_session, &RunSession::runFinished, this, [this](const Core::RunResult &result) {
        m_artifacts->showArtifacts(result);
        // The Problems list follows the tab in front, so it shows these if that is this tab.
        if (DocumentTab *running = m_tabRuns->runningTab())
            running->editor()->showDiagnostics(result.diagnostics);
        m_tabRuns->runFinished(result);
        // Problems is a place to go: a closed list comes back, but it never covers the output
        // (presentation mode hid it on purpose: a run never undoes that).
        if (!result.diagnostics.isEmpty() && !m_presentation->isOn() && m_problemsDock->isHidden()) {
            m_problemsDock->show();
            if (auto *outputDock = qobject_cast<QDockWidget *>(m_output->parentWidget()))
                outputDock->raise();
        }
        m_isolation->showReport(result.isolation);
        statusBar()->showMessage(Core::resultHeadline(result));
    });
    connect(m_session, &RunSession::runFinished, m_inputSets, &InputSetSession::checkFinishedRun);
    connect(m_session, &RunSession::runFailed, m_output, &OutputPane::showError);
    connect(m_session, &RunSession::runFailed, m_tabRuns, &TabRuns::runFailed);
    connect(m_session, &RunSession::runFailed, this,
            [this](const Core::RunError &error) { statusBar()->showMessage(error.message); });
    connect(m_session, &RunSession::runFailed, m_weakerOffer, &WeakerSandboxOffer::offerFor);
    connect(m_weakerOffer, &WeakerSandboxOffer::weakerAllowed, this,
            [this](Core::IsolationReport::Level level, bool remember) {
                allowWeaker(level, remember);
                run();
            });
    connect(m_weakerBadge, &WeakerSandboxBadge::fullIsolationRequired, this,
            [this] { allowWeaker(Core::IsolationReport::Level::Full, true); });
}

void MainWindow::connectPaneMessages()
{
    // A run's one source is its tab's program, so the place is in that tab.
    connect(m_output, &OutputPane::placeActivated, this, [this](const QString &file, int line, int column) {
        if (!m_tabRuns->showOutputPlace(line, column))
            statusBar()->showMessage(QStringLiteral("The tab of %1 was closed.").arg(file));
    });
    connect(m_output, &OutputPane::outputSaved, this, [this](const QString &path, qint64 bytes) {
        statusBar()->showMessage(
            QStringLiteral("Saved the output (%1) to %2").arg(QLocale().formattedDataSize(bytes), path));
    });
    connect(m_output, &OutputPane::outputSaveFailed, this, [this](const QString &, const QString &message) {
        showProblem(QStringLiteral("Cannot save the output"), message);
    });
    connect(m_artifacts, &ArtifactsPane::filesSaved, this,
            [this](const QString &message) { statusBar()->showMessage(message); });
    connect(m_artifacts, &ArtifactsPane::saveFailed, this,
            [this](const QString &message) { showProblem(QStringLiteral("Cannot save the file"), message); });
    connect(m_artifacts, &ArtifactsPane::openFailed, this,
            [this](const QString &message) { showProblem(QStringLiteral("Cannot open the file"), message); });
}

void MainWindow::connectInputSets()
{
    connect(m_inputSets, &InputSetSession::runRequested, this, &MainWindow::runInputSet);
    connect(m_inputSets, &InputSetSession::outputChecked, this,
            [this](const QString &set, const Core::OutputComparison &comparison) {
                // The verdict itself is in the heading, the tab and the status bar already.
                m_output->appendNote(QStringLiteral("Input “%1”: %2").arg(set, comparison.summary()));
            });
}

void MainWindow::connectImagePulls()
{
    ImagePullBar *pullBar = m_output->imagePullBar();
    connect(pullBar, &ImagePullBar::pullRequested, m_pulls, &ImagePullSession::pull);
    connect(pullBar, &ImagePullBar::cancelRequested, m_pulls, &ImagePullSession::cancel);
    connect(pullBar, &ImagePullBar::rerunRequested, this, &MainWindow::run);
    connect(m_pulls, &ImagePullSession::pullProgressed, pullBar, &ImagePullBar::showProgress);
    connect(m_pulls, &ImagePullSession::pullFinished, pullBar, &ImagePullBar::showPulled);
    connect(m_pulls, &ImagePullSession::pullFailed, pullBar, &ImagePullBar::showFailed);
}

// From the next run on, until Sandpit quits or, with `remember`, for good (the setting).
void MainWindow::allowWeaker(Core::IsolationReport::Level weakest, bool remember)
{
    m_session->setAllowWeaker(weakest);
    m_repl->setAllowWeaker(weakest);
    m_doctor->setAllowWeaker(weakest);
    m_weakerBadge->showAllowed(weakest);
    if (remember)
        QSettings().setValue(Core::EngineSettings::allowWeakerKey(), Core::allowWeakerId(weakest));
    statusBar()->showMessage(
        weakest == Core::IsolationReport::Level::Full
            ? QStringLiteral("Sandpit will refuse to run a program it cannot fully sandbox.")
            : QStringLiteral("Sandpit will run programs with %1 isolation where it cannot fully sandbox them.")
                  .arg(Core::isolationLevelId(weakest)));
}

void MainWindow::run()
{
    // The journal has the text the program ran, whatever the program then does to Sandpit.
    m_autosave->journalNow();
    m_session->setWorkspace(m_attachments->inputFiles(), m_attachments->keptWorkspace(), m_attachments->arguments());
    m_session->run(tab()->document()->language(), tab()->document()->runName(), tab()->editor()->text());
}

void MainWindow::editProgramArguments()
{
    if (auto *dock = findChild<QDockWidget *>(QStringLiteral("inputFilesDock"))) {
        dock->show();
        dock->raise();
    }
    m_attachmentsPane->editArguments();
}

void MainWindow::runInputSet(const Core::InputSet &set, const QString &program)
{
    // The program's own tab: Run all sets goes on while the learner looks at another.
    // Closed meanwhile (or saved under another name): never another tab's code against
    // this program's inputs and expected outputs.
    DocumentTab *owner = m_tabs->tabForPath(program);
    if (!owner) {
        const QString why = QStringLiteral("%1 is no longer open in Sandpit").arg(QFileInfo(program).fileName());
        m_inputSets->refuseRun(why);
        statusBar()->showMessage(why);
        return;
    }
    m_tabRuns->nextRunIsFor(owner);
    m_session->setWorkspace(m_attachments->inputFiles(), m_attachments->keptWorkspace(), m_attachments->arguments());
    m_autosave->journalNow();
    m_session->runWithInput(owner->document()->language(), owner->document()->runName(), owner->editor()->text(),
                            set.stdinData, set.expectedStdout);
}

} // namespace Sandpit::Ui
