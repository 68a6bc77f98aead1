#pragma once

#include "docker/dockerlauncher.h"

#include "docker/dockerconnector.h"
#include "docker/dockercontainer.h"
#include "docker/dockeroutputlister.h"
#include "docker/dockerpool.h"
#include "docker/dockerreaper.h"
#include "docker/dockerrunend.h"
#include "docker/dockerrunoutput.h"
#include "docker/dockerrunshared.h"
#include "files/artifactlisting.h"
#include "languages/language.h"
#include "files/workspacebaseline.h"
#include "model/runrequest.h"
#include "model/runresult.h"
#include "network/networkproxy.h"

#include <QElapsedTimer>

#include <functional>
#include <optional>

namespace Sandpit::Core {

class DockerExitWait;

/// One run's whole container lifecycle, blocking, on a thread of its own: take the waiting
/// container, fill its workspace, attach, send it the go, wait for init's end marker
/// (or the exit, or kill it), and hand the container to the reaper. Each long call to the
/// Engine API is an object with a thread of its own: the output (DockerAttachStream, sorted by
/// DockerRunOutput), typed input (DockerStdinAttach), the exit (DockerExitWait) and the stats
/// (DockerStatsWatch); this thread keeps the clock and decides how the run ends. It reports to
/// the job through the callbacks, each posted to the job's thread but the output, which the
/// job batches (OutputBatcher).
class DockerRun final
{
public:
    struct Plan {
        RunRequest request;
        DockerContainerKey key;
        QStringList command;     ///< as resolved inside the image, e.g. python3 -u main.py
        QStringList environment; ///< NAME=VALUE from the language
        RunStage stage = RunStage::Run;
        /// For a compile (or a package setup): the host folder where the build folder goes when
        /// the step has succeeded, before the container and its workspace are removed.
        QString keepBuildIn;
        /// The folder of /work that step makes: the compiler's build folder, or the packages'
        /// environment (PackagePlan::kBuildDir).
        QString buildDir = QLatin1String(kBuildDir);
        /// The run's proxy (RunRequest::network), whose socket key.proxySocket names; null:
        /// no network.
        std::shared_ptr<NetworkProxy> proxy;
    };
    struct Callbacks {
        /// fifo empty unless input stays open and the daemon shares our file system
        std::function<void(const QString &stdinFifo)> started;
        /// The program's output as it arrives, on the run's attach stream's thread, not posted.
        std::function<void(OutputStream stream, QByteArray data)> output;
        /// What the program's output/ holds so far, when it changed (see DockerOutputLister).
        std::function<void(const ArtifactListing &)> listed;
        std::function<void(const RunResult &)> finished;
        std::function<void(const RunError &)> failed;
    };

    DockerRun(Plan plan, std::shared_ptr<DockerConnector> connector, std::shared_ptr<DockerReaper> reaper,
              DockerPool::Pending container, std::shared_ptr<DockerRunShared> shared, Callbacks callbacks);

    void run();

private:
    /// `error`, or BackendUnavailable when the daemon no longer answers.
    RunError blame(const DockerClient &client, RunError error) const;
    DockerLauncher launcherFor(const QString &stdinSource) const;
    QByteArray order() const;
    Expected<void> writeLauncher(const DockerPreparedContainer &container) const;
    Expected<void> sendFiles(const DockerClient &client, const DockerPreparedContainer &container) const;
    Expected<RunResult> execute(const DockerClient &client, DockerPreparedContainer &container);
    /// Fills the workspace the container's /work is copied from and, for a container on this
    /// machine, writes its launcher.
    Expected<void> prepareWorkspace(DockerPreparedContainer &container);
    bool cancelledBeforeStart() const;
    void startWallClock();
    /// Sets the program off: starts the container and sends it its files, or writes the go.
    Expected<void> setOff(const DockerClient &client, DockerPreparedContainer &container);
    void announceStart(const DockerPreparedContainer &container);
    /// For a program's run, lists its files in /work as it writes them, until `lister` is reset.
    void listOutput(const DockerClient &client, const DockerPreparedContainer &container,
                    std::optional<DockerOutputLister> &lister) const;
    enum class End { ByItself, Exited, ToStop };
    /// Waits for the end marker, the exit, a Stop or the time limit; says which, with the
    /// clock's figures, and our reason to stop the program, in `ending`.
    End waitForEnd(DockerRunEnd &ending, const QElapsedTimer &clock, const DockerExitWait &exitWait);
    /// Freezes the program, copies out what it leaves, and kills its container.
    void stopProgram(const DockerClient &client, DockerPreparedContainer &container);
    /// Closes the container once the program has ended or been stopped; `stopStreams` ends the
    /// run's stream threads, at the point where the container no longer needs them.
    Expected<RunResult> conclude(const DockerClient &client, DockerPreparedContainer &container, DockerRunEnd &ending,
                                 bool endedByItself, const std::function<void()> &stopStreams);
    Expected<void> keepBuild(const DockerPreparedContainer &container) const;
    /// Copies out of the container's tmpfs what outlives it: output/, a kept workspace (into
    /// keptCopy()), and, `withBuild`, what a compiler built (the only failure returned).
    /// `workUnchanged`: init said the program changed nothing in /work (DockerRunEnd::workUnchanged).
    Expected<void> bringBack(const DockerClient &client, const DockerPreparedContainer &container, bool withBuild,
                             bool workUnchanged = false);
    static QString keptCopy(const DockerPreparedContainer &container);
    RunResult makeResult(const DockerRunEnd &ending) const;

    Plan m_plan;
    std::shared_ptr<DockerConnector> m_connector;
    std::shared_ptr<DockerReaper> m_reaper;
    DockerPool::Pending m_container;
    QByteArray m_token; // the run's secret, sent down the go pipe; see DockerEndMarker
    std::shared_ptr<DockerRunShared> m_shared;
    Callbacks m_callbacks;
    Expected<void> m_keptBack;    // how bringing a kept workspace back went
    WorkspaceBaseline m_baseline; // what Sandpit put in /work, so not the program's files

    DockerRunOutput m_output; // the attach stream's, until it is joined
};

} // namespace Sandpit::Core
