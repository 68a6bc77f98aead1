#include "window/mainwindow.h"

// The Terminal tab and the REPL in it: Run › Open REPL, Run in REPL, and which panes the
// REPL's signals reach. The terminal draws, ReplSession runs; this only connects them.

#include "editor/editorwidget.h"
#include "languages/language.h"
#include "run/attachmentsession.h"
#include "run/isolationindicator.h"
#include "session/autosavesession.h"
#include "session/documentfile.h"
#include "session/documenttab.h"
#include "settings/settingsdialog.h"
#include "terminal/replsession.h"
#include "terminal/terminalpane.h"
#include "terminal/terminalview.h"
#include "theme/glyphicon.h"
#include "theme/presentationmode.h"
#include "theme/themecontroller.h"
#include "window/namedaction.h"

#include <QDockWidget>
#include <QMenu>
#include <QSettings>
#include <QStatusBar>

namespace Sandpit::Ui {

namespace {
// Long enough to read, short enough not to still say "Starting" once the prompt is there.
constexpr int kStartingMessageMs = 3000;
} // namespace

void MainWindow::createReplActions(QMenu *runMenu)
{
    runMenu->addSeparator();
    m_openReplAction = namedAction(QStringLiteral("actionOpenRepl"), QStringLiteral("Open RE&PL"),
                                   {QKeySequence(Qt::Key_F8)}, runMenu);
    m_openReplAction->setIconText(QStringLiteral("REPL"));
    m_openReplAction->setIcon(glyphIcon(Glyph::Repl));
    m_openReplAction->setToolTip(
        QStringLiteral("Open the language's REPL in the Terminal tab, in the sandbox: type code, see the result (F8)"));
    connect(m_openReplAction, &QAction::triggered, this, [this] { openRepl(false); });
    m_replToolAction = new QAction(m_openReplAction->icon(), m_openReplAction->iconText(), this);
    m_replToolAction->setObjectName(QStringLiteral("actionOpenReplTool"));
    m_replToolAction->setToolTip(m_openReplAction->toolTip());
    connect(m_replToolAction, &QAction::triggered, m_openReplAction, &QAction::trigger);
    connect(m_openReplAction, &QAction::enabledChanged, m_replToolAction, &QAction::setEnabled);
    m_runInReplAction = namedAction(QStringLiteral("actionRunInRepl"), QStringLiteral("Run in R&EPL"),
                                    {QKeySequence(Qt::CTRL | Qt::Key_F5)}, runMenu);
    m_runInReplAction->setToolTip(QStringLiteral(
        "Run the program, then leave its REPL open with the program's variables, in the Terminal tab (Ctrl+F5)"));
    connect(m_runInReplAction, &QAction::triggered, this, [this] { openRepl(true); });
}

void MainWindow::createTerminalDock(QDockWidget *output)
{
    m_terminal->setObjectName(QStringLiteral("terminalPane"));
    m_repl->setObjectName(QStringLiteral("replSession"));
    // A tab with the output: a REPL wants the same width and height as a program's output.
    tabifyDockWidget(
        output,
        addPaneDock(QStringLiteral("terminalDock"), QStringLiteral("Terminal"), m_terminal, Qt::BottomDockWidgetArea));
}

void MainWindow::connectRepl()
{
    // The toolbar's own, hidden while presenting: on a 1024-pixel projector the toolbar has no
    // room left for it beside the isolation badge (F8 and Run › Open REPL still start one).
    connect(m_presentation, &PresentationMode::toggled, m_replToolAction,
            [this](bool on) { m_replToolAction->setVisible(!on); });
    TerminalView *view = m_terminal->view();
    view->setFont(SettingsDialog::editorFont(QSettings()));
    view->setTheme(m_themes->theme());
    connect(m_themes, &ThemeController::themeChanged, view, &TerminalView::setTheme);
    connect(m_repl, &ReplSession::replStarting, this, [this](const QString &description) {
        m_terminal->showStarting(description);
        m_terminal->view()->setAnnouncedSize(m_repl->terminalSize());
        // For a moment: the terminal's first line says what runs for as long as it runs.
        statusBar()->showMessage(QStringLiteral("Starting: %1…").arg(description), kStartingMessageMs);
    });
    connect(m_repl, &ReplSession::outputReceived, m_terminal, &TerminalPane::appendOutput);
    connect(m_terminal, &TerminalPane::inputTyped, m_repl, &ReplSession::writeInput);
    connect(m_terminal, &TerminalPane::sizeChanged, m_repl, &ReplSession::resize);
    connect(m_terminal, &TerminalPane::restartRequested, this, [this] {
        if (m_repl->canRestart())
            m_repl->restart(showTerminal());
        else
            openRepl(false);
    });
    connect(m_repl, &ReplSession::activeChanged, this, &MainWindow::updateStopAction);
    connect(m_repl, &ReplSession::replFinished, m_terminal, &TerminalPane::showFinished);
    connect(m_repl, &ReplSession::replFinished, this, [this](const Core::RunResult &result) {
        // The REPL was sandboxed as a run is, and the indicator says how.
        m_isolation->showReport(result.isolation);
        statusBar()->showMessage(m_terminal->statusText());
    });
    connect(m_repl, &ReplSession::replFailed, m_terminal, &TerminalPane::showError);
    connect(m_repl, &ReplSession::replFailed, this,
            [this](const Core::RunError &error) { statusBar()->showMessage(error.message); });
}

void MainWindow::openRepl(bool runFileFirst)
{
    DocumentTab *current = tab();
    if (!current)
        return;
    // As Run: the journal has the text the REPL was given, whatever it then does.
    m_autosave->journalNow();
    m_repl->setWorkspace(m_attachments->inputFiles(), m_attachments->keptWorkspace());
    const ReplChoice choice{current->document()->language(), current->document()->runName(), current->editor()->text(),
                            runFileFirst};
    m_repl->open(choice, showTerminal());
}

Core::TerminalSize MainWindow::showTerminal()
{
    // In front first: behind another tab the terminal has no size of its own yet. What it
    // settles at after the layout is told to the REPL as a resize.
    if (auto *dock = qobject_cast<QDockWidget *>(m_terminal->parentWidget())) {
        dock->show();
        dock->raise();
    }
    m_terminal->view()->setFocus(Qt::OtherFocusReason);
    return m_terminal->view()->cellsThatFit();
}

void MainWindow::showReplAvailability(const Core::Language *language)
{
    const bool available = hasRepl(language);
    const QString why = language ? QStringLiteral("%1 has no REPL in Sandpit.").arg(language->name)
                                 : QStringLiteral("Plain text has no REPL.");
    m_openReplAction->setEnabled(available);
    m_runInReplAction->setEnabled(available);
    m_terminal->setReplAvailable(available || m_repl->canRestart(), why);
}

} // namespace Sandpit::Ui
