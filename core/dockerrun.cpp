#include "dockerrun.h"

#include "artifactcollector.h"
#include "dockerisolation.h"
#include "dockerlauncher.h"
#include "dockeroutputlister.h"
#include "dockerrunclose.h"
#include "dockerrunend.h"
#include "dockertransfer.h"
#include "keptworkspace.h"
#include "killdetail.h"
#include "language.h"

#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QRandomGenerator>

#include <csignal>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace Sandpit::Core {

namespace {
constexpr auto kAttachTimeout = std::chrono::seconds(10);
constexpr auto kStreamDrainTimeout = std::chrono::seconds(2);
constexpr qint64 kInitDeadlineSlackSeconds = 10;

QByteArray newToken()
{
    quint64 words[2];
    QRandomGenerator::system()->generate(std::begin(words), std::end(words));
    return QByteArray(reinterpret_cast<const char *>(words), sizeof words).toHex();
}

/// Stops a stream's thread and joins it however the scope is left.
struct Stopper {
    std::atomic_bool &abort;
    std::thread &thread;
    ~Stopper()
    {
        abort = true;
        if (thread.joinable())
            thread.join();
    }
};

/// Lets the container's learner uid read and copy the host workspace; its folder stays private.
void shareReadOnly(const QString &workDir)
{
    QDirIterator it(workDir, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::NoSymLinks,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QFileInfo entry(it.nextFileInfo());
        QFile::setPermissions(entry.filePath(), entry.isDir() ? QFileDevice::Permissions(0x7555) | entry.permissions()
                                                               : entry.permissions() | QFileDevice::Permissions(0x4444));
    }
    QFile::setPermissions(workDir, QFileDevice::Permissions(0x7755));
}

/// Joins a thread however the scope is left.
struct Joiner {
    std::thread &thread;
    ~Joiner()
    {
        if (thread.joinable())
            thread.join();
    }
};
} // namespace

void DockerRunShared::requestStop(KillReason reason)
{
    {
        const std::lock_guard lock(mutex);
        if (stopReason == KillReason::None)
            stopReason = reason;
    }
    changed.notify_all();
}

void DockerRunShared::post(std::function<void()> call)
{
    const std::lock_guard lock(mutex);
    if (receiver)
        QMetaObject::invokeMethod(receiver, std::move(call), Qt::QueuedConnection);
}

DockerRun::DockerRun(Plan plan, std::shared_ptr<DockerConnector> connector, std::shared_ptr<DockerReaper> reaper,
                     DockerPool::Pending container, std::shared_ptr<DockerRunShared> shared, Callbacks callbacks)
    : m_plan(std::move(plan))
    , m_connector(std::move(connector))
    , m_reaper(std::move(reaper))
    , m_container(std::move(container))
    , m_token(newToken())
    , m_shared(std::move(shared))
    , m_callbacks(std::move(callbacks))
    , m_stdoutEnd(m_token)
    , m_stderrEnd(m_token)
{
    if (m_plan.request.keepStdinOpen)
        m_inputWaits.emplace(m_token);
}

void DockerRun::run()
{
    auto prepared = m_container.get();
    auto client = m_connector->client();
    if (!client || !prepared) {
        const RunError error = !client ? client.error() : prepared.error();
        m_shared->post([cb = m_callbacks.failed, error] { cb(error); });
        if (prepared)
            m_reaper->dispose(std::move(*prepared));
        return;
    }
    // The container was made for the daemon (DockerContainerKey::forDaemon): the report says
    // the uid it runs as.
    m_plan.key.learnerUid = prepared->learnerUid;
    auto result = execute(*client, *prepared);
    const bool built = result && result->killReason == KillReason::None && result->exitCode == 0;
    if (built && m_plan.stage == RunStage::Compile && !m_plan.keepBuildIn.isEmpty()) {
        if (auto kept = keepBuild(*prepared); !kept)
            result = std::unexpected(kept.error());
    }
    if (!result) {
        m_shared->post([cb = m_callbacks.failed, error = result.error()] { cb(error); });
    } else {
        if (m_plan.stage == RunStage::Run)
            ArtifactCollector::collect(prepared->workspace.workDir(), m_baseline, m_plan.request.keepArtifacts).applyTo(*result);
        if (!m_plan.request.keptWorkspace.isEmpty()) {
            const QString from = keptCopy(*prepared) + QStringLiteral("/work");
            const auto kept = m_keptBack ? KeptWorkspace::copyBack(from, m_plan.request.keptWorkspace,
                                                                   {QLatin1String(DockerTransfer::kControlName)})
                                         : m_keptBack;
            if (!kept)
                result->notice = kept.error().message;
        }
        m_shared->post([cb = m_callbacks.finished, r = std::move(*result)] { cb(r); });
    }
    m_reaper->dispose(std::move(*prepared));
}

QString DockerRun::keptCopy(const DockerPreparedContainer &container)
{
    return container.workspace.root() + QStringLiteral("/kept");
}

Expected<void> DockerRun::bringBack(const DockerClient &client, const DockerPreparedContainer &container, bool withBuild,
                                    bool workUnchanged)
{
    // The container's /work is its own tmpfs, gone with it: what is kept of it comes back now.
    if (m_plan.stage == RunStage::Compile) {
        if (withBuild && !m_plan.keepBuildIn.isEmpty())
            return DockerTransfer::fetch(client, container, QLatin1String(kBuildDir));
        return {};
    }
    // A GET of /work costs tens of milliseconds, most of a short run; init, which outlives
    // everything of the program, says when it would find nothing of the program's.
    if (workUnchanged)
        qCDebug(lcDocker) << "init saw nothing changed in /work: nothing to copy back";
    else if (auto fetched = DockerTransfer::fetchChanges(client, container, m_baseline); !fetched)
        qCWarning(lcDocker) << "could not copy the program's files back:" << fetched.error().message;
    if (!m_plan.request.keptWorkspace.isEmpty())
        m_keptBack = DockerTransfer::fetchWork(client, container, keptCopy(container));
    return {};
}

Expected<void> DockerRun::keepBuild(const DockerPreparedContainer &container) const
{
    // Moved, not copied: a rename takes the folder's entries as they are and follows no link.
    // The container made what is inside; should it have put a link where the folder was, it
    // is refused here, and links inside are skipped when the program's workspace is filled.
    const QString build = container.workspace.workDir() + QLatin1Char('/') + QLatin1String(kBuildDir);
    const QString kept = m_plan.keepBuildIn + QLatin1Char('/') + QLatin1String(kBuildDir);
    const QFileInfo info(build);
    if (info.isSymLink() || !info.isDir() || !QDir().rename(build, kept)) {
        return makeError(RunError::Code::SetupFailed,
                         QStringLiteral("Could not keep what the compiler built in %1.").arg(build));
    }
    return {};
}

Expected<void> DockerRun::writeLauncher(const DockerPreparedContainer &container) const
{
    const RunRequest &request = m_plan.request;
    const QString stdinPath = container.controlDir + QStringLiteral("/stdin");
    QString stdinSource = QStringLiteral("/dev/null");
    if (request.keepStdinOpen) {
        // Interactive input goes through a named pipe in the read-only control folder: the
        // program opens it as its stdin (blocking until we open our end), and the job writes
        // to it as the user types. A plain host file descriptor cannot cross into the
        // container; this works because the daemon is local and shares our kernel.
        if (::mkfifo(QFile::encodeName(stdinPath).constData(), 0644) != 0) {
            return makeError(RunError::Code::SetupFailed,
                             QStringLiteral("Could not make the input pipe %1: %2.").arg(stdinPath, qt_error_string(errno)));
        }
        stdinSource = QLatin1String(DockerContainer::kControlDir) + QStringLiteral("/stdin");
    } else if (!request.stdinData.isEmpty()) {
        QFile file(stdinPath);
        if (!file.open(QIODevice::WriteOnly) || file.write(request.stdinData) != request.stdinData.size()) {
            return makeError(RunError::Code::SetupFailed,
                             QStringLiteral("Could not write the program's input to %1.").arg(stdinPath));
        }
        stdinSource = QLatin1String(DockerContainer::kControlDir) + QStringLiteral("/stdin");
    }

    const DockerLauncher launcher = launcherFor(stdinSource);
    for (const auto &[name, bytes] : {std::pair{QStringLiteral("/run.sh"), launcher.script()},
                                      std::pair{QStringLiteral("/end.sh"), launcher.evidenceScript()}}) {
        QFile file(container.controlDir + name);
        if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size()) {
            return makeError(RunError::Code::SetupFailed,
                             QStringLiteral("Could not write the launcher %1.").arg(file.fileName()));
        }
    }
    return {};
}

DockerLauncher DockerRun::launcherFor(const QString &stdinSource) const
{
    // No sandpit-seccomp before the command: init, the program's parent, runs under the filter
    // already, and every process of the container inherits it.
    const QString copyFrom = m_plan.key.remote ? QString() : QLatin1String(DockerContainer::kFilesDir);
    return DockerLauncher{m_plan.environment, m_plan.command, stdinSource, copyFrom, m_plan.key.fileSizeBytes};
}

QByteArray DockerRun::order() const
{
    // The token, and a deadline for init: should this Sandpit be killed and its container
    // outlive it, the run still ends near its time limit. Later than ours, which says why.
    // Then whether the input is typed: only then does a wait for it not count, for init as
    // for us; input from a file or an input set keeps the plain limit.
    const qint64 wallMs = m_plan.request.limits.wallTimeMs;
    const qint64 deadline = wallMs > 0 ? wallMs / 1000 + kInitDeadlineSlackSeconds : 0;
    return m_token + ' ' + QByteArray::number(deadline) + (m_inputWaits ? " 1" : " 0") + '\n';
}

Expected<void> DockerRun::sendFiles(const DockerClient &client, const DockerPreparedContainer &container) const
{
    // Interactive: the container's own stdin, fed over an attach (input given up front goes
    // first, through the same way). Otherwise the input, if any, is a file.
    const RunRequest &request = m_plan.request;
    const bool inputAsFile = !request.keepStdinOpen && !request.stdinData.isEmpty();
    const QString stdinSource = request.keepStdinOpen ? QStringLiteral("/dev/stdin")
                              : inputAsFile          ? QLatin1String(DockerTransfer::kControlDir) + QStringLiteral("/stdin")
                                                     : QStringLiteral("/dev/null");
    const DockerLauncher launcher = launcherFor(stdinSource);
    return DockerTransfer::send(client, container,
                                {launcher.script(), launcher.evidenceScript(), order(),
                                 inputAsFile ? request.stdinData : QByteArray(), m_plan.key.syscallFilter});
}

bool DockerRun::onOutput(QByteArrayView bytes)
{
    for (const auto &piece : m_demuxer.feed(bytes)) {
        if (piece.stream == DockerStreamDemuxer::Stream::Stdin)
            continue;
        const bool isStdout = piece.stream == DockerStreamDemuxer::Stream::Stdout;
        DockerEndMarker &end = isStdout ? m_stdoutEnd : m_stderrEnd;
        const QByteArray data = isStdout ? piece.data : takeInputWaits(piece.data);
        if (!deliver(isStdout ? OutputStream::Stdout : OutputStream::Stderr, end.feed(data))) {
            m_shared->requestStop(KillReason::OutputLimit);
            return false;
        }
        if (m_stdoutEnd.ended() && m_stderrEnd.ended()) {
            {
                const std::lock_guard lock(m_shared->mutex);
                m_shared->programEnded = true;
            }
            m_shared->changed.notify_all();
        }
    }
    return true;
}

QByteArray DockerRun::takeInputWaits(const QByteArray &stderrData)
{
    if (!m_inputWaits)
        return stderrData;
    QList<bool> waits;
    QByteArray program = m_inputWaits->feed(stderrData, waits);
    if (!waits.isEmpty()) {
        {
            const std::lock_guard lock(m_shared->mutex);
            for (const bool waiting : waits)
                waiting ? m_shared->wallClock.inputWaitBegan() : m_shared->wallClock.inputWaitEnded();
        }
        m_shared->changed.notify_all();
    }
    return program;
}

bool DockerRun::deliver(OutputStream stream, QByteArray data)
{
    const bool isStdout = stream == OutputStream::Stdout;
    const qint64 limit = m_plan.request.limits.outputBytes;
    bool withinLimit = true;
    if (limit > 0 && m_outputTotal + data.size() > limit) {
        data.truncate(limit - m_outputTotal);
        (isStdout ? m_stdoutTruncated : m_stderrTruncated) = true;
        withinLimit = false;
    }
    if (data.isEmpty())
        return withinLimit;
    m_outputTotal += data.size();
    if (m_plan.request.keepOutputInResult)
        (isStdout ? m_stdout : m_stderr).append(data);
    m_callbacks.output(stream, std::move(data));
    return withinLimit;
}

Expected<RunResult> DockerRun::execute(const DockerClient &client, DockerPreparedContainer &container)
{
    // Filled here, then copied whole into the container's /work (by its launcher, or sent
    // through the archive API), where every file is the learner's to change.
    if (auto populated = container.workspace.populate(m_plan.request); !populated)
        return std::unexpected(populated.error());
    if (m_plan.stage == RunStage::Run)
        m_baseline = WorkspaceBaseline::of(container.workspace.workDir());
    if (m_plan.stage == RunStage::Compile) {
        const QString build = container.workspace.workDir() + QLatin1Char('/') + QLatin1String(kBuildDir);
        if (!QDir().mkpath(build))
            return makeError(RunError::Code::SetupFailed, QStringLiteral("Could not make the build folder %1.").arg(build));
    }
    if (!m_plan.key.remote) {
        // Copied in by the launcher as the learner's uid, which is not the host user.
        shareReadOnly(container.workspace.workDir());
        if (auto written = writeLauncher(container); !written)
            return std::unexpected(written.error());
    }
    const QString base = QStringLiteral("/containers/") + container.id;
    DockerRunEnd ending;

    // Attach first: the stream carries only what is written after it is connected.
    std::atomic_bool abortAttach{false};
    bool attached = false;
    bool attachEnded = false;
    Expected<DockerResponse> attachResult = DockerResponse{};
    std::thread attachThread([&] {
        DockerClient::StreamHandlers handlers;
        handlers.onConnected = [&] {
            { const std::lock_guard lock(m_shared->mutex); attached = true; }
            m_shared->changed.notify_all();
        };
        handlers.onData = [&](QByteArrayView bytes) { return onOutput(bytes); };
        handlers.abort = &abortAttach;
        auto response = client.stream("POST", base + QStringLiteral("/attach?stream=1&stdout=1&stderr=1"), handlers);
        { const std::lock_guard lock(m_shared->mutex); attachResult = std::move(response); attachEnded = true; }
        m_shared->changed.notify_all();
    });
    Joiner attachJoiner{attachThread};
    {
        std::unique_lock lock(m_shared->mutex);
        m_shared->changed.wait_for(lock, kAttachTimeout, [&] { return attached || attachEnded; });
        if (!attached) {
            abortAttach = true;
            if (attachResult && attachResult->status == 404)
                return makeError(RunError::Code::Internal, QStringLiteral("The prepared container disappeared before the run."));
            return std::unexpected(!attachResult ? attachResult.error()
                                                 : DockerClient::errorFor(*attachResult, QStringLiteral("attach to the container")));
        }
        if (m_shared->stopReason == KillReason::Cancelled) { // Stop before the program ran
            lock.unlock();
            abortAttach = true;
            ending.ourKill = KillReason::Cancelled;
            return makeResult(ending);
        }
    }

    // Typed input for a container reached through the archive API: its own attach, so that
    // closing it (end of input) does not end the output's stream.
    std::atomic_bool abortInput{false};
    std::thread inputThread;
    if (m_plan.key.remote && m_plan.request.keepStdinOpen) {
        inputThread = std::thread([&] {
            DockerClient::StreamHandlers handlers;
            handlers.abort = &abortInput;
            handlers.takeInput = [shared = m_shared](bool &ended) {
                const std::lock_guard lock(shared->mutex);
                ended = shared->inputEnded;
                return std::exchange(shared->input, {});
            };
            client.stream("POST", base + QStringLiteral("/attach?stream=1&stdin=1"), handlers);
        });
    }
    Stopper inputStopper{abortInput, inputThread};

    QElapsedTimer clock;
    clock.start();
    {
        const std::lock_guard lock(m_shared->mutex);
        m_shared->wallClock.start(m_plan.request.limits.wallTimeMs);
    }
    if (m_plan.key.remote) {
        // Created, not started. Started, it waits for its files, which land in its /work
        // volume (a tmpfs, so only while it runs); the token comes last.
        auto started = client.call("POST", base + QStringLiteral("/start"));
        if (!started || !started->ok()) {
            abortAttach = true;
            return std::unexpected(!started ? started.error()
                                            : DockerClient::errorFor(*started, QStringLiteral("start the container")));
        }
        if (auto sent = sendFiles(client, container); !sent) {
            abortAttach = true;
            return std::unexpected(sent.error());
        }
    } else {
        // The container is running already, blocked on the go pipe: the token sets it off.
        const QByteArray go = order();
        if (::write(container.go.get(), go.constData(), size_t(go.size())) != go.size()) {
            abortAttach = true;
            return makeError(RunError::Code::SetupFailed,
                             QStringLiteral("Could not start the program in its container: %1.").arg(qt_error_string(errno)));
        }
    }
    const QString fifo = m_plan.request.keepStdinOpen && !m_plan.key.remote
        ? container.controlDir + QStringLiteral("/stdin")
        : QString();
    m_shared->post([cb = m_callbacks.started, fifo] { cb(fifo); });
    std::optional<DockerOutputLister> lister;
    if (m_plan.stage == RunStage::Run) {
        lister.emplace(client, container.id, m_baseline, [shared = m_shared, cb = m_callbacks.listed](const ArtifactListing &listing) {
            shared->post([cb, listing] { cb(listing); });
        });
    }

    // The exit is awaited on its own thread so that this one can keep the clock and act on Stop.
    bool exited = false;
    std::atomic_bool abortWait{false};
    std::thread waitThread([&] {
        DockerClient::StreamHandlers handlers;
        handlers.abort = &abortWait;
        client.stream("POST", base + QStringLiteral("/wait"), handlers);
        { const std::lock_guard lock(m_shared->mutex); exited = true; }
        m_shared->changed.notify_all();
    });
    Joiner waitJoiner{waitThread};

    // The stats stream gives a sample at once, then one a second. It is the evidence for a
    // run that never reaches init's end marker (we killed it), and the watch that
    // ends a fork bomb: at the pids limit the kernel refuses every fork, and the bomb would
    // otherwise spin until the time limit.
    const int pidsLimit = m_plan.key.pidsLimit();
    const int launcherPids = m_plan.key.launcherPids();
    std::atomic_bool abortStats{false};
    int samplesPastLimit = 0; // the stats thread's own
    std::thread statsThread([&] {
        DockerClient::StreamHandlers handlers;
        handlers.abort = &abortStats;
        QByteArray buffer;
        handlers.onData = [&](QByteArrayView bytes) {
            buffer.append(bytes);
            for (qsizetype nl; (nl = buffer.indexOf('\n')) >= 0; buffer.remove(0, nl + 1)) {
                const QJsonObject s = QJsonDocument::fromJson(buffer.left(nl)).object();
                ending.readStats(s, launcherPids);
                // At the container's pids.max the kernel refuses the next fork: the program is
                // past its limit. A program that gives up then ends by itself, with its own
                // error, within a second; one still there at the next sample (a second later)
                // is a bomb spinning on EAGAIN. The container's count, not the program's: a
                // program that killed the open-files watch has its pid too, and must still be
                // seen at the limit.
                const int pids = s.value(QLatin1String("pids_stats")).toObject().value(QLatin1String("current")).toInt();
                samplesPastLimit = pidsLimit > 0 && pids >= pidsLimit ? samplesPastLimit + 1 : 0;
                if (samplesPastLimit >= 2)
                    m_shared->requestStop(KillReason::ProcessLimit);
            }
            return true;
        };
        client.stream("GET", base + QStringLiteral("/stats?stream=1"), handlers);
    });
    Joiner statsJoiner{statsThread};

    bool endedByItself = false;
    {
        std::unique_lock lock(m_shared->mutex);
        const auto decided = [&] { return exited || m_shared->programEnded || m_shared->stopReason != KillReason::None; };
        if (!m_shared->wallClock.wait(lock, m_shared->changed, decided))
            m_shared->stopReason = KillReason::Timeout;
        ending.wallMs = clock.elapsed();
        ending.inputWaitMs = m_shared->wallClock.inputWaitMs();
        endedByItself = m_shared->programEnded && m_shared->stopReason == KillReason::None;
        if (!endedByItself && !exited) {
            ending.ourKill = m_shared->stopReason;
            lock.unlock();
            lister.reset();
            DockerRunClose(client, container).stop([&] {
                if (auto back = bringBack(client, container, false); !back)
                    qCWarning(lcDocker) << "could not copy the stopped program's files back:" << back.error().message;
            });
            lock.lock();
            ending.wallMs = clock.elapsed();
        }
        if (!endedByItself)
            m_shared->changed.wait_for(lock, kStreamDrainTimeout, [&] { return attachEnded; });
    }
    lister.reset();

    DockerRunClose close(client, container);
    // Init saw the program end, killed what it left behind and reported the kernel's
    // counters; it holds /work until what is kept of it is copied. A build is copied before
    // anyone knows it succeeded: the container's status is known only once it has ended.
    // Closed before the streams are stopped: they end with the container, where an abort is
    // seen only at a stream's next look at its flag (kAbortPollMs), tens of ms of a short run.
    // Both markers are in: the attach thread no longer changes their fields.
    Expected<void> closed;
    Expected<void> back;
    if (endedByItself) {
        DockerRunEnd said;
        said.readMarker(m_stdoutEnd.fields());
        closed = close.afterProgramEnded([&] { back = bringBack(client, container, true, said.workUnchanged); });
    }
    abortWait = true;
    abortAttach = true;
    abortStats = true;
    abortInput = true;
    waitThread.join();
    attachThread.join();
    statsThread.join();

    if (endedByItself) {
        if (!closed)
            return std::unexpected(closed.error());
        ending.readMarker(m_stdoutEnd.fields());
        if (auto read = close.readExit(ending); !read)
            return std::unexpected(read.error());
        if (const QByteArray said = m_stdoutEnd.fields().value("status"); said != QByteArray::number(ending.exitCode))
            qCWarning(lcDocker) << "the end marker said status" << said << "and Docker" << ending.exitCode << "- Docker's is taken";
        RunResult result = makeResult(ending);
        const bool built = result.killReason == KillReason::None && result.exitCode == 0;
        if (built && !back)
            return std::unexpected(back.error());
        return result;
    }
    // No marker: what was held back as a possible start of one is the program's.
    deliver(OutputStream::Stdout, m_stdoutEnd.takeHeld());
    deliver(OutputStream::Stderr, m_stderrEnd.takeHeld() + (m_inputWaits ? m_inputWaits->takeHeld() : QByteArray()));
    if (auto read = close.readExit(ending); !read)
        return std::unexpected(read.error());
    return makeResult(ending);
}

RunResult DockerRun::makeResult(const DockerRunEnd &ending) const
{
    const Limits &limits = m_plan.request.limits;
    RunResult result;
    result.backend = QStringLiteral("docker");
    result.language = m_plan.request.language;
    result.stage = m_plan.stage;
    result.stdoutData = m_stdout;
    result.stderrData = m_stderr;
    result.stdoutTruncated = m_stdoutTruncated;
    result.stderrTruncated = m_stderrTruncated;
    result.wallMs = ending.wallMs;
    result.inputWaitMs = ending.inputWaitMs;
    result.cpuMs = ending.cpuMs;
    result.peakMemoryBytes = ending.peakMemory;
    result.isolation = DockerIsolation::report(DockerContainer::createBody(m_plan.key, QLatin1String(DockerContainer::kControlDir)),
                                               m_plan.key, m_plan.request.limits, m_connector->daemonInfo());
    // Init reports a program killed by signal N as 128+N, as a shell would.
    const bool bySignal = ending.exitCode > 128 && ending.exitCode <= 128 + 64;
    if (ending.ourKill != KillReason::None) {
        result.killReason = ending.ourKill;
        result.signal = SIGKILL;
    } else if (ending.oomKilled) {
        // The kernel's OOM killer ended the program or one of its processes.
        result.killReason = KillReason::Memory;
        result.signal = SIGKILL;
    } else if (bySignal) {
        const int sig = ending.exitCode - 128;
        result.signal = sig;
        // SIGSYS: sandpit-seccomp's filter killed a forbidden call (it cannot say which).
        result.killReason = sig == SIGXFSZ ? KillReason::FileSize
                          : sig == SIGXCPU ? KillReason::CpuTime
                          : sig == SIGSYS && !m_plan.key.syscallFilter.isEmpty() ? KillReason::BlockedSyscall
                                                                                 : KillReason::Signal;
    } else {
        result.exitCode = ending.exitCode;
    }
    result.limitsReached = ending.limitsReached(limits, result.killReason);
    result.killDetail = describeEnd(result, limits);
    return result;
}

} // namespace Sandpit::Core
