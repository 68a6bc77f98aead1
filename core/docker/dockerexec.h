#pragma once

#include "docker/dockerconnector.h"
#include "docker/dockerreplcontainer.h"
#include "docker/dockersandboxlog.h"
#include "model/runrequest.h"

#include <QByteArray>
#include <QObject>
#include <QUuid>

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>

namespace Sandpit::Core {

/// One command in a Docker named sandbox, through the exec API, on a thread of its own (every
/// step blocks on the daemon): the sources into /work through the archive API, POST
/// /containers/{id}/exec under sandpit-seccomp, POST /exec/{id}/start hijacked for stdin,
/// stdout and stderr (raw on a terminal; a piped stdin's end half-closes it), GET /exec/{id}/json for how it ended. The sandbox
/// outlives it: a stop kills the command's process, never the container.
class DockerExec final
{
public:
    /// What the job and the exec's thread share; guarded by `mutex`.
    struct Shared {
        std::mutex mutex;
        KillReason stopReason = KillReason::None; ///< the first reason wins
        /// What was written, as it was written: one growing buffer would be copied as it grows
        /// and keep what curl has sent until all of it is, up to twice a large piped input.
        std::deque<QByteArray> input;
        qint64 inputBytes = 0; ///< what `input` holds: the backlog the job reports
        bool inputEnded = false;
        std::optional<TerminalSize> resize; ///< a size not yet passed on
        QObject *receiver = nullptr;        ///< the job; cleared as it goes, so nothing is posted to it after

        /// Queues `call` to the job's thread, unless the job is gone.
        void post(std::function<void()> call)
        {
            const std::lock_guard lock(mutex);
            if (receiver)
                QMetaObject::invokeMethod(receiver, std::move(call), Qt::QueuedConnection);
        }
    };
    struct Callbacks {
        std::function<void()> started;
        std::function<void(OutputStream, QByteArray)> output; ///< on the exec's thread
        std::function<void(RunResult)> finished;
        std::function<void(RunError)> failed;
        /// On the exec's thread: curl took input, and this much is still queued.
        std::function<void(qint64)> inputBacklog;
    };

    /// With `ownContainer`, the command runs in a container of its own made from that key
    /// (DockerReplContainer: the REPL) and removed at its end, not in RunRequest::sandbox.
    DockerExec(RunRequest request, QStringList command, std::shared_ptr<DockerConnector> connector,
               std::shared_ptr<Shared> shared, Callbacks callbacks,
               std::optional<DockerReplContainer::Spec> ownContainer = std::nullopt);

    /// The whole command, start to end; calls `finished` or `failed` once.
    void run();

private:
    struct Target {
        QString containerId;
        QString execId;
        std::optional<DockerSandboxLog> log;
        int uid = 0;
        int gid = 0;
        qint64 memoryLimit = 0; ///< the whole sandbox's, for the kill's sentence
        IsolationReport isolation;
        /// The sandbox's allow-list; its proxy's folder and where this command's attempts
        /// begin in its log (sandboxes/sandboxproxy.h).
        QList<AllowedDestination> network = {};
        QString proxyFolder = {};
        qint64 attemptsFrom = 0;
    };
    /// The command from its container's start to its result; `ownContainerId` empty: in
    /// the named sandbox.
    Expected<RunResult> runIn(const DockerClient &client, const QString &ownContainerId);
    Expected<Target> findTarget(const DockerClient &client, const QString &ownContainerId) const;
    Expected<void> copySources(const DockerClient &client, const Target &target) const;
    Expected<QString> createExec(const DockerClient &client, const Target &target) const;
    Expected<void> stream(const DockerClient &client, Target &target);
    /// A piece of the command's output: to the log, the callbacks and the result, within the
    /// output limit.
    void deliver(const Target &target, OutputStream stream, QByteArray data);
    /// Between reads of the stream: a stop to carry out, a size to pass on, the command's end.
    void poll(const DockerClient &client, const Target &target);
    /// What was written to the command's input since the last call; `ended` at a piped
    /// input's end (a terminal's end is VEOF, in the input).
    QByteArray takeInput(bool &ended);
    /// takeInput() under the lock; `backlog`: what stays queued after it.
    QByteArray takeQueuedInput(bool &ended, qint64 &backlog);
    /// False when it could not be sent yet (the process is not known), to be tried again.
    bool killCommand(const DockerClient &client, const Target &target) const;
    Expected<RunResult> result(const DockerClient &client, const Target &target, qint64 oomBefore) const;

    RunRequest m_request;
    QStringList m_command;
    std::shared_ptr<DockerConnector> m_connector;
    std::shared_ptr<Shared> m_shared;
    Callbacks m_callbacks;
    std::optional<DockerReplContainer::Spec> m_ownContainer;
    qint64 m_startedMs = 0;
    qint64 m_outputBytes = 0;
    qint64 m_lastStateMs = 0;
    bool m_killSent = false;
    bool m_endOfFileSent = false;
    qint64 m_endSeenMs = 0;      ///< when the exec's state first said it ended
    bool m_commandEnded = false; ///< ... and its last output has had time to come: the stream may go
    KillReason m_killReason = KillReason::None;
    /// The value of kMarkerVariable in this command's processes (see killCommand).
    QString m_marker = QUuid::createUuid().toString(QUuid::Id128);
    RunResult m_ended; ///< what the output gave the result: what was kept, what was cut
};

} // namespace Sandpit::Core
