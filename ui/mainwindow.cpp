#include "mainwindow.h"

#include "artifactspane.h"
#include "attachmentspane.h"
#include "backendswitch.h"
#include "diagnosticslist.h"
#include "documentfile.h"
#include "editorwidget.h"
#include "examplesmenu.h"
#include "historypane.h"
#include "historystore.h"
#include "imagepullbar.h"
#include "imagepullsession.h"
#include "inputsetsession.h"
#include "isolationindicator.h"
#include "language.h"
#include "languagemenu.h"
#include "outputpane.h"
#include "outputsettings.h"
#include "runpane.h"
#include "runsession.h"

#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QToolBar>

namespace Sandpit::Ui {

namespace {
const auto kGeometryKey = QStringLiteral("window/geometry");
const auto kStateKey = QStringLiteral("window/state");
} // namespace

MainWindow::MainWindow(Core::RunController &controller, const Core::LanguageRegistry &languages,
                       const Core::EngineSettings &settings, const Core::HistorySettings &history, QWidget *parent)
    : QMainWindow(parent)
    , m_editor(new EditorWidget(this))
    , m_document(new DocumentFile(languages, this))
    , m_session(new RunSession(controller, settings, this))
    , m_pulls(new ImagePullSession(controller, this))
    , m_inputSets(new InputSetSession(*m_session, this))
    , m_output(new OutputPane(this))
    , m_runPane(new RunPane(this))
    , m_artifacts(new ArtifactsPane(this))
    // Kept workspaces live beside the run history, in Sandpit's data folder.
    , m_attachments(new AttachmentSession(QFileInfo(history.directory).path(), this))
    , m_attachmentsPane(new AttachmentsPane(this))
    , m_historyStore(new HistoryStore(history, this))
    , m_history(new HistoryPane(this))
    , m_problems(new DiagnosticsList(this))
    , m_languageMenu(new LanguageMenu(languages, this))
    , m_backend(new BackendSwitch(this))
    , m_isolation(new IsolationIndicator(this))
    , m_languageLabel(new QLabel(this))
{
    m_editor->setObjectName(QStringLiteral("editor"));
    m_output->setObjectName(QStringLiteral("outputPane"));
    m_runPane->setObjectName(QStringLiteral("runPane"));
    m_artifacts->setObjectName(QStringLiteral("artifactsPane"));
    m_attachmentsPane->setObjectName(QStringLiteral("attachmentsPane"));
    m_history->setObjectName(QStringLiteral("historyPane"));
    m_problems->setObjectName(QStringLiteral("problemsList"));
    setCentralWidget(m_editor);

    createActions();
    createToolBar();
    createDocks();
    statusBar()->addPermanentWidget(m_languageLabel);
    connectRuns();
    connectDocument();
    connectHistory();
    connectLanguages();
    connectAttachments();
    m_backend->showBackend(m_session->backend(), settings.environmentOverrides.contains(QStringLiteral("SANDPIT_BACKEND"))
                                                     ? QStringLiteral("SANDPIT_BACKEND") : QString());
    m_languageMenu->setBackend(m_session->backend());
    connect(m_backend, &BackendSwitch::backendChosen, this, [this](const QString &backendId) {
        m_session->setBackend(backendId);
        m_languageMenu->setBackend(backendId);
        updateTitle();
        QSettings().setValue(QStringLiteral("engine/backend"), backendId); // the next start keeps it
    });

    resize(1100, 720);
    const QSettings state;
    restoreGeometry(state.value(kGeometryKey).toByteArray());
    restoreState(state.value(kStateKey).toByteArray());

    newFile();
    statusBar()->showMessage(QStringLiteral("Ready"));
}

MainWindow::~MainWindow() = default;

void MainWindow::openFile(const QString &path)
{
    statusBar()->showMessage(QStringLiteral("Opening %1…").arg(path));
    m_document->open(path);
}

void MainWindow::setOutputSettings(const OutputSettings &settings)
{
    m_output->setMaxLines(settings.maxLines);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!m_closeConfirmed && m_editor->isModified()) {
        event->ignore();
        whenTextIsSafe([this] {
            m_closeConfirmed = true;
            close();
        });
        return;
    }
    QSettings state;
    state.setValue(kGeometryKey, saveGeometry());
    state.setValue(kStateKey, saveState());
    QMainWindow::closeEvent(event);
}

void MainWindow::createActions()
{
    const auto add = [this](QMenu *menu, const QString &name, const QString &text, QList<QKeySequence> keys, auto slot) {
        auto *action = menu->addAction(text);
        action->setObjectName(name);
        action->setShortcuts(keys);
        connect(action, &QAction::triggered, this, slot);
        return action;
    };
    QMenu *file = menuBar()->addMenu(QStringLiteral("&File"));
    add(file, QStringLiteral("actionNew"), QStringLiteral("&New"), {QKeySequence::New},
        [this] { whenTextIsSafe([this] { newFile(); }); });
    add(file, QStringLiteral("actionOpen"), QStringLiteral("&Open…"), {QKeySequence(Qt::CTRL | Qt::Key_O)},
        &MainWindow::chooseFileToOpen);
    add(file, QStringLiteral("actionSave"), QStringLiteral("&Save"), {QKeySequence(Qt::CTRL | Qt::Key_S)}, &MainWindow::save);
    add(file, QStringLiteral("actionSaveAs"), QStringLiteral("Save &As…"), {QKeySequence::SaveAs}, &MainWindow::saveAs);
    add(file, QStringLiteral("actionSaveOutput"), QStringLiteral("Save O&utput…"), {}, [this] { m_output->chooseSaveFile(); });
    file->addSeparator();
    auto *examples = new ExamplesMenu(this);
    file->addMenu(examples);
    connect(examples, &ExamplesMenu::exampleChosen, this, [this](const QString &fileName, const QString &code) {
        whenTextIsSafe([this, fileName, code] {
            m_document->resetLike(fileName);
            m_editor->setText(code);
            m_editor->setModified(false);
            statusBar()->showMessage(QStringLiteral("Opened the example %1, as a new document. Press Run.").arg(fileName));
        });
    });
    file->addSeparator();
    add(file, QStringLiteral("actionQuit"), QStringLiteral("&Quit"), {QKeySequence::Quit}, &QWidget::close);

    QMenu *runMenu = menuBar()->addMenu(QStringLiteral("&Run"));
    m_runAction = add(runMenu, QStringLiteral("actionRun"), QStringLiteral("&Run"),
                      {QKeySequence(Qt::Key_F5), QKeySequence(Qt::CTRL | Qt::Key_R)}, &MainWindow::run);
    m_runAction->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
    m_runAction->setToolTip(QStringLiteral("Run the program in the sandbox (F5, Ctrl+R)"));
    m_runWithInputAction = add(runMenu, QStringLiteral("actionRunWithInput"), QStringLiteral("Run with &Input…"),
                               {QKeySequence(Qt::Key_F6), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R)},
                               &MainWindow::chooseInputSet);
    m_runWithInputAction->setIcon(style()->standardIcon(QStyle::SP_FileDialogDetailedView));
    m_runWithInputAction->setToolTip(QStringLiteral("Run the program with one of its saved input sets, and check its "
                                                    "output (F6, Ctrl+Shift+R)"));
    m_stopAction = add(runMenu, QStringLiteral("actionStop"), QStringLiteral("&Stop"),
                       {QKeySequence(Qt::CTRL | Qt::Key_F2), QKeySequence(Qt::Key_Escape)}, [this] { m_session->stop(); });
    m_stopAction->setIcon(style()->standardIcon(QStyle::SP_MediaStop));
    m_stopAction->setToolTip(QStringLiteral("Stop the program and everything it started (Ctrl+F2, Esc)"));
    m_stopAction->setEnabled(false);

    menuBar()->addMenu(m_languageMenu);
    m_viewMenu = menuBar()->addMenu(QStringLiteral("&View"));
    add(m_viewMenu, QStringLiteral("actionZoomIn"), QStringLiteral("Zoom &In"),
        {QKeySequence(Qt::CTRL | Qt::Key_Equal), QKeySequence::ZoomIn}, [this] { m_editor->zoomIn(); });
    add(m_viewMenu, QStringLiteral("actionZoomOut"), QStringLiteral("Zoom &Out"), {QKeySequence(Qt::CTRL | Qt::Key_Minus)},
        [this] { m_editor->zoomOut(); });
    add(m_viewMenu, QStringLiteral("actionZoomReset"), QStringLiteral("&Reset Zoom"), {QKeySequence(Qt::CTRL | Qt::Key_0)},
        [this] { m_editor->resetZoom(); });
    m_viewMenu->addSeparator();
}

void MainWindow::createToolBar()
{
    QToolBar *bar = addToolBar(QStringLiteral("Run"));
    bar->setObjectName(QStringLiteral("runToolBar"));
    bar->setMovable(false);
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->addActions({m_runAction, m_runWithInputAction, m_stopAction});
    bar->addSeparator();
    bar->addWidget(m_backend);
    bar->addWidget(m_isolation);
}

void MainWindow::createDocks()
{
    const auto dock = [this](const QString &name, const QString &title, QWidget *pane, Qt::DockWidgetArea area) {
        auto *widget = new QDockWidget(title, this);
        widget->setObjectName(name);
        widget->setWidget(pane);
        widget->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                            QDockWidget::DockWidgetClosable);
        addDockWidget(area, widget);
        m_viewMenu->addAction(widget->toggleViewAction());
        return widget;
    };
    QDockWidget *output = dock(QStringLiteral("outputDock"), QStringLiteral("Output"), m_output, Qt::BottomDockWidgetArea);
    // A tab beside the output: the list and a run's details want the full width.
    tabifyDockWidget(output, dock(QStringLiteral("historyDock"), QStringLiteral("History"), m_history, Qt::BottomDockWidgetArea));
    output->raise();
    QDockWidget *run = dock(QStringLiteral("runDock"), QStringLiteral("Run"), m_runPane, Qt::RightDockWidgetArea);
    QDockWidget *artifacts = dock(QStringLiteral("artifactsDock"), QStringLiteral("Output Files"), m_artifacts,
                                  Qt::RightDockWidgetArea);
    QDockWidget *inputs = dock(QStringLiteral("inputFilesDock"), QStringLiteral("Input Files"), m_attachmentsPane,
                               Qt::RightDockWidgetArea);
    // Beside the output, so a compiler's messages and the clickable list of them are both in view.
    m_problemsDock = dock(QStringLiteral("problemsDock"), QStringLiteral("Problems"), m_problems, Qt::BottomDockWidgetArea);
    splitDockWidget(output, m_problemsDock, Qt::Horizontal);
    // The bottom dock spans the full width under the editor and the side panes.
    setCorner(Qt::BottomRightCorner, Qt::BottomDockWidgetArea);
    resizeDocks({output}, {260}, Qt::Vertical);
    resizeDocks({output, m_problemsDock}, {700, 400}, Qt::Horizontal);
    resizeDocks({run, artifacts}, {320, 320}, Qt::Horizontal);
    // The output files get the larger part: the list and a preview of the selected file.
    resizeDocks({run, artifacts, inputs}, {190, 460, 100}, Qt::Vertical);
}

void MainWindow::connectRuns()
{
    connect(m_session, &RunSession::runStarting, this, [this](const QString &description) {
        m_output->clear();
        m_artifacts->clear();
        m_problems->clear();
        m_editor->clearDiagnostics();
        m_runPane->showRunning(description);
        statusBar()->showMessage(QStringLiteral("Running %1…").arg(description));
    });
    connect(m_session, &RunSession::outputReceived, m_output, &OutputPane::appendOutput);
    connect(m_session, &RunSession::artifactsListed, m_artifacts, &ArtifactsPane::showRunningListing);
    connect(m_session, &RunSession::runFinished, m_output, &OutputPane::showFinished);
    connect(m_session, &RunSession::runFinished, m_runPane, &RunPane::showResult);
    connect(m_session, &RunSession::runFinished, this, [this](const Core::RunResult &result) {
        m_artifacts->showArtifacts(result);
        m_editor->showDiagnostics(result.diagnostics);
        m_problems->showDiagnostics(result.diagnostics);
        if (!result.diagnostics.isEmpty()) {
            m_problemsDock->show();
            m_problemsDock->raise();
        }
        m_isolation->showReport(result.isolation);
        statusBar()->showMessage(QStringLiteral("%1: %2").arg(m_runPane->statusText(), m_runPane->exitText()));
    });
    connect(m_session, &RunSession::runFinished, m_inputSets, &InputSetSession::checkFinishedRun);
    connect(m_session, &RunSession::runFailed, m_output, &OutputPane::showError);
    connect(m_session, &RunSession::runFailed, m_runPane, &RunPane::showError);
    connect(m_session, &RunSession::runFailed, this,
            [this](const Core::RunError &error) { statusBar()->showMessage(error.message); });
    connect(m_session, &RunSession::activeChanged, m_stopAction, &QAction::setEnabled);
    connect(m_session, &RunSession::inputOpenChanged, m_output, &OutputPane::setInputEnabled);
    connect(m_output, &OutputPane::inputSubmitted, m_session, &RunSession::writeInput);
    connect(m_output, &OutputPane::inputClosed, m_session, &RunSession::closeInput);
    connect(m_output, &OutputPane::outputSaved, this, [this](const QString &path, qint64 bytes) {
        statusBar()->showMessage(QStringLiteral("Saved the output (%1) to %2").arg(QLocale().formattedDataSize(bytes), path));
    });
    connect(m_output, &OutputPane::outputSaveFailed, this,
            [this](const QString &, const QString &message) { showProblem(QStringLiteral("Cannot save the output"), message); });
    connect(m_artifacts, &ArtifactsPane::filesSaved, this, [this](const QString &message) { statusBar()->showMessage(message); });
    connect(m_artifacts, &ArtifactsPane::saveFailed, this,
            [this](const QString &message) { showProblem(QStringLiteral("Cannot save the file"), message); });
    connect(m_artifacts, &ArtifactsPane::openFailed, this,
            [this](const QString &message) { showProblem(QStringLiteral("Cannot open the file"), message); });
    connect(m_inputSets, &InputSetSession::runRequested, this, [this](const QByteArray &stdinData) {
        m_session->setWorkspace(m_attachments->inputFiles(), m_attachments->keptWorkspace());
        m_session->runWithInput(m_document->language(), m_document->path(), m_editor->text(), stdinData);
    });
    connect(m_inputSets, &InputSetSession::outputChecked, this,
            [this](const QString &set, const Core::OutputComparison &comparison) {
                const QString text = QStringLiteral("Input “%1”: %2").arg(set, comparison.summary());
                m_output->appendNote(text);
                statusBar()->showMessage(text);
            });
    ImagePullBar *pullBar = m_output->imagePullBar();
    connect(pullBar, &ImagePullBar::pullRequested, m_pulls, &ImagePullSession::pull);
    connect(pullBar, &ImagePullBar::cancelRequested, m_pulls, &ImagePullSession::cancel);
    connect(pullBar, &ImagePullBar::rerunRequested, this, &MainWindow::run);
    connect(m_pulls, &ImagePullSession::pullProgressed, pullBar, &ImagePullBar::showProgress);
    connect(m_pulls, &ImagePullSession::pullFinished, pullBar, &ImagePullBar::showPulled);
    connect(m_pulls, &ImagePullSession::pullFailed, pullBar, &ImagePullBar::showFailed);
}

void MainWindow::connectDocument()
{
    connect(m_editor, &QsciScintilla::modificationChanged, this, &QWidget::setWindowModified);
    connect(m_document, &DocumentFile::pathChanged, this, [this] {
        m_editor->setLanguage(m_document->language());
        updateTitle();
    });
    connect(m_document, &DocumentFile::opened, this, [this](const QString &text, const QString &warning) {
        m_editor->setText(text);
        m_editor->setModified(false);
        m_editor->setCursorPosition(0, 0);
        if (!warning.isEmpty())
            showProblem(QStringLiteral("Opened with problems"), warning);
        else if (!m_document->language())
            statusBar()->showMessage(QStringLiteral("%1 is open as plain text: Sandpit does not know this file type, so it "
                                                    "cannot run it.").arg(m_document->displayName()));
        else
            statusBar()->showMessage(QStringLiteral("Opened %1").arg(m_document->path()));
    });
    connect(m_document, &DocumentFile::openFailed, this,
            [this](const QString &message) { showProblem(QStringLiteral("Cannot open the file"), message); });
    connect(m_document, &DocumentFile::saved, this, [this](quint64 revision) {
        // Text typed while the save was in progress is not on disk yet.
        if (m_editor->revision() == revision)
            m_editor->setModified(false);
        statusBar()->showMessage(QStringLiteral("Saved %1").arg(m_document->path()));
        if (auto next = std::exchange(m_afterSave, nullptr))
            next();
    });
    connect(m_document, &DocumentFile::saveFailed, this, [this](const QString &message) {
        m_afterSave = nullptr;
        showProblem(QStringLiteral("Cannot save the file"), message);
    });
}

void MainWindow::connectHistory()
{
    connect(m_session, &RunSession::runCompleted, m_historyStore, &HistoryStore::record);
    connect(m_historyStore, &HistoryStore::recorded, m_historyStore, &HistoryStore::load);
    connect(m_historyStore, &HistoryStore::recordFailed, this, [this](const QString &message) { statusBar()->showMessage(message); });
    connect(m_historyStore, &HistoryStore::loaded, m_history, &HistoryPane::showListing);
    connect(m_history, &HistoryPane::refreshRequested, m_historyStore, &HistoryStore::load);
    connect(m_history, &HistoryPane::diffRequested, this,
            [this] { m_history->compareWith(m_editor->text(), m_document->displayName()); });
    connect(m_history, &HistoryPane::restoreRequested, this,
            [this](const Core::RunRecord &record) { whenTextIsSafe([this, record] { restoreRun(record); }); });
    m_historyStore->load();
}

void MainWindow::connectLanguages()
{
    connect(m_problems, &DiagnosticsList::diagnosticActivated, this,
            [this](const Core::Diagnostic &d) { m_editor->goTo(d.line, d.column); });
    connect(m_languageMenu, &LanguageMenu::languageChosen, this, [this](const Core::Language *language) {
        // A new, untouched program becomes the new language's; typed text is never replaced.
        const bool untouched = m_document->path().isEmpty() && !m_editor->isModified();
        m_document->setLanguage(language);
        if (untouched) {
            m_editor->setText(language->templateCode);
            m_editor->setModified(false);
        }
    });
}

void MainWindow::connectAttachments()
{
    connect(m_document, &DocumentFile::pathChanged, this, [this] { m_attachments->setProgram(m_document->path()); });
    connect(m_attachments, &AttachmentSession::attachmentsChanged, m_attachmentsPane, &AttachmentsPane::showAttachments);
    connect(m_attachments, &AttachmentSession::modeChanged, m_attachmentsPane, &AttachmentsPane::showMode);
    connect(m_attachmentsPane, &AttachmentsPane::attachRequested, m_attachments, &AttachmentSession::attach);
    connect(m_attachmentsPane, &AttachmentsPane::detachRequested, m_attachments, &AttachmentSession::detach);
    connect(m_attachmentsPane, &AttachmentsPane::persistentChosen, m_attachments, &AttachmentSession::setPersistent);
    connect(m_attachmentsPane, &AttachmentsPane::resetRequested, m_attachments, &AttachmentSession::resetWorkspace);
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
    m_attachments->refresh();
}

void MainWindow::newFile()
{
    m_document->reset();
    const Core::Language *language = m_document->language();
    m_editor->setText(language ? language->templateCode : QString());
    m_editor->setModified(false);
}

void MainWindow::chooseFileToOpen()
{
    const QString path = QFileDialog::getOpenFileName(this, QStringLiteral("Open a program"),
                                                      QFileInfo(m_document->path()).absolutePath());
    if (!path.isEmpty())
        whenTextIsSafe([this, path] { openFile(path); });
}

void MainWindow::save()
{
    if (m_document->path().isEmpty())
        saveAs();
    else
        m_document->save(m_editor->text(), m_editor->revision());
}

void MainWindow::saveAs()
{
    const QString path = QFileDialog::getSaveFileName(this, QStringLiteral("Save the program"), m_document->displayName());
    if (path.isEmpty()) {
        m_afterSave = nullptr;
        return;
    }
    m_document->saveAs(path, m_editor->text(), m_editor->revision());
}

void MainWindow::run()
{
    m_session->setWorkspace(m_attachments->inputFiles(), m_attachments->keptWorkspace());
    m_session->run(m_document->language(), m_document->path(), m_editor->text());
}

void MainWindow::restoreRun(const Core::RunRecord &record)
{
    m_document->reset(record.language);
    m_editor->setText(record.code);
    // Unsaved on purpose: saving asks for a name instead of overwriting the file it came from.
    m_editor->setModified(true);
    m_editor->setCursorPosition(0, 0);
    statusBar()->showMessage(QStringLiteral("Restored the code of %1 from the run at %2, as a new unsaved document.")
                                 .arg(record.fileName, record.time.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"))));
}

void MainWindow::chooseInputSet()
{
    if (m_document->path().isEmpty()) {
        showProblem(QStringLiteral("Save the program first"),
                    QStringLiteral("Input sets are kept in a file beside the program, so save the program before "
                                   "adding input sets to it."));
        return;
    }
    m_inputSets->showDialog(m_document->path());
}

void MainWindow::updateTitle()
{
    setWindowTitle(m_document->displayName() + QStringLiteral("[*]"));
    const Core::Language *language = m_document->language();
    m_languageMenu->setCurrent(language);
    const QString problem = language ? m_languageMenu->problem(language->id) : QString();
    m_languageLabel->setText(!language ? QStringLiteral("Plain text (cannot run)")
                             : problem.isEmpty() ? language->name
                                                 : QStringLiteral("%1 (not installed)").arg(language->name));
    m_languageLabel->setToolTip(problem);
}

void MainWindow::whenTextIsSafe(std::function<void()> proceed)
{
    if (!m_editor->isModified()) {
        proceed();
        return;
    }
    const auto answer = QMessageBox::question(
        this, QStringLiteral("Unsaved changes"),
        QStringLiteral("%1 has changes that are not saved. Save them first?").arg(m_document->displayName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Discard) {
        proceed();
    } else if (answer == QMessageBox::Save) {
        m_afterSave = std::move(proceed);
        save();
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
