#pragma once

#include "dockerlauncher.h"

#include "artifactlisting.h"
#include "dockerconnector.h"
#include "dockercontainer.h"
#include "dockerendmarker.h"
#include "dockerinputwaitlines.h"
#include "dockerpool.h"
#include "dockerreaper.h"
#include "dockerrunend.h"
#include "dockerstream.h"
#include "dockerwallclock.h"
#include "runrequest.h"
#include "runresult.h"
#include "workspacebaseline.h"

#include <QObject>

#include <condition_variable>
#include <functional>
#include <mutex>

namespace Sandpit::Core {

/// What one run's threads share with the job that owns them. Everything below `mutex` is
/// guarded by it.
struct DockerRunShared {
    std::mutex mutex;
    std::condition_variable changed;
    QObject *receiver = nullptr; ///< the job; cleared when it is destroyed, so nothing is posted to it after
    KillReason stopReason = KillReason::None; ///< set by whoever first decides to stop the run
    bool programEnded = false; ///< init's end marker arrived on both streams
    DockerWallClock wallClock; ///< started when the program is set off
    /// Typed input on its way to a container reached through the archive API, which has no
    /// pipe of ours in it: it goes over an attach with stdin=1 (see DockerClient::takeInput).
    QByteArray input;
    bool inputEnded = false;

    /// The first reason wins; wakes the run thread, which does the kill.
    void requestStop(KillReason reason);
    /// Queues `call` to the job's thread, unless the job is gone. Posted events die with
    /// their receiver, so `call` may use the job.
    void post(std::function<void()> call);
};

/// One run's whole container lifecycle, blocking, on a thread of its own: take the waiting
/// container, fill its workspace, attach, send it the go, wait for init's end marker
/// (or the exit, or kill it), and hand the container to the reaper. It reports to the job
/// through the callbacks, each posted to the job's thread but the output, which the job
/// batches (OutputBatcher).
class DockerRun final
{
public:
    struct Plan {
        RunRequest request;
        DockerContainerKey key;
        QStringList command;     ///< as resolved inside the image, e.g. python3 -u main.py
        QStringList environment; ///< NAME=VALUE from the language
        RunStage stage = RunStage::Run;
        /// For a compile: the host folder where the build folder goes when the compiler has
        /// succeeded, before the container and its workspace are removed.
        QString keepBuildIn;
    };
    struct Callbacks {
        /// fifo empty unless input stays open and the daemon shares our file system
        std::function<void(const QString &stdinFifo)> started;
        /// The program's output as it arrives, on the run's attach thread, not posted.
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
    DockerLauncher launcherFor(const QString &stdinSource) const;
    QByteArray order() const;
    Expected<void> writeLauncher(const DockerPreparedContainer &container) const;
    Expected<void> sendFiles(const DockerClient &client, const DockerPreparedContainer &container) const;
    Expected<RunResult> execute(const DockerClient &client, DockerPreparedContainer &container);
    Expected<void> keepBuild(const DockerPreparedContainer &container) const;
    /// Copies out of the container's tmpfs what outlives it: output/, a kept workspace (into
    /// keptCopy()), and, `withBuild`, what a compiler built (the only failure returned).
    /// `workUnchanged`: init said the program changed nothing in /work (DockerRunEnd::workUnchanged).
    Expected<void> bringBack(const DockerClient &client, const DockerPreparedContainer &container, bool withBuild,
                             bool workUnchanged = false);
    static QString keptCopy(const DockerPreparedContainer &container);
    bool onOutput(QByteArrayView bytes);
    /// Takes init's input-wait lines out of its stderr (only for typed input) to the clock.
    QByteArray takeInputWaits(const QByteArray &stderrData);
    bool deliver(OutputStream stream, QByteArray data);
    RunResult makeResult(const DockerRunEnd &ending) const;

    Plan m_plan;
    std::shared_ptr<DockerConnector> m_connector;
    std::shared_ptr<DockerReaper> m_reaper;
    DockerPool::Pending m_container;
    QByteArray m_token; // the run's secret, sent down the go pipe; see DockerEndMarker
    std::shared_ptr<DockerRunShared> m_shared;
    Callbacks m_callbacks;
    Expected<void> m_keptBack; // how bringing a kept workspace back went
    WorkspaceBaseline m_baseline; // what Sandpit put in /work, so not the program's files

    // Touched only by the attach thread until it is joined.
    DockerStreamDemuxer m_demuxer;
    DockerEndMarker m_stdoutEnd;
    DockerEndMarker m_stderrEnd;
    std::optional<DockerInputWaitLines> m_inputWaits; // only when the input is typed
    QByteArray m_stdout;
    QByteArray m_stderr;
    qint64 m_outputTotal = 0;
    bool m_stdoutTruncated = false;
    bool m_stderrTruncated = false;
};

} // namespace Sandpit::Core
