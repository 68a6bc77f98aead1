#include "window/mainwindow.h"

// Check of the open exercise in the window: the action beside Run, the Check dock beside
// Output, and where the Check pane's requests go. The Check itself belongs to CheckSession.

#include "editor/editorwidget.h"
#include "exercises/checkdetails.h"
#include "exercises/checkpane.h"
#include "exercises/checksession.h"
#include "exercises/exercisespane.h"
#include "exercises/openexercise.h"
#include "exercises/packloader.h"
#include "languages/language.h"
#include "run/attachmentsession.h"
#include "run/inputsetpackmaker.h"
#include "run/inputsetsession.h"
#include "run/runsession.h"
#include "run/tabruns.h"
#include "session/autosavesession.h"
#include "session/documentfile.h"
#include "session/documenttab.h"
#include "session/documenttabs.h"
#include "settings/settingsdialog.h"
#include "terminal/replsession.h"
#include "theme/presentationmode.h"
#include "window/backgroundtask.h"

#include <QDockWidget>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>
#include <QStatusBar>
#include <QToolBar>
#include <QToolButton>

namespace Sandpit::Ui {

void MainWindow::createCheckDock(QDockWidget *output)
{
    QDockWidget *checkDock
        = addPaneDock(QStringLiteral("checkDock"), QStringLiteral("Check"), m_checkPane, Qt::BottomDockWidgetArea);
    // A tab with the output: a learner goes between the program's output and the verdicts.
    tabifyDockWidget(output, checkDock);
}

void MainWindow::connectChecks()
{
    // On a 1024-pixel projector the toolbar's text grows past its width: the tick alone says
    // Check there (F7, and the Check pane's own button, still read "Check").
    connect(m_presentation, &PresentationMode::toggled, this, [this](bool on) {
        const auto *bar = findChild<QToolBar *>(QStringLiteral("runToolBar"));
        if (auto *button = bar ? qobject_cast<QToolButton *>(bar->widgetForAction(m_checkToolAction)) : nullptr)
            button->setToolButtonStyle(on ? Qt::ToolButtonIconOnly : bar->toolButtonStyle());
    });
    m_checkPane->details()->setTextFont(SettingsDialog::editorFont(QSettings()));
    connect(m_checks, &CheckSession::exerciseChanged, m_checkPane, &CheckPane::showExercise);
    connect(m_checks, &CheckSession::checkStarted, m_checkPane, &CheckPane::showCheckStarted);
    connect(m_checks, &CheckSession::testStarted, m_checkPane, &CheckPane::showTestStarted);
    connect(m_checks, &CheckSession::testFinished, m_checkPane, &CheckPane::showTestFinished);
    connect(m_checks, &CheckSession::checkFinished, m_checkPane, &CheckPane::showCheckFinished);
    connect(m_checks, &CheckSession::checkFailed, m_checkPane, &CheckPane::showCheckFailed);
    connect(m_checks, &CheckSession::hintsChanged, m_checkPane, &CheckPane::showHints);
    connect(m_checks, &CheckSession::checkFinished, this, [this] { statusBar()->showMessage(m_checkPane->summary()); });
    connect(m_checks, &CheckSession::checkFailed, this,
            [this](const Core::RunError &error) { statusBar()->showMessage(error.message); });
    connect(m_checks, &CheckSession::message, this, [this](const QString &text) { statusBar()->showMessage(text); });
    connect(m_checks, &CheckSession::runningChanged, this, [this](bool running) {
        // Said before the Check's engine has it: the session's word, not the engine's state.
        m_checkRunning = running;
        m_checkAction->setEnabled(!running && m_checks->hasExercise());
        m_checkPane->setRunning(running);
        updateStopAction();
    });
    connect(m_checkPane, &CheckPane::checkRequested, this, &MainWindow::check);
    connect(m_checkPane, &CheckPane::stopRequested, m_checks, &CheckSession::stop);
    connect(m_checkPane, &CheckPane::runExampleRequested, this, &MainWindow::runExample);
    connect(m_checkPane, &CheckPane::recordExpectedRequested, m_checks, &CheckSession::recordExpected);
    connect(m_inputSets, &InputSetSession::makePackRequested, this,
            [this](const QString &program, const Core::InputSets &sets) {
                DocumentTab *owner = m_tabs->tabForPath(program);
                const Core::Language *language = owner ? owner->document()->language() : nullptr;
                if (language)
                    m_packMaker->make(program, language->id, sets);
            });
    connect(m_packMaker, &InputSetPackMaker::message, this,
            [this](const QString &text) { statusBar()->showMessage(text); });
    connect(m_packMaker, &InputSetPackMaker::packOpenRequested, this, &MainWindow::openMadePack);
    connect(m_checkPane, &CheckPane::diagnosticActivated, this, [this](const Core::Diagnostic &d) {
        const QString file = m_checks->exercise().learnerFile;
        DocumentTab *learner = m_tabs->tabForPath(file);
        if (!learner) {
            m_tabs->openFile(file, std::max(0, d.line - 1), std::max(0, d.column - 1));
            return;
        }
        m_tabs->setCurrentWidget(learner);
        learner->editor()->goTo(d.line, d.column);
        learner->editor()->setFocus();
    });
}

void MainWindow::openExercise(const OpenExercise &exercise)
{
    m_checks->setExercise(exercise);
    m_checkAction->setEnabled(exercise.isValid() && !m_checks->isRunning());
    m_checkToolAction->setVisible(exercise.isValid());
    if (!exercise.isValid()) {
        m_checkPane->showNoExercise();
        return;
    }
    m_tabs->openFile(exercise.learnerFile);
}

void MainWindow::check()
{
    if (!m_checks->hasExercise() || m_checks->isRunning())
        return;
    if (auto *checkDock = qobject_cast<QDockWidget *>(m_checkPane->parentWidget())) {
        checkDock->show();
        checkDock->raise();
        // A diff needs some height: a pane squeezed below a third of the window (as
        // presentation mode leaves it, giving the editor the room) grows to two fifths.
        if (!checkDock->isFloating() && checkDock->height() < height() / 3)
            resizeDocks({checkDock}, {height() * 2 / 5}, Qt::Vertical);
    }
    m_autosave->journalNow();
    // The Check reads the file on disk: the learner's latest text is saved first, and nothing
    // runs if the save fails (the tab says why).
    DocumentTab *learner = m_tabs->tabForPath(m_checks->exercise().learnerFile);
    if (learner && learner->isModified())
        learner->save([this] { m_checks->check(); });
    else
        m_checks->check();
}

void MainWindow::runExample(const QString &testName)
{
    const OpenExercise &open = m_checks->exercise();
    const Core::Exercise *exercise = open.exercise();
    DocumentTab *learner = m_tabs->tabForPath(open.learnerFile);
    if (!exercise || !learner) {
        statusBar()->showMessage(QStringLiteral("Open the exercise's file to run an example."));
        return;
    }
    // A "write a function" exercise's file has no program of its own to run: its examples run
    // through the exercise's test program, which Check builds.
    if (const Core::ExerciseLanguage *language = exercise->language(open.languageId);
        language && !language->harnessPath.isEmpty()) {
        statusBar()->showMessage(QStringLiteral("Your file holds a function, which the exercise's own test program "
                                                "calls: press Check (F7) to run the examples with it."));
        return;
    }
    for (const Core::ExerciseTest &test : exercise->tests) {
        if (test.name != testName)
            continue;
        m_tabRuns->nextRunIsFor(learner);
        // The example's own files and arguments for this run; the next Run takes the Input
        // Files pane's again.
        m_session->setWorkspace(test.inputFiles, QString(), test.arguments);
        m_autosave->journalNow();
        m_session->runWithInput(learner->document()->language(), learner->document()->runName(),
                                learner->editor()->text(), test.stdinData, test.expectedStdout);
        return;
    }
}

void MainWindow::openMadePack(const QString &folder, const QString &program)
{
    m_exercises->openCourse(folder); // listed with the other courses too
    using Loaded = std::expected<Core::Course, Core::PackProblem>;
    // A folder pack: the unpack folder is never used.
    const QString unpackRoot = QFileInfo(folder).path();
    const QString languageId = m_tabs->tabForPath(program) && m_tabs->tabForPath(program)->document()->language()
        ? m_tabs->tabForPath(program)->document()->language()->id
        : QString();
    runInBackground<Loaded>(
        this, [folder, unpackRoot] { return Core::PackLoader(unpackRoot).load(folder); },
        [this, program, languageId](const Loaded &loaded) {
            if (!loaded || loaded->exercises.isEmpty()) {
                showProblem(QStringLiteral("Cannot open the pack"),
                            loaded ? QStringLiteral("The pack has no exercise.") : loaded.error().toString());
                return;
            }
            openExercise(OpenExercise{*loaded, loaded->exercises.first().id, languageId, program});
        });
}

// The REPL only when it is what runs: beside a run or a Check, Stop means those, and the
// REPL (a session the learner built up) is left be.
void MainWindow::stopRunOrCheck()
{
    if (!m_session->isActive() && !m_checkRunning)
        m_repl->stop();
    m_session->stop();
    m_checks->stop();
}

void MainWindow::updateStopAction()
{
    const bool runOrCheck = m_session->isActive() || m_checkRunning;
    m_stopAction->setEnabled(runOrCheck || m_repl->isActive());
    m_escapeStopAction->setEnabled(runOrCheck);
}

} // namespace Sandpit::Ui
