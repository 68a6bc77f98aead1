#include "sandboxes/sandboxproxy.h"

#include "engine/companionprogram.h"
#include "network/networkproxy.h"

#include <QDeadlineTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QSaveFile>
#include <QThread>

#include <csignal>

namespace Sandpit::Core {

namespace {

// Listening takes a few milliseconds; this long means the program is stuck.
constexpr int kStartTimeoutMs = 20'000;
// SIGTERM ends its threads at once; a proxy past this is killed.
constexpr int kEndTimeoutMs = 5'000;
constexpr int kPollMs = 10;

QString fileIn(const QString &folder, const char *name)
{
    return folder + QLatin1Char('/') + QLatin1String(name);
}

RunError startError(const QString &why)
{
    return {RunError::Code::SetupFailed,
            QStringLiteral("Sandpit could not start the sandbox's network proxy: %1").arg(why),
            {}};
}

} // namespace

QString SandboxProxy::findProgram()
{
    return findCompanionProgram(QStringLiteral("sandpit-proxy"), "SANDPIT_PROXY");
}

Expected<QString> SandboxProxy::start(const QString &folder, const QList<AllowedDestination> &allowed)
{
    const QString program = findProgram();
    if (program.isEmpty() || !QFileInfo(program).isExecutable())
        return makeError(RunError::Code::BackendUnavailable,
                         QStringLiteral("Sandpit's network proxy for sandboxes (sandpit-proxy) was not found next to "
                                        "Sandpit. Reinstall Sandpit, or set SANDPIT_PROXY."));
    QProcess proxy;
    proxy.setProgram(program);
    proxy.setArguments(QStringList{folder} + allowListText(allowed));
    // Detached, it would otherwise keep the creator's output open: a caller reading
    // `sandpit sandbox create`'s output to its end would wait for the sandbox's.
    proxy.setStandardInputFile(QProcess::nullDevice());
    proxy.setStandardOutputFile(QProcess::nullDevice());
    proxy.setStandardErrorFile(QProcess::nullDevice());
    // A record left by an earlier proxy of the folder would name its socket, not this one's,
    // and its watch (a sandbox started again) a process long gone, which would end this one.
    QFile::remove(fileIn(folder, kRecordFile));
    QFile::remove(fileIn(folder, kWatchFile));
    qint64 pid = 0;
    if (!proxy.startDetached(&pid))
        return std::unexpected(startError(proxy.errorString()));
    const ProcessIdentity started = ProcessIdentity::of(pid);
    QDeadlineTimer deadline(kStartTimeoutMs);
    for (;;) {
        const QMap<QString, QString> record = readKeyValueFile(fileIn(folder, kRecordFile));
        if (!record.value(QStringLiteral("socket")).isEmpty()
            && record.value(QStringLiteral("pid")).toLongLong() == pid)
            return record.value(QStringLiteral("socket"));
        if (!record.value(QStringLiteral("error")).isEmpty())
            return std::unexpected(startError(record.value(QStringLiteral("error"))));
        if (!started.isRunning())
            return std::unexpected(startError(QStringLiteral("it ended before it listened.")));
        if (deadline.hasExpired()) {
            ::kill(static_cast<pid_t>(pid), SIGKILL);
            return std::unexpected(
                startError(QStringLiteral("it did not listen within %1 s.").arg(kStartTimeoutMs / 1000)));
        }
        QThread::msleep(kPollMs);
    }
}

Expected<void> SandboxProxy::watch(const QString &folder, const ProcessIdentity &process)
{
    QSaveFile file(fileIn(folder, kWatchFile));
    if (!file.open(QIODevice::WriteOnly)
        || file.write(QStringLiteral("pid=%1\nstart=%2\n").arg(process.pid).arg(process.start).toUtf8()) < 0
        || !file.commit())
        return std::unexpected(startError(QStringLiteral("could not write %1.").arg(file.fileName())));
    return {};
}

ProcessIdentity SandboxProxy::process(const QString &folder)
{
    const QMap<QString, QString> record = readKeyValueFile(fileIn(folder, kRecordFile));
    return {record.value(QStringLiteral("pid")).toLongLong(),
            record.value(QStringLiteral("start"), QStringLiteral("-1")).toLongLong()};
}

void SandboxProxy::end(const QString &folder)
{
    const ProcessIdentity proxy = process(folder);
    if (!proxy.isRunning())
        return;
    ::kill(static_cast<pid_t>(proxy.pid), SIGTERM);
    if (!proxy.waitUntilEnded(kEndTimeoutMs)) {
        ::kill(static_cast<pid_t>(proxy.pid), SIGKILL);
        proxy.waitUntilEnded(kEndTimeoutMs);
    }
}

qint64 SandboxProxy::attemptLogSize(const QString &folder)
{
    return QFileInfo(fileIn(folder, kAttemptLog)).size();
}

QList<NetworkAttempt> SandboxProxy::attemptsSince(const QString &folder, qint64 offset)
{
    return readAttemptLog(fileIn(folder, kAttemptLog), offset);
}

} // namespace Sandpit::Core
