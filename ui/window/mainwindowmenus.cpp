#include "window/mainwindow.h"

// The window's menus, toolbar and settings: what the learner can ask the window to do.

#include "editor/editactions.h"
#include "editor/editorwidget.h"
#include "engine/doctor.h"
#include "exercises/checksession.h"
#include "exercises/exercisesmenu.h"
#include "history/historystore.h"
#include "languages/language.h"
#include "output/outputpane.h"
#include "run/backendswitch.h"
#include "run/inputsetsession.h"
#include "run/isolationindicator.h"
#include "run/runsession.h"
#include "run/weakersandboxbadge.h"
#include "session/documentfile.h"
#include "session/documenttab.h"
#include "session/documenttabs.h"
#include "session/savefirstoffer.h"
#include "settings/settingsdialog.h"
#include "terminal/replsession.h"
#include "terminal/terminalpane.h"
#include "terminal/terminalview.h"
#include "theme/glyphicon.h"
#include "theme/presentationmode.h"
#include "theme/themecontroller.h"
#include "theme/thememenu.h"
#include "window/doctordialog.h"
#include "window/examplesmenu.h"
#include "window/gettingstarteddialog.h"
#include "window/languagemenu.h"
#include "window/namedaction.h"
#include "window/recentfilesmenu.h"
#include "window/shortcutsdialog.h"
#include "window/templatesmenu.h"

#include <QHBoxLayout>
#include <QMenuBar>
#include <QProcessEnvironment>
#include <QSettings>
#include <QStatusBar>
#include <QToolBar>

namespace Sandpit::Ui {

template<typename Slot>
QAction *MainWindow::menuAction(QMenu *menu, const QString &name, const QString &text, const QList<QKeySequence> &keys,
                                Slot slot)
{
    QAction *action = namedAction(name, text, keys, menu);
    connect(action, &QAction::triggered, this, slot);
    return action;
}

void MainWindow::createActions()
{
    createFileMenu();
    m_editActions = new EditActions(this, m_findBar, this);
    menuBar()->addMenu(m_editActions->menu());
    connect(m_editActions, &EditActions::message, this,
            [this](const QString &text) { statusBar()->showMessage(text); });
    createRunMenu();
    menuBar()->addMenu(m_languageMenu);
    createViewMenu();
    createToolsMenu();
    createHelpMenu();
}

void MainWindow::createFileMenu()
{
    QMenu *file = menuBar()->addMenu(QStringLiteral("&File"));
    menuAction(file, QStringLiteral("actionNew"), QStringLiteral("&New"), {QKeySequence::New}, [this] {
        const Core::Language *language = tab()->document()->language();
        m_tabs->newTab(language ? language->id : QStringLiteral("python"));
    });
    menuAction(file, QStringLiteral("actionOpen"), QStringLiteral("&Open…"), {QKeySequence(Qt::CTRL | Qt::Key_O)},
               &MainWindow::chooseFileToOpen);
    m_recentFiles = new RecentFilesMenu(this);
    m_recentFiles->setObjectName(QStringLiteral("recentFilesMenu"));
    file->addMenu(m_recentFiles);
    connect(m_recentFiles, &RecentFilesMenu::fileChosen, this, &MainWindow::openFile);
    auto *templates = new TemplatesMenu(m_languages, m_languageMenu, this);
    file->addMenu(templates);
    connect(templates, &TemplatesMenu::templateChosen, this,
            [this](const Core::Language *language) { m_tabs->newTab(language->id); });
    menuAction(file, QStringLiteral("actionSave"), QStringLiteral("&Save"), {QKeySequence(Qt::CTRL | Qt::Key_S)},
               [this] { tab()->save(); });
    menuAction(file, QStringLiteral("actionSaveAs"), QStringLiteral("Save &As…"), {QKeySequence::SaveAs},
               [this] { tab()->saveAs(); });
    menuAction(file, QStringLiteral("actionCloseTab"), QStringLiteral("&Close Tab"),
               {QKeySequence(Qt::CTRL | Qt::Key_W)}, [this] { m_tabs->requestClose(tab()); });
    menuAction(file, QStringLiteral("actionSaveOutput"), QStringLiteral("Save O&utput…"), {},
               [this] { m_output->chooseSaveFile(); });
    file->addSeparator();
    auto *examples = new ExamplesMenu(m_languages, this);
    file->addMenu(examples);
    connect(examples, &ExamplesMenu::exampleChosen, this, [this](const QString &fileName, const QString &code) {
        m_tabs->freshTab()->startFromText(fileName, code);
        statusBar()->showMessage(QStringLiteral("Opened the example %1, as a new document. Press Run.").arg(fileName));
    });
    file->addMenu(m_exercisesMenu);
    file->addSeparator();
    menuAction(file, QStringLiteral("actionSettings"), QStringLiteral("Se&ttings…"),
               {QKeySequence(Qt::CTRL | Qt::Key_Comma)}, &MainWindow::showSettings)
        ->setMenuRole(QAction::PreferencesRole);
    file->addSeparator();
    menuAction(file, QStringLiteral("actionQuit"), QStringLiteral("&Quit"), {QKeySequence::Quit}, &QWidget::close);
}

void MainWindow::createRunMenu()
{
    QMenu *runMenu = menuBar()->addMenu(QStringLiteral("&Run"));
    m_runAction = menuAction(runMenu, QStringLiteral("actionRun"), QStringLiteral("&Run"),
                             {QKeySequence(Qt::Key_F5), QKeySequence(Qt::CTRL | Qt::Key_R)}, &MainWindow::run);
    m_runAction->setIcon(glyphIcon(Glyph::Run));
    m_runAction->setToolTip(QStringLiteral("Run the program in the sandbox (F5, Ctrl+R)"));
    m_runWithInputAction = menuAction(runMenu, QStringLiteral("actionRunWithInput"), QStringLiteral("Run with &Input…"),
                                      {QKeySequence(Qt::Key_F6), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R)},
                                      &MainWindow::chooseInputSet);
    m_runWithInputAction->setIcon(glyphIcon(Glyph::RunWithInput));
    m_runWithInputAction->setToolTip(QStringLiteral("Run the program with one of its saved input sets, and check its "
                                                    "output (F6, Ctrl+Shift+R)"));
    QAction *runAll = menuAction(runMenu, QStringLiteral("actionRunAllSets"), QStringLiteral("Run &All Input Sets"),
                                 {QKeySequence(Qt::SHIFT | Qt::Key_F6)}, &MainWindow::runAllInputSets);
    runAll->setToolTip(QStringLiteral("Run the program once with each of its input sets, one after another, and show "
                                      "a result for each (Shift+F6)"));
    QAction *arguments = menuAction(runMenu, QStringLiteral("actionProgramArguments"),
                                    QStringLiteral("Program Ar&guments…"), {}, &MainWindow::editProgramArguments);
    arguments->setToolTip(QStringLiteral("Give the program command-line arguments (in the Input Files pane)"));
    m_stopAction = menuAction(runMenu, QStringLiteral("actionStop"), QStringLiteral("&Stop"),
                              {QKeySequence(Qt::CTRL | Qt::Key_F2)}, &MainWindow::stopRunOrCheck);
    m_stopAction->setIcon(glyphIcon(Glyph::Stop));
    m_stopAction->setToolTip(
        QStringLiteral("Stop the program and everything it started, or the REPL when only it runs (Ctrl+F2; Esc in "
                       "the editor stops a program or a Check, never the REPL)"));
    m_stopAction->setEnabled(false);
    // Esc is pressed out of habit (closing a popup, a vim reflex): it may stop a run, which can
    // be run again, but never end a REPL and the session the learner built up in it.
    // In the menu, so that the shortcuts page lists Esc too.
    m_escapeStopAction = runMenu->addAction(QStringLiteral("Stop the Program or Check"));
    m_escapeStopAction->setObjectName(QStringLiteral("actionStopByEscape"));
    m_escapeStopAction->setShortcut(QKeySequence(Qt::Key_Escape));
    m_escapeStopAction->setToolTip(QStringLiteral("Stop the program or the Check, never the REPL (Esc)"));
    m_escapeStopAction->setEnabled(false);
    connect(m_escapeStopAction, &QAction::triggered, this, [this] {
        m_session->stop();
        m_checks->stop();
    });
    createReplActions(runMenu);
    createCheckAction(runMenu);
}

void MainWindow::createCheckAction(QMenu *runMenu)
{
    runMenu->addSeparator();
    m_checkAction = menuAction(runMenu, QStringLiteral("actionCheck"), QStringLiteral("&Check Exercise"),
                               {QKeySequence(Qt::Key_F7)}, &MainWindow::check);
    m_checkAction->setIconText(QStringLiteral("Check"));
    m_checkAction->setIcon(glyphIcon(Glyph::Check));
    m_checkAction->setToolTip(QStringLiteral("Run every test of the open exercise against your file (F7)"));
    m_checkAction->setEnabled(false);
    // The toolbar's own: there only while an exercise is open, so a window used for plain runs
    // keeps its toolbar (and its width on a projector) as it was.
    m_checkToolAction = new QAction(m_checkAction->icon(), QStringLiteral("Check"), this);
    m_checkToolAction->setObjectName(QStringLiteral("actionCheckTool"));
    m_checkToolAction->setToolTip(m_checkAction->toolTip());
    m_checkToolAction->setVisible(false);
    connect(m_checkToolAction, &QAction::triggered, m_checkAction, &QAction::trigger);
    connect(m_checkAction, &QAction::enabledChanged, m_checkToolAction, &QAction::setEnabled);
}

void MainWindow::createViewMenu()
{
    m_viewMenu = menuBar()->addMenu(QStringLiteral("&View"));
    // One zoom for every pane; presentation mode on top of it (F11).
    QList<QAction *> zoom{m_presentation->zoomInAction(), m_presentation->zoomOutAction(),
                          m_presentation->zoomResetAction(), m_presentation->presentationAction()};
    m_viewMenu->addActions(zoom.mid(0, 3));
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_presentation->presentationAction());
    m_viewMenu->addMenu(new ThemeMenu(*m_themes, m_viewMenu));
    // The keys work while presentation mode hides parts of the window.
    addActions(zoom);
    m_viewMenu->addSeparator();
}

void MainWindow::createHelpMenu()
{
    QMenu *help = menuBar()->addMenu(QStringLiteral("&Help"));
    menuAction(help, QStringLiteral("actionGettingStarted"), QStringLiteral("&Getting Started"),
               {QKeySequence::HelpContents}, [this] {
                   auto *page = findChild<GettingStartedDialog *>(QStringLiteral("gettingStartedDialog"));
                   if (!page)
                       page = new GettingStartedDialog(this);
                   page->show();
                   page->raise();
               });
    auto *shortcuts = new ShortcutsDialog(menuBar(), this);
    shortcuts->setObjectName(QStringLiteral("shortcutsDialog"));
    menuAction(help, QStringLiteral("actionKeyboardShortcuts"), QStringLiteral("&Keyboard Shortcuts"),
               {QKeySequence(Qt::CTRL | Qt::Key_F1)}, [shortcuts] { shortcuts->open(); });
    auto *doctor = new DoctorDialog(*m_doctor, this);
    QAction *check = menuAction(help, QStringLiteral("actionCheckThisComputer"),
                                QStringLiteral("&Check This Computer…"), {}, [doctor] { doctor->check(); });
    connect(m_isolation, &IsolationIndicator::detailsRequested, check, &QAction::trigger);
}

namespace {
const auto kInputSetsNeedAFile = QStringLiteral("Input sets are kept in a file beside the program: save it, and "
                                                "Sandpit goes on to its input sets.");
} // namespace

void MainWindow::chooseInputSet()
{
    m_saveFirst->whenSaved(tab(), kInputSetsNeedAFile, [this](const QString &path) { m_inputSets->showDialog(path); });
}

void MainWindow::runAllInputSets()
{
    m_saveFirst->whenSaved(tab(), kInputSetsNeedAFile, [this](const QString &path) { m_inputSets->runAll(path); });
}

void MainWindow::createToolBar()
{
    QToolBar *bar = addToolBar(QStringLiteral("Run"));
    bar->setObjectName(QStringLiteral("runToolBar"));
    bar->setMovable(false);
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->addActions({m_runAction, m_checkToolAction, m_runWithInputAction, m_replToolAction, m_stopAction});
    bar->addSeparator();
    // Each in a box: a toolbar does not hide a widget of its own by itself, and the backend
    // switch hides while presenting.
    const auto boxed = [bar](std::initializer_list<QWidget *> widgets) {
        auto *box = new QWidget(bar);
        auto *layout = new QHBoxLayout(box);
        layout->setContentsMargins(0, 0, 0, 0);
        for (QWidget *widget : widgets)
            layout->addWidget(widget);
        bar->addWidget(box);
    };
    m_backend->setObjectName(QStringLiteral("backendSwitch"));
    boxed({m_backend});
    // The level of the last run, and beside it, while it holds, the user's choice to allow a
    // weaker one.
    boxed({m_isolation, m_weakerBadge});
    bar->addSeparator();
    bar->addAction(m_presentation->presentationAction());
}

void MainWindow::showSettings()
{
    auto *settings = new QSettings;
    auto *dialog = new SettingsDialog(*settings, m_languages, QProcessEnvironment::systemEnvironment(), this);
    settings->setParent(dialog); // lives exactly as long as the dialog
    dialog->setObjectName(QStringLiteral("settingsDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &SettingsDialog::settingsApplied, this, &MainWindow::applySettings);
    dialog->open();
}

void MainWindow::applySettings(const AppliedSettings &settings)
{
    // Backend, fallback and limits: from the next run.
    m_session->setEngineSettings(settings.engine);
    m_repl->setEngineSettings(settings.engine);
    m_checks->setEngineSettings(settings.engine);
    m_doctor->setSettings(settings.engine);
    showEngineSettings(settings.engine);
    setOutputSettings(settings.output);
    m_historyStore->setSettings(settings.history);
    m_themes->setPreference(settings.theme);
    for (DocumentTab *each : m_tabs->tabs())
        each->editor()->setEditorFont(settings.editorFont);
    m_terminal->view()->setFont(settings.editorFont);
    showCurrentTab();
    statusBar()->showMessage(
        QStringLiteral("Settings saved. A changed Docker image applies when Sandpit starts again."));
}

} // namespace Sandpit::Ui
