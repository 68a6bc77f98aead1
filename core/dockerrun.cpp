#include "dockerrun.h"

#include "artifactcollector.h"
#include "killdetail.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>

#include <csignal>
#include <sys/stat.h>
#include <thread>

namespace Sandpit::Core {

namespace {
constexpr auto kAttachTimeout = std::chrono::seconds(10);
constexpr auto kKillTimeout = std::chrono::seconds(10);
constexpr auto kStreamDrainTimeout = std::chrono::seconds(2);

QString shellQuote(const QString &word)
{
    QString quoted = word;
    quoted.replace(QLatin1Char('\''), QLatin1String("'\\''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
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

struct DockerRun::Exit {
    int exitCode = 0;
    bool oomKilled = false;
    KillReason ourKill = KillReason::None; ///< we killed it, and why
    qint64 wallMs = 0;
    qint64 peakMemory = 0;
    qint64 cpuMs = 0;
    int peakPids = 0;
};

DockerRun::DockerRun(Plan plan, std::shared_ptr<DockerConnector> connector, DockerPool::Pending container,
                     std::shared_ptr<DockerRunShared> shared, Callbacks callbacks)
    : m_plan(std::move(plan))
    , m_connector(std::move(connector))
    , m_container(std::move(container))
    , m_shared(std::move(shared))
    , m_callbacks(std::move(callbacks))
{
}

void DockerRun::run()
{
    auto prepared = m_container.get();
    auto client = m_connector->client();
    if (!client || !prepared) {
        const RunError error = !client ? client.error() : prepared.error();
        m_shared->post([cb = m_callbacks.failed, error] { cb(error); });
        return;
    }
    auto result = execute(*client, *prepared);
    DockerContainer::remove(*client, prepared->id);
    if (!result) {
        m_shared->post([cb = m_callbacks.failed, error = result.error()] { cb(error); });
        return;
    }
    result->artifacts = ArtifactCollector::collect(prepared->workspace.outputDir()).artifacts;
    m_shared->post([cb = m_callbacks.finished, r = std::move(*result)] { cb(r); });
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

    // umask 0: the files the program makes belong to uid 1000 inside, which need not be the
    // host user, who must still be able to delete them with the workspace.
    QString script = QStringLiteral("umask 000\n");
    for (const QString &variable : m_plan.environment) {
        const qsizetype eq = variable.indexOf(QLatin1Char('='));
        script += QStringLiteral("export %1=%2\n").arg(variable.left(eq), shellQuote(variable.mid(eq + 1)));
    }
    script += QStringLiteral("exec");
    for (const QString &word : m_plan.command)
        script += QLatin1Char(' ') + shellQuote(word);
    script += QStringLiteral(" < %1\n").arg(stdinSource);
    QFile launcher(container.controlDir + QStringLiteral("/run.sh"));
    const QByteArray bytes = script.toUtf8();
    if (!launcher.open(QIODevice::WriteOnly) || launcher.write(bytes) != bytes.size()) {
        return makeError(RunError::Code::SetupFailed,
                         QStringLiteral("Could not write the launcher %1.").arg(launcher.fileName()));
    }
    return {};
}

bool DockerRun::onOutput(QByteArrayView bytes)
{
    bool keepReading = true;
    QList<DockerStreamDemuxer::Piece> pieces = m_demuxer.feed(bytes);
    const qint64 limit = m_plan.request.limits.outputBytes;
    for (auto &piece : pieces) {
        if (piece.stream == DockerStreamDemuxer::Stream::Stdin)
            continue;
        const bool isStdout = piece.stream == DockerStreamDemuxer::Stream::Stdout;
        if (limit > 0 && m_outputTotal + piece.data.size() > limit) {
            piece.data.truncate(limit - m_outputTotal);
            (isStdout ? m_stdoutTruncated : m_stderrTruncated) = true;
            keepReading = false;
        }
        m_outputTotal += piece.data.size();
        (isStdout ? m_stdout : m_stderr).append(piece.data);
        const OutputStream stream = isStdout ? OutputStream::Stdout : OutputStream::Stderr;
        bool postNow = false;
        {
            const std::lock_guard lock(m_shared->mutex);
            if (!m_shared->pending.isEmpty() && m_shared->pending.last().first == stream)
                m_shared->pending.last().second.append(piece.data);
            else
                m_shared->pending.append({stream, piece.data});
            postNow = !std::exchange(m_shared->flushPosted, true);
        }
        if (postNow)
            m_shared->post(m_callbacks.outputAvailable);
        if (!keepReading)
            break;
    }
    if (!keepReading)
        m_shared->requestStop(KillReason::OutputLimit);
    return keepReading;
}

Expected<RunResult> DockerRun::execute(const DockerClient &client, DockerPreparedContainer &container)
{
    if (auto populated = container.workspace.populate(m_plan.request); !populated)
        return std::unexpected(populated.error());
    if (auto launcher = writeLauncher(container); !launcher)
        return std::unexpected(launcher.error());
    const QString base = QStringLiteral("/containers/") + container.id;
    Exit ending;

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

    QElapsedTimer clock;
    clock.start();
    auto started = client.call("POST", base + QStringLiteral("/start"));
    if (!started || !started->ok()) {
        abortAttach = true;
        return std::unexpected(!started ? started.error()
                                        : DockerClient::errorFor(*started, QStringLiteral("start the program's container")));
    }
    const QString fifo = m_plan.request.keepStdinOpen ? container.controlDir + QStringLiteral("/stdin") : QString();
    m_shared->post([cb = m_callbacks.started, fifo] { cb(fifo); });

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

    // Docker keeps no peak memory, CPU time or process count after the exit, so they are
    // read from the stats stream while the program runs: a sample at once, then one a second
    // (one-shot polling was tried: the daemon makes every call after the first wait a second).
    // On cgroup v1, max_usage is the kernel's own high-water mark, so the last sample holds
    // the true peak so far; the process count has no such mark, and a spike between samples
    // is missed. The daemon ends the stream when the container stops.
    std::atomic_bool abortStats{false};
    std::thread statsThread([&] {
        DockerClient::StreamHandlers handlers;
        handlers.abort = &abortStats;
        QByteArray buffer;
        handlers.onData = [&](QByteArrayView bytes) {
            buffer.append(bytes);
            for (qsizetype nl; (nl = buffer.indexOf('\n')) >= 0; buffer.remove(0, nl + 1)) {
                const QJsonObject s = QJsonDocument::fromJson(buffer.left(nl)).object();
                const QJsonObject memory = s.value(QLatin1String("memory_stats")).toObject();
                ending.peakMemory = std::max({ending.peakMemory, qint64(memory.value(QLatin1String("max_usage")).toDouble()),
                                              qint64(memory.value(QLatin1String("usage")).toDouble())});
                const qint64 cpuNs = qint64(s.value(QLatin1String("cpu_stats")).toObject().value(QLatin1String("cpu_usage"))
                                                .toObject().value(QLatin1String("total_usage")).toDouble());
                ending.cpuMs = std::max(ending.cpuMs, cpuNs / 1'000'000);
                ending.peakPids = std::max(ending.peakPids, s.value(QLatin1String("pids_stats")).toObject()
                                                                .value(QLatin1String("current")).toInt());
            }
            return true;
        };
        client.stream("GET", base + QStringLiteral("/stats?stream=1"), handlers);
    });
    Joiner statsJoiner{statsThread};

    {
        std::unique_lock lock(m_shared->mutex);
        const auto decided = [&] { return exited || m_shared->stopReason != KillReason::None; };
        const qint64 wallLimit = m_plan.request.limits.wallTimeMs;
        if (wallLimit > 0) {
            if (!m_shared->changed.wait_for(lock, std::chrono::milliseconds(wallLimit), decided))
                m_shared->stopReason = KillReason::Timeout;
        } else {
            m_shared->changed.wait(lock, decided);
        }
        if (!exited) {
            ending.ourKill = m_shared->stopReason;
            lock.unlock();
            // SIGKILL to docker-init, PID 1 of the container: the kernel then kills every
            // process in its pid namespace, so nothing the program started survives.
            client.call("POST", base + QStringLiteral("/kill?signal=KILL"));
            lock.lock();
            if (!m_shared->changed.wait_for(lock, kKillTimeout, [&] { return exited; }))
                qCWarning(lcDocker) << "container" << container.id << "did not stop after SIGKILL";
        }
        ending.wallMs = clock.elapsed();
        m_shared->changed.wait_for(lock, kStreamDrainTimeout, [&] { return attachEnded; });
    }
    abortWait = true;
    abortAttach = true;
    abortStats = true;
    waitThread.join();
    attachThread.join();
    statsThread.join();

    auto inspected = client.call("GET", base + QStringLiteral("/json"));
    if (!inspected || !inspected->ok()) {
        return std::unexpected(!inspected ? inspected.error()
                                          : DockerClient::errorFor(*inspected, QStringLiteral("report how the program ended")));
    }
    const QJsonObject state = inspected->object().value(QLatin1String("State")).toObject();
    ending.exitCode = state.value(QLatin1String("ExitCode")).toInt();
    ending.oomKilled = state.value(QLatin1String("OOMKilled")).toBool();
    return makeResult(ending);
}

RunResult DockerRun::makeResult(const Exit &ending) const
{
    const Limits &limits = m_plan.request.limits;
    RunResult result;
    result.backend = QStringLiteral("docker");
    result.language = m_plan.request.language;
    result.stdoutData = m_stdout;
    result.stderrData = m_stderr;
    result.stdoutTruncated = m_stdoutTruncated;
    result.stderrTruncated = m_stderrTruncated;
    result.wallMs = ending.wallMs;
    result.cpuMs = ending.cpuMs;
    result.peakMemoryBytes = ending.peakMemory;
    result.isolation = isolation();
    // docker-init reports a child killed by signal N as 128+N.
    const bool bySignal = ending.exitCode > 128 && ending.exitCode <= 128 + 64;
    if (ending.ourKill != KillReason::None) {
        result.killReason = ending.ourKill;
        result.signal = SIGKILL;
    } else if (ending.oomKilled) {
        result.killReason = KillReason::Memory;
        result.signal = SIGKILL;
    } else if (bySignal) {
        const int sig = ending.exitCode - 128;
        result.signal = sig;
        result.killReason = sig == SIGXFSZ ? KillReason::FileSize : sig == SIGXCPU ? KillReason::CpuTime : KillReason::Signal;
    } else {
        result.exitCode = ending.exitCode;
        // Docker does not expose the pids cgroup's "max" events. The evidence used: the program
        // failed, and either a stats sample saw the process count at the limit or its stderr
        // carries strerror(EAGAIN), which is what fork() and pthread_create() fail with there.
        const bool sawLimit = ending.peakPids >= limits.processes
            || m_stderr.contains("Resource temporarily unavailable");
        if (ending.exitCode != 0 && limits.processes > 0 && sawLimit)
            result.killReason = KillReason::ProcessLimit;
    }
    result.killDetail = describeEnd(result, limits);
    return result;
}

IsolationReport DockerRun::isolation() const
{
    const Limits &l = m_plan.request.limits;
    IsolationReport report;
    report.level = IsolationReport::Level::Full;
    report.details = {
        QStringLiteral("It ran in a Docker container from the image %1, as the unprivileged user uid 1000, with every "
                       "capability dropped and no way to gain privileges (no-new-privileges).").arg(m_plan.key.image),
        QStringLiteral("It had no network: the container's network mode was \"none\"."),
        QStringLiteral("Everything was read-only except its own folder /work and a 64 MB /tmp in memory."),
        QStringLiteral("Docker's default seccomp profile filtered its system calls."),
        QStringLiteral("Docker limited it to %1 of memory without swap, %2 processes, one CPU, files of at most %3 and %4 "
                       "open files.")
            .arg(l.memoryBytes > 0 ? formatBytes(l.memoryBytes) : QStringLiteral("unlimited"))
            .arg(l.processes)
            .arg(formatBytes(l.fileSizeBytes))
            .arg(l.openFiles),
    };
    return report;
}

} // namespace Sandpit::Core
