#include "docker/dockerrun.h"

#include "docker/dockerattachstream.h"
#include "docker/dockerenvimage.h"
#include "docker/dockerexitwait.h"
#include "docker/dockerisolation.h"
#include "docker/dockerlauncher.h"
#include "docker/dockeroutputlister.h"
#include "docker/dockerrunclose.h"
#include "docker/dockerrunend.h"
#include "docker/dockerstatswatch.h"
#include "docker/dockerstdinattach.h"
#include "docker/dockertransfer.h"
#include "engine/backendid.h"
#include "files/artifactcollector.h"
#include "files/keptworkspace.h"
#include "languages/language.h"
#include "model/killdetail.h"

#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>

#include <csignal>
#include <sys/stat.h>
#include <unistd.h>

namespace Sandpit::Core {

namespace {
constexpr auto kStreamDrainTimeout = std::chrono::seconds(2);
constexpr qint64 kInitDeadlineSlackSeconds = 10;
// Asked only after a run failed: a daemon that is up answers a ping in milliseconds, even
// busy; one that takes longer is as good as gone for a batch that could use another engine.
constexpr int kPingTimeoutMs = 5000;

QByteArray newToken()
{
    quint64 words[2];
    QRandomGenerator::system()->generate(std::begin(words), std::end(words));
    return QByteArray(reinterpret_cast<const char *>(words), sizeof words).toHex();
}

/// Lets the container's learner uid read and copy the host workspace; its folder stays private.
void shareReadOnly(const QString &workDir)
{
    QDirIterator it(workDir, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::NoSymLinks,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QFileInfo entry(it.nextFileInfo());
        QFile::setPermissions(entry.filePath(),
                              entry.isDir() ? QFileDevice::Permissions(0x7555) | entry.permissions()
                                            : entry.permissions() | QFileDevice::Permissions(0x4444));
    }
    QFile::setPermissions(workDir, QFileDevice::Permissions(0x7755));
}
} // namespace

DockerRun::DockerRun(Plan plan, std::shared_ptr<DockerConnector> connector, std::shared_ptr<DockerReaper> reaper,
                     DockerPool::Pending container, std::shared_ptr<DockerRunShared> shared, Callbacks callbacks)
    : m_plan(std::move(plan))
    , m_connector(std::move(connector))
    , m_reaper(std::move(reaper))
    , m_container(std::move(container))
    , m_token(newToken())
    , m_shared(std::move(shared))
    , m_callbacks(std::move(callbacks))
    , m_output(m_token, m_plan.request, m_shared, m_callbacks.output)
{
}

void DockerRun::run()
{
    auto prepared = m_container.get();
    auto client = m_connector->client();
    if (!client || !prepared) {
        const RunError error = !client ? client.error() : blame(*client, prepared.error());
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
    if (built && m_plan.stage != RunStage::Run && !m_plan.keepBuildIn.isEmpty()) {
        if (auto kept = keepBuild(*prepared); !kept)
            result = std::unexpected(kept.error());
    }
    if (!result) {
        m_shared->post([cb = m_callbacks.failed, error = blame(*client, result.error())] { cb(error); });
    } else {
        if (m_plan.stage == RunStage::Run)
            ArtifactCollector::collect(prepared->workspace.workDir(), m_baseline, m_plan.request.keepArtifacts)
                .applyTo(*result);
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

RunError DockerRun::blame(const DockerClient &client, RunError error) const
{
    // A daemon that stops mid-run fails whichever call was in flight, in that call's own way
    // (a container that cannot be inspected, a copy cut short): only asking it again tells
    // this run's trouble from an engine that is gone, whose runs belong on another engine.
    if (isEngineFailure(error) || client.answers(kPingTimeoutMs))
        return error;
    qCInfo(lcDocker) << "the daemon at" << client.endpoint().description << "stopped answering:" << error.message;
    return {RunError::Code::BackendUnavailable,
            QStringLiteral("The Docker engine at %1 stopped answering: %2")
                .arg(client.endpoint().description, error.message)};
}

QString DockerRun::keptCopy(const DockerPreparedContainer &container)
{
    return container.workspace.root() + QStringLiteral("/kept");
}

Expected<void> DockerRun::bringBack(const DockerClient &client, const DockerPreparedContainer &container,
                                    bool withBuild, bool workUnchanged)
{
    // The container's /work is its own tmpfs, gone with it: what is kept of it comes back now.
    if (m_plan.stage != RunStage::Run) {
        if (withBuild && !m_plan.keepBuildIn.isEmpty())
            return DockerTransfer::fetch(client, container, m_plan.buildDir);
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
    const QString build = container.workspace.workDir() + QLatin1Char('/') + m_plan.buildDir;
    const QString kept = m_plan.keepBuildIn + QLatin1Char('/') + m_plan.buildDir;
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
            return makeError(
                RunError::Code::SetupFailed,
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
    return m_token + ' ' + QByteArray::number(deadline) + (m_plan.request.keepStdinOpen ? " 1" : " 0") + '\n';
}

Expected<void> DockerRun::sendFiles(const DockerClient &client, const DockerPreparedContainer &container) const
{
    // Interactive: the container's own stdin, fed over an attach (input given up front goes
    // first, through the same way). Otherwise the input, if any, is a file.
    const RunRequest &request = m_plan.request;
    const bool inputAsFile = !request.keepStdinOpen && !request.stdinData.isEmpty();
    const QString stdinSource = request.keepStdinOpen ? QStringLiteral("/dev/stdin")
        : inputAsFile ? QLatin1String(DockerTransfer::kControlDir) + QStringLiteral("/stdin")
                      : QStringLiteral("/dev/null");
    const DockerLauncher launcher = launcherFor(stdinSource);
    return DockerTransfer::send(client, container,
                                {launcher.script(), launcher.evidenceScript(), order(),
                                 inputAsFile ? request.stdinData : QByteArray(), m_plan.key.syscallFilter});
}

Expected<RunResult> DockerRun::execute(const DockerClient &client, DockerPreparedContainer &container)
{
    if (auto prepared = prepareWorkspace(container); !prepared)
        return std::unexpected(prepared.error());
    const QString base = QStringLiteral("/containers/") + container.id;
    // Attach first: the stream carries only what is written after it is connected.
    DockerAttachStream attach(client, base, m_shared, [this](QByteArrayView bytes) { return m_output.feed(bytes); });
    if (auto connected = attach.waitConnected(); !connected)
        return std::unexpected(connected.error());
    DockerRunEnd ending;
    if (cancelledBeforeStart()) {
        ending.ourKill = KillReason::Cancelled;
        return makeResult(ending);
    }
    std::optional<DockerStdinAttach> input;
    if (m_plan.key.remote && m_plan.request.keepStdinOpen)
        input.emplace(client, base, m_shared);

    QElapsedTimer clock;
    clock.start();
    startWallClock();
    if (auto wentOff = setOff(client, container); !wentOff)
        return std::unexpected(wentOff.error());
    announceStart(container);
    std::optional<DockerOutputLister> lister;
    listOutput(client, container, lister);
    DockerExitWait exitWait(client, base, m_shared);
    DockerStatsWatch stats(client, base, m_shared, m_plan.key, ending);

    const End end = waitForEnd(ending, clock, exitWait);
    if (end == End::ToStop) {
        lister.reset();
        stopProgram(client, container);
        ending.wallMs = clock.elapsed();
    }
    if (end != End::ByItself)
        attach.waitEnded(kStreamDrainTimeout);
    lister.reset();
    return conclude(client, container, ending, end == End::ByItself, [&] {
        exitWait.abort();
        attach.abort();
        stats.abort();
        if (input)
            input->abort(); // joined on the way out, as the run returns
        exitWait.join();
        attach.join();
        stats.join();
    });
}

Expected<void> DockerRun::prepareWorkspace(DockerPreparedContainer &container)
{
    if (!m_plan.key.environment.isEmpty() && !container.environmentInImage)
        DockerEnvImage::sendInstead(m_plan.request, m_plan.command, m_plan.key.environment);
    // Filled here, then copied whole into the container's /work (by its launcher, or sent
    // through the archive API), where every file is the learner's to change.
    if (auto populated = container.workspace.populate(m_plan.request); !populated)
        return std::unexpected(populated.error());
    if (m_plan.stage == RunStage::Run)
        m_baseline = WorkspaceBaseline::of(container.workspace.workDir());
    if (m_plan.stage != RunStage::Run) {
        const QString build = container.workspace.workDir() + QLatin1Char('/') + m_plan.buildDir;
        if (!QDir().mkpath(build)) {
            return makeError(RunError::Code::SetupFailed,
                             QStringLiteral("Could not make the build folder %1.").arg(build));
        }
    }
    if (!m_plan.key.remote) {
        // Copied in by the launcher as the learner's uid, which is not the host user.
        shareReadOnly(container.workspace.workDir());
        if (auto written = writeLauncher(container); !written)
            return std::unexpected(written.error());
    }
    return {};
}

bool DockerRun::cancelledBeforeStart() const
{
    const std::lock_guard lock(m_shared->mutex);
    return m_shared->stopReason == KillReason::Cancelled;
}

void DockerRun::startWallClock()
{
    const std::lock_guard lock(m_shared->mutex);
    m_shared->wallClock.start(m_plan.request.limits.wallTimeMs);
}

Expected<void> DockerRun::setOff(const DockerClient &client, DockerPreparedContainer &container)
{
    if (m_plan.key.remote) {
        // Created, not started. Started, it waits for its files, which land in its /work
        // volume (a tmpfs, so only while it runs); the token comes last.
        auto started = client.call("POST", QStringLiteral("/containers/") + container.id + QStringLiteral("/start"));
        if (!started || !started->ok()) {
            return std::unexpected(!started ? started.error()
                                            : DockerClient::errorFor(*started, QStringLiteral("start the container")));
        }
        return sendFiles(client, container);
    }
    // The container is running already, blocked on the go pipe: the token sets it off.
    const QByteArray go = order();
    if (::write(container.go.get(), go.constData(), size_t(go.size())) != go.size()) {
        const QString reason = qt_error_string(errno);
        return makeError(RunError::Code::SetupFailed,
                         QStringLiteral("Could not start the program in its container: %1.").arg(reason));
    }
    return {};
}

void DockerRun::announceStart(const DockerPreparedContainer &container)
{
    const QString fifo = m_plan.request.keepStdinOpen && !m_plan.key.remote
        ? container.controlDir + QStringLiteral("/stdin")
        : QString();
    m_shared->post([cb = m_callbacks.started, fifo] { cb(fifo); });
}

void DockerRun::listOutput(const DockerClient &client, const DockerPreparedContainer &container,
                           std::optional<DockerOutputLister> &lister) const
{
    if (m_plan.stage != RunStage::Run)
        return;
    lister.emplace(client, container.id, m_baseline,
                   [shared = m_shared, cb = m_callbacks.listed](const ArtifactListing &listing) {
                       shared->post([cb, listing] { cb(listing); });
                   });
}

DockerRun::End DockerRun::waitForEnd(DockerRunEnd &ending, const QElapsedTimer &clock, const DockerExitWait &exitWait)
{
    std::unique_lock lock(m_shared->mutex);
    const auto decided
        = [&] { return exitWait.exited() || m_shared->programEnded || m_shared->stopReason != KillReason::None; };
    if (!m_shared->wallClock.wait(lock, m_shared->changed, decided))
        m_shared->stopReason = KillReason::Timeout;
    ending.wallMs = clock.elapsed();
    ending.inputWaitMs = m_shared->wallClock.inputWaitMs();
    if (m_shared->programEnded && m_shared->stopReason == KillReason::None)
        return End::ByItself;
    if (exitWait.exited())
        return End::Exited;
    ending.ourKill = m_shared->stopReason;
    return End::ToStop;
}

void DockerRun::stopProgram(const DockerClient &client, DockerPreparedContainer &container)
{
    DockerRunClose(client, container).stop([&] {
        if (auto back = bringBack(client, container, false); !back)
            qCWarning(lcDocker) << "could not copy the stopped program's files back:" << back.error().message;
    });
}

Expected<RunResult> DockerRun::conclude(const DockerClient &client, DockerPreparedContainer &container,
                                        DockerRunEnd &ending, bool endedByItself,
                                        const std::function<void()> &stopStreams)
{
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
        said.readMarker(m_output.markerFields());
        closed = close.afterProgramEnded([&] { back = bringBack(client, container, true, said.workUnchanged); });
    }
    stopStreams();

    if (endedByItself) {
        if (!closed)
            return std::unexpected(closed.error());
        ending.readMarker(m_output.markerFields());
        if (auto read = close.readExit(ending); !read)
            return std::unexpected(read.error());
        if (const QByteArray said = m_output.markerFields().value("status");
            said != QByteArray::number(ending.exitCode)) {
            qCWarning(lcDocker) << "the end marker said status" << said << "and Docker" << ending.exitCode
                                << "- Docker's is taken";
        }
        RunResult result = makeResult(ending);
        const bool built = result.killReason == KillReason::None && result.exitCode == 0;
        if (built && !back)
            return std::unexpected(back.error());
        return result;
    }
    // No marker: what was held back as a possible start of one is the program's.
    m_output.releaseHeld();
    if (auto read = close.readExit(ending); !read)
        return std::unexpected(read.error());
    return makeResult(ending);
}

RunResult DockerRun::makeResult(const DockerRunEnd &ending) const
{
    const Limits &limits = m_plan.request.limits;
    RunResult result;
    result.backend = kDockerBackendId;
    result.language = m_plan.request.language;
    result.stage = m_plan.stage;
    m_output.applyTo(result);
    result.wallMs = ending.wallMs;
    result.inputWaitMs = ending.inputWaitMs;
    result.cpuMs = ending.cpuMs;
    result.peakMemoryBytes = ending.peakMemory;
    result.isolation
        = DockerIsolation::report(DockerContainer::createBody(m_plan.key, QLatin1String(DockerContainer::kControlDir)),
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
        result.killReason = sig == SIGXFSZ                         ? KillReason::FileSize
            : sig == SIGXCPU                                       ? KillReason::CpuTime
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
