#include "sandboxes/localsandboxrecord.h"

#include "helper/sandboxprotocol.h"
#include "model/units.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QThread>

#include <unistd.h>

namespace Sandpit::Core {

namespace S = Helper::SandboxProtocol;

namespace {

// How often a wait for a process's end looks: ends come in milliseconds.
constexpr int kEndPollMs = 10;

// Fields of /proc/PID/stat after the name: [0] is the state (field 3), [19] the start time (22).
QList<QByteArray> statFields(qint64 pid)
{
    QFile file(QStringLiteral("/proc/%1/stat").arg(pid));
    if (pid <= 0 || !file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray text = file.readAll();
    const qsizetype close = text.lastIndexOf(')');
    return close < 0 ? QList<QByteArray>{} : text.mid(close + 2).split(' ');
}

QByteArray pidNamespaceOf(qint64 pid)
{
    char link[64] = {};
    const QByteArray path = "/proc/" + QByteArray::number(pid) + "/ns/pid";
    const ssize_t n = readlink(path.constData(), link, sizeof link - 1);
    return n > 0 ? QByteArray(link, n) : QByteArray();
}

QString readFirstLine(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readLine()).trimmed() : QString();
}

} // namespace

bool ProcessIdentity::isRunning() const
{
    const QList<QByteArray> fields = statFields(pid);
    return fields.size() > 19 && fields[0] != "Z" && fields[0] != "X" && fields[19].toLongLong() == start;
}

ProcessIdentity ProcessIdentity::of(qint64 pid)
{
    const QList<QByteArray> fields = statFields(pid);
    return {pid, fields.size() > 19 ? fields[19].toLongLong() : -1};
}

bool ProcessIdentity::waitUntilEnded(int timeoutMs) const
{
    QDeadlineTimer deadline(timeoutMs);
    while (isRunning()) {
        if (deadline.hasExpired())
            return false;
        // A worker thread or the command line waits here, never the GUI thread (see SandboxStore).
        QThread::msleep(kEndPollMs);
    }
    return true;
}

QMap<QString, QString> readKeyValueFile(const QString &path)
{
    QMap<QString, QString> values;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return values;
    for (const QByteArray &line : file.readAll().split('\n')) {
        const qsizetype eq = line.indexOf('=');
        if (eq > 0)
            values.insert(QString::fromUtf8(line.left(eq)), QString::fromUtf8(line.mid(eq + 1)));
    }
    return values;
}

LocalSandboxRecord::LocalSandboxRecord(const QString &stateDir)
    : m_dir(stateDir)
    , m_state(readKeyValueFile(stateDir + QLatin1Char('/') + QLatin1String(S::kStateFile)))
    , m_end(readKeyValueFile(stateDir + QLatin1Char('/') + QLatin1String(S::kEndFile)))
    , m_labels(readKeyValueFile(stateDir + QStringLiteral("/labels")))
{
}

QList<AllowedDestination> LocalSandboxRecord::network() const
{
    QFile file(networkFile(m_dir));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    // Written by LocalSandboxes::create from a checked list; a damaged file is no network.
    return parseAllowList(QString::fromUtf8(file.readAll()).split(QLatin1Char('\n')))
        .value_or(QList<AllowedDestination>{});
}

QString LocalSandboxRecord::networkFile(const QString &stateDir)
{
    return stateDir + QStringLiteral("/network");
}

QString LocalSandboxRecord::name() const
{
    return QFileInfo(m_dir).fileName();
}

ProcessIdentity LocalSandboxRecord::identity(const char *who) const
{
    const QByteArray prefix(who);
    return {number(prefix + "_pid"), number(prefix + "_start")};
}

bool LocalSandboxRecord::isRunning() const
{
    return isValid() && m_end.isEmpty() && keeper().isRunning() && init().isRunning();
}

QStringList LocalSandboxRecord::cgroups() const
{
    QStringList groups;
    for (const char *key : {S::kCgroupMemory, S::kCgroupPids, S::kCgroupCpu}) {
        const QString dir = m_state.value(QLatin1String(key));
        if (!dir.isEmpty() && !groups.contains(dir))
            groups << dir;
    }
    return groups;
}

qint64 LocalSandboxRecord::memoryInUse() const
{
    const QString dir = m_state.value(QLatin1String(S::kCgroupMemory));
    if (dir.isEmpty())
        return -1;
    const QString v2 = readFirstLine(dir + QStringLiteral("/memory.current"));
    const QString current = v2.isEmpty() ? readFirstLine(dir + QStringLiteral("/memory.usage_in_bytes")) : v2;
    bool ok = false;
    const qint64 bytes = current.toLongLong(&ok);
    return ok ? bytes : -1;
}

int LocalSandboxRecord::processesInside() const
{
    const ProcessIdentity held = init();
    const QByteArray sandbox = held.isRunning() ? pidNamespaceOf(held.pid) : QByteArray();
    if (sandbox.isEmpty())
        return 0;
    // The forwarder serves the commands and is none; anything else there is someone's.
    const ProcessIdentity forwarder = identity("forwarder");
    int count = 0;
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &entry : entries) {
        bool isPid = false;
        const qint64 pid = entry.toLongLong(&isPid);
        if (isPid && pid != held.pid && pidNamespaceOf(pid) == sandbox
            && !(pid == forwarder.pid && ProcessIdentity::of(pid).start == forwarder.start))
            ++count;
    }
    return count;
}

SandboxInfo LocalSandboxRecord::info() const
{
    SandboxInfo info;
    info.name = name();
    info.backend = QStringLiteral("local");
    info.labels = m_labels;
    info.workspace = m_state.value(QLatin1String(S::kWorkspace));
    info.memoryLimit = number(S::kMemoryBytes);
    info.cpus = static_cast<double>(number(S::kCpuMillis)) / 1000.0;
    info.network = network();
    info.since = QDateTime::fromSecsSinceEpoch(number(S::kCreated));
    const ProcessIdentity owner = identity("owner");
    info.owner = QStringLiteral("uid %1, %2 (pid %3)")
                     .arg(m_state.value(QLatin1String(S::kOwnerUid)), m_state.value(QLatin1String(S::kOwnerName)))
                     .arg(owner.pid);
    // Gone means nobody is left who could come back for it: the program that made it has
    // exited, and no command runs in it. Shown, never acted on: it may be meant to wait.
    info.ownerGone = !owner.isRunning() && processesInside() == 0;
    if (isRunning()) {
        info.state = SandboxInfo::State::Running;
        info.memoryBytes = memoryInUse();
    } else {
        describeEnd(info);
    }
    return info;
}

// Stopped when the user asked (stop or kill); Dead, with the reason, when it ended by itself.
void LocalSandboxRecord::describeEnd(SandboxInfo &info) const
{
    const QString reason = m_end.value(QLatin1String(S::kEndReason));
    if (m_end.contains(QLatin1String(S::kEnded)))
        info.since = QDateTime::fromSecsSinceEpoch(m_end.value(QLatin1String(S::kEnded)).toLongLong());
    info.state = SandboxInfo::State::Dead;
    if (reason == QLatin1String("stopped") || reason == QLatin1String("killed")) {
        info.state = SandboxInfo::State::Stopped;
        info.endReason
            = reason == QLatin1String("stopped") ? QStringLiteral("It was stopped.") : QStringLiteral("It was killed.");
    } else if (reason == QLatin1String("memory")) {
        info.endReason = QStringLiteral("It ran out of memory (%1).").arg(formatBytes(info.memoryLimit));
    } else if (reason == QLatin1String("signal")) {
        info.endReason = QStringLiteral("Its init was killed from outside (signal %1).")
                             .arg(m_end.value(QLatin1String(S::kEndSignal)));
    } else if (!reason.isEmpty()) {
        info.endReason = QStringLiteral("Its init ended by itself.");
    } else if (!keeper().isRunning()) {
        info.endReason = QStringLiteral("Its keeper process was killed, which ended the sandbox.");
    } else {
        info.endReason = QStringLiteral("Its init is gone.");
    }
}

} // namespace Sandpit::Core
