#include "run/tabruns.h"

#include "editor/editorwidget.h"
#include "run/lastrun.h"
#include "run/runpane.h"
#include "session/documenttab.h"
#include "session/documenttabs.h"

namespace Sandpit::Ui {

TabRuns::TabRuns(DocumentTabs &tabs, RunPane &pane, QObject *parent)
    : QObject(parent)
    , m_tabs(tabs)
    , m_pane(pane)
{
}

void TabRuns::runRequested()
{
    DocumentTab *current = m_nextRunTab ? m_nextRunTab.data() : m_tabs.current();
    m_nextRunTab.clear();
    // The session drops the result of a run it replaces, so that tab ends here, stopped.
    if (m_runningTab && m_runningTab != current && m_runningTab->runState() == DocumentTab::RunState::Running) {
        m_runningTab->setLastRun(LastRun::replaced(m_runningTab->lastRun().description));
        m_runningTab->setFinished(false, QStringLiteral("Stopped: another program was run"), {});
    }
    m_runningTab = current;
}

void TabRuns::runStarting(const QString &description)
{
    m_outputTab = m_runningTab;
    if (!m_runningTab)
        return;
    // The last run first: the tab's own signals may have the pane show it again.
    m_runningTab->setLastRun(LastRun::running(description));
    m_runningTab->setRunning();
    showCurrent();
}

void TabRuns::runFinished(const Core::RunResult &result)
{
    if (!m_runningTab)
        return;
    m_runningTab->setLastRun(LastRun::finished(result));
    m_runningTab->setFinished(result.succeeded(), RunPane::statusFor(result), result.diagnostics);
    showCurrent();
}

void TabRuns::runFailed(const Core::RunError &error)
{
    if (!m_runningTab)
        return;
    m_runningTab->setLastRun(LastRun::failed(error));
    m_runningTab->setFinished(false, QStringLiteral("Could not run"), {});
    showCurrent();
}

void TabRuns::showCurrent()
{
    if (DocumentTab *current = m_tabs.current())
        m_pane.showRun(current->lastRun());
}

bool TabRuns::showOutputPlace(int line, int column)
{
    if (!m_outputTab)
        return false;
    m_tabs.setCurrentWidget(m_outputTab);
    m_outputTab->editor()->goTo(line, column);
    return true;
}

} // namespace Sandpit::Ui
