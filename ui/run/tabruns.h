#pragma once

#include "model/runerror.h"
#include "model/runresult.h"

#include <QObject>
#include <QPointer>

namespace Sandpit::Ui {

class DocumentTab;
class DocumentTabs;
class RunPane;

/// Which tab each run belongs to, and what each tab's last run was: the tab's icon and
/// tooltip, and the Run pane, which shows the run of the tab in front (its result, "Running…"
/// if its program is going, or Ready if it never ran).
class TabRuns final : public QObject
{
    Q_OBJECT
public:
    TabRuns(DocumentTabs &tabs, RunPane &pane, QObject *parent = nullptr);

    /// The tab whose program the current (or last) run is; null once that tab is closed.
    DocumentTab *runningTab() const { return m_runningTab; }

    /// The tab in front asked for a run: from now on the run is its, even one refused at once.
    void runRequested();
    /// The next run requested is `tab`'s, whichever tab is in front (Run all sets goes on
    /// while the learner looks at another tab).
    void nextRunIsFor(DocumentTab *tab) { m_nextRunTab = tab; }
    void runStarting(const QString &description);
    void runFinished(const Sandpit::Core::RunResult &result);
    void runFailed(const Sandpit::Core::RunError &error);
    /// The tab in front changed: the pane shows its last run.
    void showCurrent();
    /// Brings the tab whose run the Output pane shows (the last run that started) to the front
    /// with its editor's cursor on `line` and `column` (0: the line's first character), and
    /// focuses it; false if that tab was closed.
    bool showOutputPlace(int line, int column);

private:
    DocumentTabs &m_tabs;
    RunPane &m_pane;
    QPointer<DocumentTab> m_runningTab;
    // A run refused at once (an empty editor) changes the running tab but not the output.
    QPointer<DocumentTab> m_outputTab;
    QPointer<DocumentTab> m_nextRunTab;
};

} // namespace Sandpit::Ui
