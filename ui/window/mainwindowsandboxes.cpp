#include "window/mainwindow.h"

// The Sandboxes tab: named sandboxes listed by their pane; a terminal into one goes to the
// Terminal tab's session, a run of the current file to the window's run. This only connects.

#include "editor/editorwidget.h"
#include "run/runsession.h"
#include "sandboxes/sandboxespane.h"
#include "session/autosavesession.h"
#include "session/documentfile.h"
#include "session/documenttab.h"
#include "terminal/replsession.h"

#include <QDockWidget>

namespace Sandpit::Ui {

void MainWindow::createSandboxesDock(QDockWidget *output)
{
    m_sandboxes->setObjectName(QStringLiteral("sandboxesPane"));
    // A tab with the output, as the History is: it is looked at now and then, not watched.
    tabifyDockWidget(output,
                     addPaneDock(QStringLiteral("sandboxesDock"), QStringLiteral("Sandboxes"), m_sandboxes,
                                 Qt::BottomDockWidgetArea));
}

void MainWindow::connectSandboxes()
{
    connect(m_sandboxes, &SandboxesPane::openTerminalRequested, this, [this](const Core::SandboxInfo &sandbox) {
        m_repl->openShell(sandbox.name, sandbox.backend, showTerminal());
    });
    connect(m_sandboxes, &SandboxesPane::runFileRequested, this, [this](const Core::SandboxInfo &sandbox) {
        DocumentTab *current = tab();
        if (!current)
            return;
        // As Run: the journal has the text the program ran.
        m_autosave->journalNow();
        m_session->runInSandbox(current->document()->language(), current->document()->runName(),
                                current->editor()->text(), sandbox.name, sandbox.backend);
    });
}

} // namespace Sandpit::Ui
