#include "local/localjob.h"

#include "engine/backendid.h"
#include "engine/logging.h"
#include "files/artifactcollector.h"
#include "files/artifactlisting.h"
#include "files/keptworkspace.h"
#include "helper/protocol.h"
#include "helper/proxyforward.h"
#include "local/helperreport.h"
#include "model/killdetail.h"

#include <QDir>
#include <QFile>

#include <algorithm>
#include <csignal>
#include <cstring>
#include <unistd.h>

namespace Sandpit::Core {

namespace {
// The helper enforces the wall time itself; this only catches a helper that is stuck.
constexpr int kBackstopGraceMs = 5000;
constexpr int kCancelGraceMs = 2000;

// The helper's "COLSxROWS", each clamped to what it accepts.
QString terminalSizeArgument(const TerminalSize &size)
{
    return QStringLiteral("%1x%2").arg(std::clamp(size.columns, 1, 1000)).arg(std::clamp(size.rows, 1, 1000));
}
} // namespace

Expected<void> LocalJob::Plan::allowNetwork(const QList<AllowedDestination> &allowed)
{
    if (allowed.isEmpty())
        return {};
    auto started = NetworkProxy::start(allowed);
    if (!started)
        return std::unexpected(started.error());
    proxy = std::move(*started);
    for (const char *variable : Helper::kProxyEnvironment)
        environment << QString::fromLatin1(variable);
    return {};
}

LocalJob::LocalJob(RunRequest request, Plan plan, PreparedSandbox sandbox)
    : m_request(std::move(request))
    , m_plan(std::move(plan))
    , m_workspace(sandbox.takeWorkspace())
    , m_process(sandbox.takeProcess())
    , m_events(sandbox.takeEvents())
    , m_control(sandbox.takeControl())
{
    connect(&m_output, &OutputBatcher::batchReady, this, &RunJob::outputReceived);
    m_backstop.setSingleShot(true);
    connect(&m_backstop, &QTimer::timeout, this, [this] {
        qCWarning(lcSandbox) << "sandpit-helper did not end in time; killing it";
        m_backstopFired = true;
        m_process->kill();
    });
    connect(m_process.get(), &QProcess::readyReadStandardOutput, this,
            [this] { readStream(QProcess::StandardOutput); });
    connect(m_process.get(), &QProcess::readyReadStandardError, this, [this] { readStream(QProcess::StandardError); });
    connect(m_process.get(), &QProcess::finished, this, &LocalJob::onHelperFinished);
    connect(m_process.get(), &QProcess::errorOccurred, this, &LocalJob::onHelperError);
    // What QProcess still holds for the helper's stdin: the program has not read it yet.
    connect(m_process.get(), &QProcess::bytesWritten, this,
            [this] { Q_EMIT inputBacklogChanged(m_process->bytesToWrite()); });
}

LocalJob::~LocalJob()
{
    if (m_process && m_process->state() != QProcess::NotRunning) {
        // SIGKILL to the helper: its init dies of PR_SET_PDEATHSIG and takes the namespace
        // with it. We are on the worker thread, so the short wait blocks nobody's window.
        m_done = true;
        m_process->kill();
        m_process->waitForFinished(2000);
    }
    // Whatever the helper's QProcess still says as it is destroyed (after the members it would
    // write to are gone) must not reach this job.
    if (m_process)
        m_process->disconnect(this);
}

QByteArray LocalJob::jobArguments() const
{
    const Limits &l = m_request.limits;
    QStringList args{
        QStringLiteral("--timeout-ms"),      QString::number(l.wallTimeMs),
        QStringLiteral("--cpu-ms"),          QString::number(l.cpuTimeMs),
        QStringLiteral("--memory-bytes"),    QString::number(l.memoryBytes),
        QStringLiteral("--processes"),       QString::number(l.processes),
        QStringLiteral("--file-size-bytes"), QString::number(l.fileSizeBytes),
        QStringLiteral("--open-files"),      QString::number(l.openFiles),
        QStringLiteral("--output-bytes"),    QString::number(l.outputBytes),
        QStringLiteral("--collect-dir"),     m_plan.collectDir,
    };
    if (!m_request.keptWorkspace.isEmpty())
        args << QStringLiteral("--keep-work");
    if (m_plan.stage == RunStage::Run)
        args << QStringLiteral("--collect-changes");
    if (m_request.terminal)
        args << QStringLiteral("--pty") << terminalSizeArgument(*m_request.terminal);
    for (const QString &variable : m_plan.environment)
        args << QStringLiteral("--env") << variable;
    args << QStringLiteral("--") << m_plan.command;
    QByteArray job;
    for (const QString &arg : args) {
        if (!job.isEmpty())
            job.append(Helper::Protocol::kJobSeparator);
        job.append(arg.toUtf8());
    }
    return job;
}

void LocalJob::start()
{
    const auto fail = [this](const RunError &error) {
        m_done = true;
        m_process->kill();
        Q_EMIT failed(error);
    };
    if (auto populated = m_workspace.populate(m_request); !populated)
        return fail(populated.error());
    if (!QDir(m_workspace.workDir()).mkpath(m_plan.collectDir)) {
        return fail({RunError::Code::SetupFailed,
                     QStringLiteral("Could not make the folder %1 in the run's workspace.").arg(m_plan.collectDir)});
    }
    if (m_plan.stage == RunStage::Run)
        m_baseline = WorkspaceBaseline::of(m_workspace.workDir());
    QFile job(m_workspace.jobPath());
    const QByteArray arguments = jobArguments();
    if (!job.open(QIODevice::WriteOnly) || job.write(arguments) != arguments.size() || !job.flush()) {
        return fail(
            {RunError::Code::SetupFailed,
             QStringLiteral("Could not write the run's job file %1: %2.").arg(job.fileName(), job.errorString())});
    }
    job.close();
    if (m_events.isValid()) {
        m_eventsNotifier = std::make_unique<QSocketNotifier>(m_events.get(), QSocketNotifier::Read);
        connect(m_eventsNotifier.get(), &QSocketNotifier::activated, this, &LocalJob::onEvents);
    }
    if (m_request.limits.wallTimeMs > 0)
        m_backstop.start(int(std::min<qint64>(m_request.limits.wallTimeMs + kBackstopGraceMs, INT_MAX)));
    // The newline tells the waiting helper to read the job and run; what follows is the
    // program's own stdin.
    m_process->write("\n" + m_request.stdinData);
    if (!m_request.keepStdinOpen)
        m_process->closeWriteChannel();
    // QProcess writes at the event loop's next turn; this writes what the pipe takes now,
    // without waiting, so that the helper starts the run before anything else on this thread.
    m_process->waitForBytesWritten(0);
    Q_EMIT started();
}

void LocalJob::cancel()
{
    if (m_done || m_process->state() == QProcess::NotRunning)
        return;
    m_cancelRequested = true;
    m_process->terminate(); // SIGTERM: the helper stops the run and reports "cancelled"
    m_backstop.start(kCancelGraceMs);
}

void LocalJob::writeInput(const QByteArray &data)
{
    if (m_done || m_process->state() == QProcess::NotRunning)
        return;
    m_process->write(data);
    Q_EMIT inputBacklogChanged(m_process->bytesToWrite());
}

void LocalJob::closeInput()
{
    if (!m_done && m_process->state() != QProcess::NotRunning)
        m_process->closeWriteChannel();
}

void LocalJob::resizeTerminal(const TerminalSize &size)
{
    if (m_done || !m_request.terminal || !m_control.isValid())
        return;
    // One short line is one atomic pipe write; a full pipe (a helper that stopped reading)
    // drops the resize rather than block this thread.
    const QByteArray message = "size " + terminalSizeArgument(size).toLatin1() + '\n';
    [[maybe_unused]] const ssize_t n = ::write(m_control.get(), message.constData(), size_t(message.size()));
}

void LocalJob::readStream(QProcess::ProcessChannel channel)
{
    m_process->setReadChannel(channel);
    const QByteArray data = m_process->readAll();
    if (data.isEmpty())
        return;
    const OutputStream stream = channel == QProcess::StandardOutput ? OutputStream::Stdout : OutputStream::Stderr;
    if (m_request.keepOutputInResult)
        (stream == OutputStream::Stdout ? m_stdout : m_stderr).append(data);
    m_output.add(stream, data);
}

void LocalJob::onHelperError(QProcess::ProcessError error)
{
    if (error != QProcess::FailedToStart || m_done)
        return;
    m_done = true;
    m_backstop.stop();
    Q_EMIT failed(RunError{RunError::Code::BackendUnavailable,
                           QStringLiteral("Could not start the sandbox helper %1: %2.")
                               .arg(m_process->program(), m_process->errorString())});
}

void LocalJob::onHelperFinished(int exitCode, QProcess::ExitStatus status)
{
    if (m_done)
        return;
    readStream(QProcess::StandardOutput);
    readStream(QProcess::StandardError);
    finish(status == QProcess::NormalExit && exitCode == 0, status != QProcess::NormalExit, exitCode);
}

void LocalJob::onEvents()
{
    char buffer[8192];
    const ssize_t n = ::read(m_events.get(), buffer, sizeof buffer);
    if (n <= 0) {
        // End of file: the helper is gone, or said its last (report ready, handled below).
        m_eventsNotifier->setEnabled(false);
        return;
    }
    m_eventBytes.append(buffer, n);
    while (!m_eventBytes.isEmpty() && !m_done) {
        const char kind = m_eventBytes.at(0);
        if (kind == Helper::Protocol::kReportReady) {
            m_eventsNotifier->setEnabled(false);
            return onReportReady();
        }
        if (kind == Helper::Protocol::kInputWaitBegan || kind == Helper::Protocol::kInputWaitEnded) {
            m_eventBytes.remove(0, 1);
            onInputWait(kind == Helper::Protocol::kInputWaitBegan);
            continue;
        }
        if (kind != Helper::Protocol::kArtifactsListed) {
            qCWarning(lcSandbox) << "sandpit-helper sent an event the engine does not know:" << int(kind);
            m_eventsNotifier->setEnabled(false);
            return;
        }
        std::uint32_t length = 0;
        if (m_eventBytes.size() < qsizetype(1 + sizeof length))
            return;
        std::memcpy(&length, m_eventBytes.constData() + 1, sizeof length);
        if (m_eventBytes.size() < qsizetype(1 + sizeof length + length))
            return;
        const QByteArray listing = m_eventBytes.mid(1 + sizeof length, length);
        m_eventBytes.remove(0, 1 + sizeof length + length);
        Q_EMIT artifactsListed(programsFiles(parseArtifactListing(listing), m_baseline));
    }
}

// The helper's deadline moves by the time the run waits for input, so the backstop, which only
// catches a stuck helper, pauses during the wait and gives it the whole limit again after it:
// more than the helper has left, never less.
void LocalJob::onInputWait(bool waiting)
{
    if (m_cancelRequested || m_request.limits.wallTimeMs <= 0)
        return;
    if (waiting)
        m_backstop.stop();
    else
        m_backstop.start(int(std::min<qint64>(m_request.limits.wallTimeMs + kBackstopGraceMs, INT_MAX)));
}

// The helper's report is in place and its output all in our pipes; it is only waiting for the
// run's namespaces to go so it can remove the cgroup. Nothing of the run is alive.
void LocalJob::onReportReady()
{
    drainOutput();
    if (m_done)
        return; // the helper's exit was noticed while draining, and has ended the run
    readStream(QProcess::StandardOutput);
    readStream(QProcess::StandardError);
    releaseHelper(); // before the result goes out: whoever takes it may delete this job
    finish(true, false, 0);
}

void LocalJob::drainOutput()
{
    // The helper has closed its ends, so this reads what is left and the end-of-file, without
    // waiting: every poll below has something to report until both pipes are closed.
    for (const QProcess::ProcessChannel channel : {QProcess::StandardOutput, QProcess::StandardError}) {
        m_process->setReadChannel(channel);
        while (m_process->state() == QProcess::Running && m_process->waitForReadyRead(0)) { }
    }
}

void LocalJob::releaseHelper()
{
    m_backstop.stop();
    QProcess *helper = m_process.release();
    helper->disconnect(this);
    if (helper->state() == QProcess::NotRunning) {
        helper->deleteLater();
        return;
    }
    connect(helper, &QProcess::finished, helper, &QObject::deleteLater);
}

void LocalJob::finish(bool reportWritten, bool helperCrashed, int exitCode)
{
    m_done = true;
    m_backstop.stop();
    m_output.flush();

    QFile reportFile(m_workspace.reportPath());
    const HelperReport report
        = HelperReport::parse(reportFile.open(QIODevice::ReadOnly) ? reportFile.readAll() : QByteArray());
    if (!helperCrashed && exitCode == Helper::Protocol::kExitSetupFailed) {
        Q_EMIT failed(report.setupError());
        return;
    }

    RunResult result;
    result.backend = kLocalBackendId;
    result.language = m_request.language;
    result.stage = m_plan.stage;
    result.stdoutData = m_stdout;
    result.stderrData = m_stderr;
    if (!reportWritten || !report.applyTo(result)) {
        // Stop pressed the moment a helper started can reach it before it takes SIGTERM as
        // "stop the run" (it blocks it first thing): it dies of it before anything of the run
        // existed, and the run was stopped all the same.
        const bool stoppedEarly = m_cancelRequested && helperCrashed;
        if (!m_backstopFired && !stoppedEarly) {
            Q_EMIT failed(RunError{
                RunError::Code::Internal,
                QStringLiteral("The sandbox helper ended unexpectedly (%1).")
                    .arg(helperCrashed ? QStringLiteral("it crashed") : QStringLiteral("exit code %1").arg(exitCode))});
            return;
        }
        // The helper hung and was killed, or was stopped early: its tree died with it, and the
        // evidence we have is that the time (or the grace after Stop) ran out, or Stop.
        result.signal = stoppedEarly ? SIGTERM : SIGKILL;
        result.killReason = m_cancelRequested ? KillReason::Cancelled : KillReason::Timeout;
        if (!m_cancelRequested)
            result.wallMs = m_request.limits.wallTimeMs;
    }
    const QString truncated = report.value(Helper::Protocol::kOutputTruncated);
    result.stdoutTruncated = truncated == QLatin1String("stdout");
    result.stderrTruncated = truncated == QLatin1String("stderr");
    result.killDetail = describeEnd(result, m_request.limits, report.value(Helper::Protocol::kKillDetail));
    if (m_plan.proxy || m_plan.sandboxAttempts) {
        result.network = m_plan.proxy ? m_plan.proxy->attempts() : m_plan.sandboxAttempts();
        showProxiedNetwork(result.isolation, m_request.network);
    }
    result.notice = m_plan.notice;
    // A compiler's files are not the learner's: only a program's run lists what it wrote.
    if (m_plan.stage == RunStage::Run)
        ArtifactCollector::collect(m_workspace.workDir(), m_baseline, m_request.keepArtifacts).applyTo(result);
    if (!m_request.keptWorkspace.isEmpty())
        keepWorkspace(result, reportWritten);
    Q_EMIT finished(result);
}

// Sandboxed, the helper copied /work into .sandpit-kept; without the sandbox the program
// ran in the workspace itself. Neither: the helper hung, or its copy fell short.
void LocalJob::keepWorkspace(RunResult &result, bool reportWritten)
{
    const QString copy = m_workspace.workDir() + QLatin1Char('/') + QLatin1String(KeptWorkspace::kHelperCopyName);
    const bool ranInPlace = reportWritten && result.isolation.level != IsolationReport::Level::Full;
    const QString from = QFileInfo(copy).isDir() ? copy : ranInPlace ? m_workspace.workDir() : QString();
    const auto kept = from.isEmpty()
        ? makeError(RunError::Code::SetupFailed,
                    QStringLiteral("This run's workspace could not be kept in %1: it "
                                   "was over %2 MB. Nothing was removed from it.")
                        .arg(m_request.keptWorkspace)
                        .arg(KeptWorkspace::kMaxBytes >> 20))
        : KeptWorkspace::copyBack(from, m_request.keptWorkspace, {QLatin1String(KeptWorkspace::kHelperCopyName)});
    if (!kept)
        result.notice = kept.error().message;
}

} // namespace Sandpit::Core
