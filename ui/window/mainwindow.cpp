#include "window/mainwindow.h"

#include "artifacts/artifactspane.h"
#include "docker/imagepullcontroller.h"
#include "editor/editactions.h"
#include "editor/editorwidget.h"
#include "editor/findbar.h"
#include "engine/backendfactory.h"
#include "engine/doctor.h"
#include "exercises/checkcontroller.h"
#include "exercises/checkpane.h"
#include "exercises/checksession.h"
#include "exercises/exercisesmenu.h"
#include "exercises/exercisespane.h"
#include "history/historypane.h"
#include "history/historystore.h"
#include "languages/language.h"
#include "languages/languageregistry.h"
#include "output/outputpane.h"
#include "output/outputsettings.h"
#include "run/attachmentspane.h"
#include "run/backendswitch.h"
#include "run/diagnosticslist.h"
#include "run/imagepullsession.h"
#include "run/inputsetpackmaker.h"
#include "run/inputsetsession.h"
#include "run/isolationindicator.h"
#include "run/runpane.h"
#include "run/runsession.h"
#include "sandboxes/sandboxespane.h"
#include "run/tabruns.h"
#include "run/weakersandboxbadge.h"
#include "run/weakersandboxoffer.h"
#include "session/autosavesession.h"
#include "session/documentfile.h"
#include "session/documenttab.h"
#include "session/documenttabs.h"
#include "session/recoveryoffer.h"
#include "session/savefirstoffer.h"
#include "session/sessionkeeper.h"
#include "session/tabbanners.h"
#include "settings/settingsdialog.h"
#include "terminal/replsession.h"
#include "terminal/terminalpane.h"
#include "theme/presentationmode.h"
#include "theme/themecontroller.h"
#include "window/examplesmenu.h"
#include "window/languagemenu.h"
#include "window/recentfilesmenu.h"
#include "window/statusmessage.h"

#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>

namespace Sandpit::Ui {

namespace {
const auto kGeometryKey = QStringLiteral("window/geometry");
const auto kStateKey = QStringLiteral("window/state");
// Raised when the docks' arrangement changes: a layout saved before is dropped, not restored
// into a shape the window no longer has. 1: Problems beside Output instead of a tab with it.
// 2: a Terminal tab with Output. 3: a Sandboxes tab too.
constexpr int kLayoutVersion = 3;
} // namespace

MainWindow::MainWindow(Core::RunController &controller, const Core::LanguageRegistry &languages,
                       const Core::EngineSettings &settings, const Core::HistorySettings &history, QWidget *parent)
    : QMainWindow(parent)
    , m_languages(languages)
    , m_themes(new ThemeController(this))
    , m_presentation(new PresentationMode(*m_themes, this))
    , m_tabs(new DocumentTabs(languages, this))
    // Beside the run history and kept workspaces, in Sandpit's data folder.
    , m_autosave(new AutosaveSession(QFileInfo(history.directory).path() + QStringLiteral("/journal"), *m_tabs, this))
    , m_sessionKeeper(new SessionKeeper(*m_tabs, this))
    , m_recovery(new RecoveryOffer(*m_tabs, *m_autosave, languages, this))
    , m_banners(new TabBanners(*m_tabs, this))
    , m_findBar(new FindBar(this))
    , m_session(new RunSession(controller, settings, this))
    // The endpoint the Docker backend reads by default: the image goes where runs look for it.
    , m_pulls(new ImagePullSession(*new Core::ImagePullController(qEnvironmentVariable("DOCKER_HOST"), this), this))
    , m_inputSets(new InputSetSession(*m_session, this))
    , m_saveFirst(new SaveFirstOffer(this))
    , m_output(new OutputPane(this))
    , m_terminal(new TerminalPane(this))
    , m_repl(new ReplSession(controller, settings, this))
    , m_runPane(new RunPane(this))
    , m_tabRuns(new TabRuns(*m_tabs, *m_runPane, this))
    , m_artifacts(new ArtifactsPane(this))
    // Kept workspaces live beside the run history, in Sandpit's data folder.
    , m_attachments(new AttachmentSession(QFileInfo(history.directory).path(), this))
    , m_attachmentsPane(new AttachmentsPane(this))
    , m_historyStore(new HistoryStore(history, this))
    , m_history(new HistoryPane(this))
    , m_sandboxes(new SandboxesPane(everySandboxStore(languages, settings), this))
    , m_problems(new DiagnosticsList(this))
    , m_languageMenu(new LanguageMenu(languages, this))
    , m_backend(new BackendSwitch(this))
    , m_isolation(new IsolationIndicator(this))
    , m_weakerBadge(new WeakerSandboxBadge(this))
    , m_weakerOffer(new WeakerSandboxOffer(this))
    , m_doctor(new Core::Doctor(languages, settings, this))
    // Backends of its own: a Check's runs never queue behind, or cancel, the window's run; a
    // Check runs its tests back to back, so the next sandbox is built while a test runs.
    , m_checkController(
          new Core::CheckController(Core::makeBackends(languages, settings, Core::RunsExpected::Series), this))
    , m_exerciseSettings(Core::ExerciseSettings::load())
    , m_checks(new CheckSession(*m_checkController, settings, m_exerciseSettings.progressFolder, this))
    , m_exercises(new ExercisesPane(
          courseSources(languages, m_exerciseSettings.unpackFolder, m_exerciseSettings.progressFolder),
          m_exerciseSettings.learnerFolder, this))
    , m_exercisesMenu(new ExercisesMenu(this))
    , m_checkPane(new CheckPane(this))
    , m_packMaker(new InputSetPackMaker(this))
    , m_languageLabel(new QLabel(this))
{
    assembleCentral();
    createActions();
    createToolBar();
    createDocks();
    new StatusMessage(statusBar()); // first: it takes the message's place
    statusBar()->addPermanentWidget(m_languageLabel);
    connectRuns();
    connectRepl();
    connectSandboxes();
    // The level a run will get is known from the start, not from the first run.
    connect(m_doctor, &Core::Doctor::localChecked, m_isolation, &IsolationIndicator::showProbe);
    m_isolation->showChecking();
    m_doctor->checkLocal();
    connectTabs();
    connectHistory();
    connectLanguages();
    connectAttachments();
    connectChecks();
    connectExercises();
    connectBackend(settings);
    restoreLayout();
    setUpPresentation();

    m_tabs->newTab();
    m_tabs->current()->editor()->setFocus();
    m_editActions->setEditor(m_tabs->current()->editor());
    m_autosave->start();
    statusBar()->showMessage(QStringLiteral("Ready"));
}

void MainWindow::assembleCentral()
{
    m_output->setObjectName(QStringLiteral("outputPane"));
    m_runPane->setObjectName(QStringLiteral("runPane"));
    m_artifacts->setObjectName(QStringLiteral("artifactsPane"));
    m_attachmentsPane->setObjectName(QStringLiteral("attachmentsPane"));
    m_history->setObjectName(QStringLiteral("historyPane"));
    m_problems->setObjectName(QStringLiteral("problemsList"));
    m_checkPane->setObjectName(QStringLiteral("checkPane"));
    m_exercises->setObjectName(QStringLiteral("exercisesPane"));
    auto *central = new QWidget(this);
    auto *centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(0, 0, 0, 0);
    centralLayout->setSpacing(0);
    centralLayout->addWidget(m_tabs, 1);
    m_findBar->setObjectName(QStringLiteral("findBar"));
    centralLayout->addWidget(m_findBar);
    setCentralWidget(central);
    m_themes->watchDesktop();
    setAcceptDrops(true);
}

void MainWindow::connectBackend(const Core::EngineSettings &settings)
{
    showEngineSettings(settings);
    connect(m_backend, &BackendSwitch::backendChosen, this, [this](const QString &backendId) {
        m_session->setBackend(backendId);
        m_repl->setBackend(backendId);
        m_checks->setBackend(backendId);
        m_languageMenu->setBackend(backendId);
        showCurrentTab();
        QSettings().setValue(QStringLiteral("engine/backend"), backendId); // the next start keeps it
    });
}

void MainWindow::showEngineSettings(const Core::EngineSettings &settings)
{
    m_backend->showBackend(settings.backend,
                           settings.environmentOverrides.contains(QStringLiteral("SANDPIT_BACKEND"))
                               ? QStringLiteral("SANDPIT_BACKEND")
                               : QString());
    m_languageMenu->setBackend(settings.backend);
    m_weakerBadge->showAllowed(settings.allowWeaker);
}

void MainWindow::restoreLayout()
{
    resize(1100, 720);
    const QSettings state;
    restoreGeometry(state.value(kGeometryKey).toByteArray());
    m_layoutRestored = restoreState(state.value(kStateKey).toByteArray(), kLayoutVersion);
}

void MainWindow::setUpPresentation()
{
    for (QWidget *pane : std::initializer_list<QWidget *>{m_output, m_terminal, m_runPane, m_artifacts, m_history,
                                                          m_attachmentsPane, m_problems, m_checkPane, m_exercises})
        m_presentation->addPane(pane);
    // Object names are how presentation mode, after a restart, knows what it hid.
    statusBar()->setObjectName(QStringLiteral("statusBar"));
    m_presentation->addDistraction(statusBar());
    m_presentation->addDistraction(findChild<QDockWidget *>(QStringLiteral("inputFilesDock")));
    m_presentation->addDistraction(m_problemsDock);
    // A projector's room needs neither, and the toolbar and the input line need the width.
    m_presentation->addDistraction(m_backend);
    m_presentation->addDistraction(m_output->findChild<QWidget *>(QStringLiteral("saveOutputButton")));
    m_presentation->attachWindow(*this);
}

MainWindow::~MainWindow() = default;

void MainWindow::openFile(const QString &path)
{
    m_tabs->openFile(path);
}

void MainWindow::restoreSession()
{
    m_sessionKeeper->restore();
}

void MainWindow::quitKeepingUnsaved()
{
    m_autosave->keepUnsaved();
    m_closeConfirmed = true;
    close();
}

void MainWindow::setOutputSettings(const OutputSettings &settings)
{
    m_output->setMaxLines(settings.maxLines);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!m_closeConfirmed && !m_tabs->modifiedTabs().isEmpty()) {
        event->ignore();
        m_sessionKeeper->confirmQuit([this] {
            m_closeConfirmed = true;
            close();
        });
        return;
    }
    m_sessionKeeper->save();
    QSettings state;
    state.setValue(kGeometryKey, saveGeometry());
    state.setValue(kStateKey, saveState(kLayoutVersion));
    QMainWindow::closeEvent(event);
}

QDockWidget *MainWindow::addPaneDock(const QString &name, const QString &title, QWidget *pane, Qt::DockWidgetArea area)
{
    auto *widget = new QDockWidget(title, this);
    widget->setObjectName(name);
    widget->setWidget(pane);
    widget->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable
                        | QDockWidget::DockWidgetClosable);
    addDockWidget(area, widget);
    m_viewMenu->addAction(widget->toggleViewAction());
    return widget;
}

void MainWindow::createDocks()
{
    const auto dock = [this](const QString &name, const QString &title, QWidget *pane, Qt::DockWidgetArea area) {
        return addPaneDock(name, title, pane, area);
    };
    QDockWidget *output
        = dock(QStringLiteral("outputDock"), QStringLiteral("Output"), m_output, Qt::BottomDockWidgetArea);
    // Beside the output, so a compiler's messages and the clickable list of them are both in
    // view, and Problems never covers a prompt. Split before History joins the output as a
    // tab: a dock split off a tabbed one becomes one more tab.
    m_problemsDock
        = dock(QStringLiteral("problemsDock"), QStringLiteral("Problems"), m_problems, Qt::BottomDockWidgetArea);
    splitDockWidget(output, m_problemsDock, Qt::Horizontal);
    // A tab with the output: the list and a run's details want the full width.
    tabifyDockWidget(
        output, dock(QStringLiteral("historyDock"), QStringLiteral("History"), m_history, Qt::BottomDockWidgetArea));
    createCheckDock(output);
    createTerminalDock(output);
    createSandboxesDock(output);
    createExercisesDock();
    output->raise();
    dock(QStringLiteral("runDock"), QStringLiteral("Run"), m_runPane, Qt::RightDockWidgetArea);
    dock(QStringLiteral("artifactsDock"), QStringLiteral("Output Files"), m_artifacts, Qt::RightDockWidgetArea);
    dock(QStringLiteral("inputFilesDock"), QStringLiteral("Input Files"), m_attachmentsPane, Qt::RightDockWidgetArea);
    // The side panes reach down to the status bar: a plot needs height more than the output
    // needs their width. Stacked above the output instead, the side panes' minimums and the
    // output's added up past a 768-pixel laptop screen once a plot was previewed.
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
    resizeDocks({output, m_problemsDock}, {680, 180}, Qt::Horizontal);
    // Before the first show the window has no size yet to share out; a layout restored from
    // the last session keeps its own sizes, unless it is presenting (the room comes first).
    QTimer::singleShot(0, this, [this] {
        if (!m_layoutRestored || m_presentation->isOn())
            m_presentation->fitWindow();
    });
}

void MainWindow::connectTabs()
{
    connect(m_tabs, &DocumentTabs::tabAdded, this, &MainWindow::adoptTab);
    connect(m_tabs, &DocumentTabs::currentTabChanged, this, &MainWindow::showCurrentTab);
    connect(m_tabs, &DocumentTabs::currentTabChanged, this,
            [this](DocumentTab *current) { m_editActions->setEditor(current ? current->editor() : nullptr); });
    connect(m_recovery, &RecoveryOffer::tabRecovered, m_banners, &TabBanners::showRecovered);
    connect(m_recovery, &RecoveryOffer::tabReopened, m_banners, &TabBanners::watchReopened);
    connect(m_banners, &TabBanners::message, this, [this](const QString &text) { statusBar()->showMessage(text); });
    connect(m_tabs, &DocumentTabs::tabUpdated, this, [this](DocumentTab *updated) {
        if (updated == tab())
            showCurrentTab();
    });
    connect(m_tabs, &DocumentTabs::message, this, [this](const QString &text) { statusBar()->showMessage(text); });
    connect(m_tabs, &DocumentTabs::problem, this, &MainWindow::showProblem);
    connect(m_tabs, &DocumentTabs::filesDropped, this, [this](const QStringList &paths) {
        for (const QString &path : paths)
            m_tabs->openFile(path);
    });
    connect(m_autosave, &AutosaveSession::recoveryFound, m_recovery, &RecoveryOffer::offer);
    connect(m_recovery, &RecoveryOffer::message, this, [this](const QString &text) { statusBar()->showMessage(text); });
    connect(m_autosave, &AutosaveSession::journalFailed, this,
            [this](const QString &text) { statusBar()->showMessage(text); });
}

void MainWindow::connectHistory()
{
    connect(m_session, &RunSession::runCompleted, m_historyStore, &HistoryStore::record);
    connect(m_historyStore, &HistoryStore::recorded, m_historyStore, &HistoryStore::load);
    connect(m_historyStore, &HistoryStore::recordFailed, this,
            [this](const QString &message) { statusBar()->showMessage(message); });
    connect(m_historyStore, &HistoryStore::loaded, m_history, &HistoryPane::showListing);
    connect(m_history, &HistoryPane::refreshRequested, m_historyStore, &HistoryStore::load);
    connect(m_history, &HistoryPane::diffRequested, this,
            [this] { m_history->compareWith(tab()->editor()->text(), tab()->document()->displayName()); });
    connect(m_history, &HistoryPane::restoreRequested, this,
            [this](const Core::RunRecord &record) { restoreRun(record); });
    m_historyStore->load();
}

void MainWindow::connectLanguages()
{
    connect(m_problems, &DiagnosticsList::diagnosticActivated, this,
            [this](const Core::Diagnostic &d) { tab()->editor()->goTo(d.line, d.column); });
    connect(m_languageMenu, &LanguageMenu::languageChosen, this,
            [this](const Core::Language *language) { tab()->chooseLanguage(language); });
}

void MainWindow::connectAttachments()
{
    connect(m_attachments, &AttachmentSession::attachmentsChanged, m_attachmentsPane,
            &AttachmentsPane::showAttachments);
    connect(m_attachments, &AttachmentSession::modeChanged, m_attachmentsPane, &AttachmentsPane::showMode);
    connect(m_attachmentsPane, &AttachmentsPane::attachRequested, m_attachments, &AttachmentSession::attach);
    connect(m_attachmentsPane, &AttachmentsPane::detachRequested, m_attachments, &AttachmentSession::detach);
    connect(m_attachmentsPane, &AttachmentsPane::persistentChosen, m_attachments, &AttachmentSession::setPersistent);
    connect(m_attachmentsPane, &AttachmentsPane::resetRequested, m_attachments, &AttachmentSession::resetWorkspace);
    connect(m_attachments, &AttachmentSession::argumentsChanged, m_attachmentsPane, &AttachmentsPane::showArguments);
    connect(m_attachmentsPane, &AttachmentsPane::argumentsChosen, m_attachments, &AttachmentSession::setArguments);
    connect(m_attachments, &AttachmentSession::workspaceReset, this, [this](bool ok, const QString &message) {
        if (ok)
            statusBar()->showMessage(message);
        else
            showProblem(QStringLiteral("Cannot reset the workspace"), message);
    });
    // A run refused for a missing attachment: the pane shows which one, in red.
    connect(m_session, &RunSession::runFailed, m_attachments, [this](const Core::RunError &error) {
        if (error.code == Core::RunError::Code::MissingInputFile)
            m_attachments->refresh();
    });
    m_attachmentsPane->showMode(m_attachments->isPersistent());
    m_attachmentsPane->showArguments(m_attachments->arguments());
    m_attachments->refresh();
}

DocumentTab *MainWindow::tab() const
{
    return m_tabs->current();
}

void MainWindow::chooseFileToOpen()
{
    const QString path = QFileDialog::getOpenFileName(this, QStringLiteral("Open a program"),
                                                      QFileInfo(tab()->document()->path()).absolutePath());
    if (!path.isEmpty())
        m_tabs->openFile(path);
}

void MainWindow::restoreRun(const Core::RunRecord &record)
{
    // Unsaved on purpose: saving asks for a name instead of overwriting the file it came from.
    m_tabs->freshTab()->showUnsavedText(QString(), m_languages.find(record.language), record.code);
    statusBar()->showMessage(
        QStringLiteral("Restored the code of %1 from the run at %2, as a new unsaved document.")
            .arg(record.fileName, record.time.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"))));
}

void MainWindow::showCurrentTab()
{
    DocumentTab *current = tab();
    if (!current)
        return;
    setWindowTitle(current->document()->displayName() + QStringLiteral("[*]"));
    setWindowModified(current->isModified());
    const Core::Language *language = current->document()->language();
    m_languageMenu->setCurrent(language);
    showReplAvailability(language);
    const QString problem = language ? m_languageMenu->problem(language->id) : QString();
    m_languageLabel->setText(!language               ? QStringLiteral("Plain text (cannot run)")
                                 : problem.isEmpty() ? language->name
                                                     : QStringLiteral("%1 (not installed)").arg(language->name));
    m_languageLabel->setToolTip(problem);
    m_problems->showDiagnostics(current->lastDiagnostics());
    m_tabRuns->showCurrent();
    m_attachments->setProgram(current->document()->path()); // nothing to do for the same program
}

void MainWindow::adoptTab(DocumentTab *tab)
{
    EditorWidget *editor = tab->editor();
    editor->setTheme(m_themes->theme());
    connect(m_themes, &ThemeController::themeChanged, editor, &EditorWidget::setTheme);
    editor->setEditorFont(SettingsDialog::editorFont(QSettings()));
    m_presentation->addPane(editor); // a closed tab's editor leaves by itself
    if (m_recentFiles) {
        connect(tab, &DocumentTab::openedFromDisk, m_recentFiles,
                [this](const QString &path) { m_recentFiles->add(path); });
        connect(tab, &DocumentTab::savedToDisk, m_recentFiles,
                [this](const QString &path) { m_recentFiles->add(path); });
    }
}

void MainWindow::showProblem(const QString &title, const QString &text)
{
    statusBar()->showMessage(text);
    // Window-modal and non-blocking: a message must never stall the event loop (or a test).
    auto *box = new QMessageBox(QMessageBox::Warning, title, text, QMessageBox::Ok, this);
    box->setObjectName(QStringLiteral("problemMessage"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

} // namespace Sandpit::Ui
