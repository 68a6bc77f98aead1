#include "docker/dockerexec.h"

#include "docker/dockerarchive.h"
#include "docker/dockercgroup.h"
#include "docker/dockercontainer.h"
#include "docker/dockerisolation.h"
#include "docker/dockerreplcontainer.h"
#include "docker/dockersandboxbody.h"
#include "docker/dockersandboxinspect.h"
#include "docker/dockerstream.h"
#include "helper/proxyforward.h"
#include "model/killdetail.h"
#include "network/networkproxy.h"
#include "sandboxes/sandboxproxy.h"

#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <csignal>

namespace Sandpit::Core {

namespace {
// How often the exec's state is asked for while its stream is open. The daemon does not end
// the hijacked stream when the command ends (nor while a process it left behind holds its
// stdout, `sleep 60 &`): only the exec's own state says it did. Often at first, since most
// commands are short and each look is what their end waits for; then seldom, so that a long
// shell costs the daemon five small calls a second.
constexpr qint64 kStateEarlyEveryMs = 20;
constexpr qint64 kStateEarlyForMs = 1000;
constexpr qint64 kStateLaterEveryMs = 200;
// After the state says it ended: for what it wrote last, already on its way to us.
constexpr qint64 kLastOutputMs = 40;
// VEOF's default (see core/helper/terminalrelay.cpp).
constexpr char kEndOfFile = '\x04';
// Every process a command starts inherits this variable with the exec's own value: a
// `setsid -f` child or a daemon orphaned to PID 1 is no longer the command's descendant, and
// would otherwise outlive a cancel and keep using the memory every command shares.
constexpr const char *kMarkerVariable = "SANDPIT_EXEC=";
// Run in a second exec with the command's pid ($1) and its marker ($2): stops the command and
// every process descended from it or carrying the marker, again until no new one turns up (a
// stopped process cannot fork, so none is missed), then kills them all at once.
constexpr const char *kKillScript = R"(r=$1 mark=$2 all=" $1 "
kill -STOP "$r" 2>/dev/null
while :; do
  now=$all
  for d in /proc/[0-9]*; do
    p=${d#/proc/}
    case $now in *" $p "*) continue ;; esac
    q=$(grep '^PPid:' "$d/status" 2>/dev/null); set -- $q; q=${2:-none}
    case $now in *" $q "*) ;; *) grep -qzx "$mark" "$d/environ" 2>/dev/null || continue ;; esac
    kill -STOP "$p" 2>/dev/null
    now="$now$p "
  done
  [ "$now" = "$all" ] && break
  all=$now
done
kill -KILL $all 2>/dev/null)";

/// The command as a shell would take it back, for the log.
QString shellWords(const QStringList &command)
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9_./=:@%+,-]+$"));
    QStringList words;
    for (const QString &word : command) {
        words << (plain.match(word).hasMatch() ? word
                                               : QLatin1Char('\'')
                          + QString(word).replace(QStringLiteral("'"), QStringLiteral("'\\''")) + QLatin1Char('\''));
    }
    return words.join(QLatin1Char(' '));
}

/// The isolation report of a command in the sandbox, read from what the daemon says the
/// container was created with (its Config and HostConfig make up the create body), so that it
/// claims nothing the container was not given: a bound workspace shows as a gap.
IsolationReport isolationOf(const QJsonObject &inspect, int uid, const DockerDaemonInfo &daemon)
{
    QJsonObject body = inspect.value(QLatin1String("Config")).toObject();
    const QJsonObject host = inspect.value(QLatin1String("HostConfig")).toObject();
    body.insert(QStringLiteral("HostConfig"), host);
    Limits limits;
    limits.memoryBytes = qint64(host.value(QLatin1String("Memory")).toDouble());
    // PidsLimit is the processes limit and init's pids with one more (DockerContainerKey).
    limits.processes = std::max(0, host.value(QLatin1String("PidsLimit")).toInt() - 3);
    for (const QJsonValue &value : host.value(QLatin1String("Ulimits")).toArray()) {
        const QJsonObject ulimit = value.toObject();
        const qint64 hard = qint64(ulimit.value(QLatin1String("Hard")).toDouble());
        if (ulimit.value(QLatin1String("Name")).toString() == QLatin1String("fsize"))
            limits.fileSizeBytes = hard;
        else if (ulimit.value(QLatin1String("Name")).toString() == QLatin1String("nofile"))
            limits.openFiles = int(hard);
    }
    DockerContainerKey key = DockerContainerKey::from(body.value(QLatin1String("Image")).toString(), limits,
                                                      QLatin1String(DockerContainer::kSyscallFilter));
    key.learnerUid = uid;
    return DockerIsolation::report(body, key, limits, daemon);
}

/// GET /containers/{id}/json of a container of the exec's own.
Expected<QJsonObject> inspectContainer(const DockerClient &client, const QString &id)
{
    auto response = client.call("GET", QStringLiteral("/containers/%1/json").arg(id));
    if (!response)
        return std::unexpected(response.error());
    if (!response->ok())
        return std::unexpected(DockerClient::errorFor(*response, QStringLiteral("look at the REPL's container")));
    return response->object();
}

/// Why sandbox `name`, which is not running, cannot take a command: stopped by a user, or
/// ended by itself and why (DockerSandboxInspect::info decides which).
QString sandboxNotRunning(const DockerClient &client, const QString &name, const QJsonObject &inspect)
{
    const QString log = DockerSandboxInspect::label(inspect, DockerSandboxLabels::kLog);
    const bool stopped = !log.isEmpty() && QFile::exists(QFileInfo(log).absolutePath() + QStringLiteral("/stopped"));
    const SandboxInfo info = DockerSandboxInspect::info(client, inspect, stopped);
    return QStringLiteral("The sandbox %1 is not running. %2 Remove it with `sandpit sandbox rm %1` and create it "
                          "again.")
        .arg(name, info.state == SandboxInfo::State::Dead ? info.endReason : QStringLiteral("It was stopped."));
}
} // namespace

DockerExec::DockerExec(RunRequest request, QStringList command, std::shared_ptr<DockerConnector> connector,
                       std::shared_ptr<Shared> shared, Callbacks callbacks,
                       std::optional<DockerReplContainer::Spec> ownContainer)
    : m_request(std::move(request))
    , m_command(std::move(command))
    , m_connector(std::move(connector))
    , m_shared(std::move(shared))
    , m_callbacks(std::move(callbacks))
    , m_ownContainer(std::move(ownContainer))
{
}

void DockerExec::run()
{
    auto client = m_connector->client();
    if (!client)
        return m_callbacks.failed(client.error());
    std::optional<DockerReplContainer> own;
    if (m_ownContainer) {
        DockerReplContainer::Spec spec = *m_ownContainer;
        spec.key = spec.key.forDaemon(m_connector->daemonInfo());
        auto started = DockerReplContainer::start(*client, spec);
        if (!started)
            return m_callbacks.failed(started.error());
        own.emplace(std::move(*started));
    }
    auto ended = runIn(*client, own ? own->id() : QString());
    // Before the end is told: whoever waits for it (a test, `list`) finds no container left.
    if (own)
        own->remove(*client);
    if (!ended)
        return m_callbacks.failed(ended.error());
    m_callbacks.finished(*ended);
}

Expected<RunResult> DockerExec::runIn(const DockerClient &client, const QString &ownContainerId)
{
    auto target = findTarget(client, ownContainerId);
    if (!target)
        return std::unexpected(target.error());
    if (auto copied = copySources(client, *target); !copied)
        return std::unexpected(copied.error());
    auto execId = createExec(client, *target);
    if (!execId)
        return std::unexpected(execId.error());
    target->execId = *execId;
    if (target->log) {
        // A header per command, so that the log reads as a session.
        target->log->append(QStringLiteral("$ %1\n").arg(shellWords(m_command)).toUtf8());
    }
    const qint64 oomBefore = DockerCgroup::oomKills(target->containerId);
    if (auto streamed = stream(client, *target); !streamed)
        return std::unexpected(streamed.error());
    return result(client, *target, oomBefore);
}

Expected<DockerExec::Target> DockerExec::findTarget(const DockerClient &client, const QString &ownContainerId) const
{
    Expected<QJsonObject> inspect = ownContainerId.isEmpty() ? DockerSandboxInspect::inspect(client, m_request.sandbox)
                                                             : inspectContainer(client, ownContainerId);
    if (!inspect)
        return std::unexpected(inspect.error());
    const QJsonObject state = inspect->value(QLatin1String("State")).toObject();
    if (!state.value(QLatin1String("Running")).toBool()) {
        return makeError(RunError::Code::BadRequest,
                         ownContainerId.isEmpty() ? sandboxNotRunning(client, m_request.sandbox, *inspect)
                                                  : QStringLiteral("The REPL's container ended as it started. %1")
                                                        .arg(DockerSandboxInspect::endReason(state, 0)));
    }
    const QJsonObject config = inspect->value(QLatin1String("Config")).toObject();
    Target target;
    target.containerId = inspect->value(QLatin1String("Id")).toString();
    target.memoryLimit
        = qint64(inspect->value(QLatin1String("HostConfig")).toObject().value(QLatin1String("Memory")).toDouble());
    const QString log = DockerSandboxInspect::label(*inspect, DockerSandboxLabels::kLog);
    if (!log.isEmpty())
        target.log.emplace(log);
    // The sandbox's own list, fixed at create, whatever the request says (as the local backend).
    target.network = DockerSandboxInspect::network(*inspect);
    if (!target.network.isEmpty()) {
        target.proxyFolder = QFileInfo(log).absolutePath();
        target.attemptsFrom = SandboxProxy::attemptLogSize(target.proxyFolder);
    }
    const QStringList user = config.value(QLatin1String("User")).toString().split(QLatin1Char(':'));
    target.uid = user.value(0).toInt();
    target.gid = user.value(1, user.value(0)).toInt();
    target.isolation = isolationOf(*inspect, target.uid, m_connector->daemonInfo());
    return target;
}

Expected<void> DockerExec::copySources(const DockerClient &client, const Target &target) const
{
    if (m_request.sources.isEmpty())
        return {};
    QTemporaryDir empty;
    QList<DockerArchive::Extra> files;
    for (const SourceFile &source : m_request.sources)
        files.append({source.name, source.content, 0644});
    auto tar = DockerArchive::pack(empty.path(), files, {target.uid, target.gid});
    if (!tar)
        return std::unexpected(tar.error());
    auto put = client.putArchive(target.containerId, QLatin1String(DockerContainer::kWorkDir), *tar);
    if (!put)
        return std::unexpected(put.error());
    if (!put->ok())
        return std::unexpected(DockerClient::errorFor(*put, QStringLiteral("copy the files into the sandbox")));
    return {};
}

Expected<QString> DockerExec::createExec(const DockerClient &client, const Target &target) const
{
    const bool tty = m_request.terminal.has_value();
    // Under the filter every run has: an exec does not inherit PID 1's.
    QJsonArray environment{tty ? QStringLiteral("TERM=xterm-256color") : QStringLiteral("TERM=dumb"),
                           QLatin1String(kMarkerVariable) + m_marker};
    if (!target.network.isEmpty()) {
        for (const char *variable : Helper::kProxyEnvironment)
            environment.append(QLatin1String(variable));
    }
    QJsonArray command{QLatin1String(DockerContainer::kSyscallFilter)};
    for (const QString &word : m_command)
        command.append(word);
    const QJsonObject body{
        // Without input to pass on, the command reads end-of-file at once, as in the local sandbox.
        {QStringLiteral("AttachStdin"), tty || m_request.keepStdinOpen},
        {QStringLiteral("AttachStdout"), true},
        {QStringLiteral("AttachStderr"), true},
        {QStringLiteral("Tty"), tty},
        {QStringLiteral("Cmd"), command},
        {QStringLiteral("WorkingDir"), QLatin1String(DockerContainer::kWorkDir)},
        {QStringLiteral("Env"), environment},
    };
    auto created = client.call("POST", QStringLiteral("/containers/%1/exec").arg(target.containerId),
                               QJsonDocument(body).toJson(QJsonDocument::Compact));
    if (!created)
        return std::unexpected(created.error());
    if (!created->ok()) {
        return std::unexpected(
            DockerClient::errorFor(*created, QStringLiteral("run a command in the sandbox %1").arg(m_request.sandbox)));
    }
    return created->object().value(QLatin1String("Id")).toString();
}

Expected<void> DockerExec::stream(const DockerClient &client, Target &target)
{
    const bool tty = m_request.terminal.has_value();
    if (tty) {
        const std::lock_guard lock(m_shared->mutex);
        if (!m_shared->resize)
            m_shared->resize = m_request.terminal;
    }
    DockerStreamDemuxer demuxer;
    std::atomic_bool abort{false};
    const auto deliver = [&](OutputStream stream, QByteArray data) { this->deliver(target, stream, std::move(data)); };
    DockerClient::StreamHandlers handlers;
    handlers.leadingBody = QJsonDocument(QJsonObject{{QStringLiteral("Detach"), false}, {QStringLiteral("Tty"), tty}})
                               .toJson(QJsonDocument::Compact);
    handlers.abort = &abort;
    handlers.onConnected = [this] {
        m_startedMs = QDateTime::currentMSecsSinceEpoch();
        m_callbacks.started();
    };
    handlers.onData = [&](QByteArrayView bytes) {
        if (tty) {
            deliver(OutputStream::Stdout, bytes.toByteArray());
            return true;
        }
        for (DockerStreamDemuxer::Piece &piece : demuxer.feed(bytes)) {
            if (piece.stream != DockerStreamDemuxer::Stream::Stdin)
                deliver(piece.stream == DockerStreamDemuxer::Stream::Stderr ? OutputStream::Stderr
                                                                            : OutputStream::Stdout,
                        std::move(piece.data));
        }
        return true;
    };
    handlers.everyLook = [&] {
        poll(client, target);
        if (m_commandEnded)
            abort = true;
    };
    handlers.takeInput = [this](bool &ended) { return takeInput(ended); };
    // A piped input's end is the command's end-of-file; a terminal's is VEOF (takeInput).
    handlers.halfCloseAtEnd = !tty;
    auto response = client.stream("POST", QStringLiteral("/exec/%1/start").arg(target.execId), handlers);
    if (!response)
        return std::unexpected(response.error());
    if (!response->ok())
        return std::unexpected(DockerClient::errorFor(*response, QStringLiteral("start the command")));
    return {};
}

void DockerExec::deliver(const Target &target, OutputStream stream, QByteArray data)
{
    // A shell in a named sandbox may print for hours; a REPL is held to the output limit as
    // a run is, on its terminal too.
    const qint64 limit = m_request.terminal && !m_ownContainer ? 0 : m_request.limits.outputBytes;
    const bool isStdout = stream == OutputStream::Stdout;
    if (limit > 0 && m_outputBytes + data.size() > limit) {
        data.truncate(limit - m_outputBytes);
        (isStdout ? m_ended.stdoutTruncated : m_ended.stderrTruncated) = true;
        const std::lock_guard lock(m_shared->mutex);
        if (m_shared->stopReason == KillReason::None)
            m_shared->stopReason = KillReason::OutputLimit;
    }
    if (data.isEmpty())
        return;
    if (target.log)
        target.log->append(data);
    m_outputBytes += data.size();
    // Kept for the result only where it is bounded by the limit.
    if (limit > 0 && m_request.keepOutputInResult)
        (isStdout ? m_ended.stdoutData : m_ended.stderrData).append(data);
    m_callbacks.output(stream, std::move(data));
}

QByteArray DockerExec::takeInput(bool &ended)
{
    qint64 backlog = 0;
    QByteArray input = takeQueuedInput(ended, backlog);
    if (!input.isEmpty() && m_callbacks.inputBacklog)
        m_callbacks.inputBacklog(backlog); // outside the lock: it posts to the job, which locks
    return input;
}

QByteArray DockerExec::takeQueuedInput(bool &ended, qint64 &backlog)
{
    const std::lock_guard lock(m_shared->mutex);
    QByteArray input;
    if (!m_shared->input.empty()) {
        input = std::move(m_shared->input.front());
        m_shared->input.pop_front();
        m_shared->inputBytes -= input.size();
    }
    backlog = m_shared->inputBytes;
    // On a terminal the end of input is VEOF, as the local sandbox's relay sends it: the
    // program reads 0 at a line's start, and the terminal stays for what it prints after.
    if (m_request.terminal && m_shared->inputEnded && m_shared->input.empty() && !m_endOfFileSent) {
        m_endOfFileSent = true;
        input += kEndOfFile;
    }
    ended = !m_request.terminal && m_shared->inputEnded && m_shared->input.empty();
    return input;
}

void DockerExec::poll(const DockerClient &client, const Target &target)
{
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    KillReason stop = KillReason::None;
    std::optional<TerminalSize> resize;
    {
        const std::lock_guard lock(m_shared->mutex);
        if (m_request.limits.wallTimeMs > 0 && !m_request.terminal && m_startedMs > 0
            && now - m_startedMs > m_request.limits.wallTimeMs && m_shared->stopReason == KillReason::None)
            m_shared->stopReason = KillReason::Timeout;
        stop = m_shared->stopReason;
        resize = std::exchange(m_shared->resize, std::nullopt);
    }
    if (stop != KillReason::None && !m_killSent) {
        m_killReason = stop;
        // Again at the next look while the command's process is not known yet (a cancel
        // before its start): once sent is once only.
        m_killSent = killCommand(client, target);
    }
    if (resize) {
        auto resized = client.call(
            "POST",
            QStringLiteral("/exec/%1/resize?h=%2&w=%3").arg(target.execId).arg(resize->rows).arg(resize->columns));
        // Too early (the process is not started yet): again at the next look.
        if (!resized || !resized->ok()) {
            const std::lock_guard lock(m_shared->mutex);
            if (!m_shared->resize)
                m_shared->resize = resize;
        }
    }
    if (m_endSeenMs > 0) {
        m_commandEnded = now - m_endSeenMs >= kLastOutputMs;
        return;
    }
    const qint64 every
        = m_startedMs > 0 && now - m_startedMs > kStateEarlyForMs ? kStateLaterEveryMs : kStateEarlyEveryMs;
    if (now - m_lastStateMs >= every) {
        m_lastStateMs = now;
        auto state = client.call("GET", QStringLiteral("/exec/%1/json").arg(target.execId));
        if (state && state->ok() && !state->object().value(QLatin1String("Running")).toBool())
            m_endSeenMs = now;
    }
}

bool DockerExec::killCommand(const DockerClient &client, const Target &target) const
{
    // The Engine API has no kill for an exec. Its process's pid inside the container is the
    // last one of NSpid in /proc/PID/status on the host, which every user may read; a second
    // exec, as the same user, kills it and what it started (kKillScript), never PID 1 and the
    // sandbox.
    auto state = client.call("GET", QStringLiteral("/exec/%1/json").arg(target.execId));
    if (!state || !state->ok())
        return false;
    const int hostPid = state->object().value(QLatin1String("Pid")).toInt();
    QFile status(QStringLiteral("/proc/%1/status").arg(hostPid));
    QByteArray pid;
    if (hostPid > 0 && status.open(QIODevice::ReadOnly)) {
        for (const QByteArray &line : status.readAll().split('\n')) {
            if (line.startsWith("NSpid:"))
                pid = line.mid(6).simplified().split(' ').last();
        }
    }
    if (pid.isEmpty())
        return false; // not started yet, or ended: its state will say which
    if (pid == "1")
        return true;
    const QJsonObject body{
        {QStringLiteral("Cmd"),
         QJsonArray{QStringLiteral("/bin/sh"), QStringLiteral("-c"), QLatin1String(kKillScript), QStringLiteral("sh"),
                    QString::fromLatin1(pid), QLatin1String(kMarkerVariable) + m_marker}},
    };
    auto created = client.call("POST", QStringLiteral("/containers/%1/exec").arg(target.containerId),
                               QJsonDocument(body).toJson(QJsonDocument::Compact));
    if (!created || !created->ok())
        return false;
    const QString id = created->object().value(QLatin1String("Id")).toString();
    client.call("POST", QStringLiteral("/exec/%1/start").arg(id), QByteArrayLiteral("{\"Detach\":true}"));
    return true;
}

Expected<RunResult> DockerExec::result(const DockerClient &client, const Target &target, qint64 oomBefore) const
{
    auto state = client.call("GET", QStringLiteral("/exec/%1/json").arg(target.execId));
    if (!state)
        return std::unexpected(state.error());
    if (!state->ok())
        return std::unexpected(DockerClient::errorFor(*state, QStringLiteral("ask how the command ended")));
    const int code = state->object().value(QLatin1String("ExitCode")).toInt();
    const qint64 oomAfter = DockerCgroup::oomKills(target.containerId);
    const bool oomKilled = oomBefore >= 0 && oomAfter > oomBefore;
    RunResult result = m_ended;
    result.backend = QStringLiteral("docker");
    result.language = m_request.language;
    result.wallMs = m_startedMs > 0 ? QDateTime::currentMSecsSinceEpoch() - m_startedMs : 0;
    // The daemon reports a death by signal N as 128+N, as a shell does.
    if (code > 128 && code <= 128 + 64) {
        result.signal = code - 128;
        if (m_killReason != KillReason::None)
            result.killReason = m_killReason;
        else if (*result.signal == SIGKILL && oomKilled)
            result.killReason = KillReason::Memory;
        else if (*result.signal == SIGXCPU)
            result.killReason = KillReason::CpuTime; // the container's cpu rlimit, as in a run
        else
            result.killReason = KillReason::Signal;
    } else {
        result.exitCode = code;
        if (m_killReason != KillReason::None)
            result.killReason = m_killReason;
        if (oomKilled)
            result.limitsReached << QStringLiteral("memory");
    }
    Limits limits = m_request.limits;
    limits.memoryBytes = target.memoryLimit;
    result.killDetail = describeEnd(result, limits);
    result.isolation = target.isolation;
    if (!target.network.isEmpty()) {
        result.network = SandboxProxy::attemptsSince(target.proxyFolder, target.attemptsFrom);
        showProxiedNetwork(result.isolation, target.network);
    }
    return result;
}

} // namespace Sandpit::Core
