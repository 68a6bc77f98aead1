#pragma once

#include "engine/backend.h"
#include "engine/outputbatcher.h"
#include "files/workspace.h"
#include "files/workspacebaseline.h"
#include "local/preparedsandbox.h"
#include "network/networkproxy.h"

#include <functional>

#include <QProcess>
#include <QSocketNotifier>
#include <QTimer>

#include <utility>

namespace Sandpit::Core {

/// One run through sandpit-helper, driven by QProcess on the worker thread's event loop. It
/// takes a prepared sandbox, fills its workspace, and hands the helper the job.
class LocalJob final : public RunJob
{
    Q_OBJECT
public:
    struct Plan {
        QStringList command;     ///< absolute program path and arguments
        QStringList environment; ///< NAME=VALUE, the program's whole environment
        RunStage stage = RunStage::Run;
        /// The workspace folder copied back when the run ends: output/ for a program's
        /// files, the build folder for what a compiler made.
        QString collectDir = QStringLiteral("output");
        /// The run's proxy (RunRequest::network), shared by the copies of the plan until the
        /// last job that may run it is gone; null: no network.
        std::shared_ptr<NetworkProxy> proxy = {};
        /// A command in a named sandbox with an allow-list: the attempts its sandbox's proxy
        /// logged since the command was planned; null: none.
        std::function<QList<NetworkAttempt>()> sandboxAttempts = {};
        /// How the run will differ from what was asked, for the result's notice; empty: none.
        QString notice = {};
        /// Starts this step's proxy for `allowed` and tells the step where it is (the proxy
        /// variables); nothing when `allowed` is empty.
        Expected<void> allowNetwork(const QList<AllowedDestination> &allowed);
        /// The sandbox this step needs: `base`, with the proxy's socket when it has one.
        PreparedSandbox::Config sandboxConfig(PreparedSandbox::Config base) const
        {
            if (proxy)
                base.proxySocket = proxy->socketPath();
            return base;
        }
    };

    LocalJob(RunRequest request, Plan plan, PreparedSandbox sandbox);
    ~LocalJob() override;

    void start() override;
    void cancel() override;
    void writeInput(const QByteArray &data) override;
    void closeInput() override;
    void resizeTerminal(const TerminalSize &size) override;

private:
    QByteArray jobArguments() const;
    void readStream(QProcess::ProcessChannel channel);
    void onHelperFinished(int exitCode, QProcess::ExitStatus status);
    void onHelperError(QProcess::ProcessError error);
    void onEvents();
    void onReportReady();
    void onInputWait(bool waiting);
    void finish(bool reportWritten, bool helperCrashed, int exitCode);
    void keepWorkspace(RunResult &result, bool reportWritten);
    void drainOutput();
    void releaseHelper();

    RunRequest m_request;
    Plan m_plan;
    Workspace m_workspace;
    WorkspaceBaseline m_baseline;        // what Sandpit put in the workspace, so not the program's files
    std::unique_ptr<QProcess> m_process; // null once handed off to finish on its own
    FileDescriptor m_events;
    FileDescriptor m_control; // to the helper: resizes of a run on a terminal
    std::unique_ptr<QSocketNotifier> m_eventsNotifier;
    QByteArray m_eventBytes; // what came on m_events and is not a whole event yet
    OutputBatcher m_output;
    QTimer m_backstop; // if the helper itself hangs, this kills it
    QByteArray m_stdout;
    QByteArray m_stderr;
    bool m_done = false;
    bool m_backstopFired = false;
    bool m_cancelRequested = false;
};

} // namespace Sandpit::Core
