// sandpit-proxy: the network proxy of one named sandbox, a process of its own because the
// sandbox outlives the window that made it. core/sandboxes/sandboxproxy.h has its contract.

#include "network/networkproxy.h"
#include "sandboxes/localsandboxrecord.h"
#include "sandboxes/sandboxproxy.h"

#include <QFile>
#include <QSaveFile>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <optional>
#include <poll.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

using namespace Sandpit::Core;

namespace {

// How long create may take between the proxy's start and its watch: the local helper's own
// limit is a minute. Past it the create has failed, and the proxy must not stay.
constexpr int kWatchTimeoutMs = 120'000;
constexpr int kWatchPollMs = 20;
// Without pidfds (Linux before 5.3) the watched process is looked at this often instead.
constexpr int kFallbackPollMs = 500;

QString g_folder;

QString fileIn(const char *name)
{
    return g_folder + QLatin1Char('/') + QLatin1String(name);
}

void writeRecord(const QString &text)
{
    QSaveFile record(fileIn(SandboxProxy::kRecordFile));
    if (record.open(QIODevice::WriteOnly) && record.write(text.toUtf8()) >= 0)
        record.commit();
}

// True when SIGTERM, SIGINT or SIGHUP came (signals are blocked and read from `sigFd`).
bool signalled(int sigFd, int timeoutMs)
{
    pollfd fd{sigFd, POLLIN, 0};
    return poll(&fd, 1, timeoutMs) > 0 && (fd.revents & POLLIN);
}

// The process to end with, once the creator names it; none when it never does (the create
// failed), when the sandbox's folder went, or when we are told to end.
std::optional<ProcessIdentity> awaitWatch(int sigFd)
{
    const QByteArray folder = QFile::encodeName(g_folder);
    for (int waited = 0; waited < kWatchTimeoutMs; waited += kWatchPollMs) {
        struct stat st { };
        if (signalled(sigFd, kWatchPollMs) || stat(folder.constData(), &st) != 0)
            return std::nullopt;
        const QMap<QString, QString> watch = readKeyValueFile(fileIn(SandboxProxy::kWatchFile));
        if (watch.contains(QStringLiteral("start")))
            return ProcessIdentity{watch.value(QStringLiteral("pid")).toLongLong(),
                                   watch.value(QStringLiteral("start")).toLongLong()};
    }
    return std::nullopt;
}

// Until `watched` ends (the kernel makes its pidfd readable then) or a signal comes.
void waitForEnd(const ProcessIdentity &watched, int sigFd)
{
    const int pidFd = static_cast<int>(syscall(SYS_pidfd_open, static_cast<pid_t>(watched.pid), 0));
    // Checked after the pidfd is open: a pid reused in between is not the sandbox's.
    while (watched.isRunning()) {
        pollfd fds[2] = {{sigFd, POLLIN, 0}, {pidFd, POLLIN, 0}};
        const int ready = poll(fds, 2, pidFd >= 0 ? -1 : kFallbackPollMs);
        if (ready < 0 && errno != EINTR)
            break;
        if ((fds[0].revents & POLLIN) || (fds[1].revents & (POLLIN | POLLHUP | POLLERR)))
            break;
    }
    if (pidFd >= 0)
        close(pidFd);
}

int blockSignals()
{
    sigset_t mask;
    sigemptyset(&mask);
    for (int sig : {SIGTERM, SIGINT, SIGHUP})
        sigaddset(&mask, sig);
    // Before the proxy's threads start, so that they inherit the mask and only signalfd sees them.
    sigprocmask(SIG_BLOCK, &mask, nullptr);
    signal(SIGPIPE, SIG_IGN);
    return signalfd(-1, &mask, SFD_CLOEXEC);
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 3 || argv[1][0] != '/') {
        std::fprintf(stderr,
                     "usage: sandpit-proxy FOLDER HOST:PORT...\n"
                     "The network proxy of a named sandbox; Sandpit starts it (sandpit sandbox create "
                     "--allow-net).\n");
        return 2;
    }
    // Nothing of the creator's: its descriptors (a pipe its caller reads to the end), its
    // terminal's signals.
    close_range(3, ~0U, 0);
    setsid();
    const int sigFd = blockSignals();
    g_folder = QFile::decodeName(argv[1]);
    if (sigFd < 0 || chdir(argv[1]) != 0)
        return 1;
    QStringList entries;
    for (int i = 2; i < argc; ++i)
        entries << QString::fromLocal8Bit(argv[i]);
    const auto allowed = parseAllowList(entries);
    if (!allowed) {
        writeRecord(QStringLiteral("error=%1\n").arg(allowed.error().message));
        return 2;
    }
    // A folder given relative to the sandbox's: the socket's absolute path there can be longer
    // than a socket address holds (108 bytes), a relative one cannot.
    auto proxy = NetworkProxy::start(*allowed, fileIn(SandboxProxy::kAttemptLog), QStringLiteral("."));
    if (!proxy) {
        writeRecord(QStringLiteral("error=%1\n").arg(proxy.error().message));
        return 1;
    }
    const QString socket = g_folder + QLatin1Char('/') + (*proxy)->socketPath().mid(2); // past "./"
    writeRecord(QStringLiteral("pid=%1\nstart=%2\nsocket=%3\n")
                    .arg(getpid())
                    .arg(ProcessIdentity::of(getpid()).start)
                    .arg(socket));
    if (const auto watched = awaitWatch(sigFd))
        waitForEnd(*watched, sigFd);
    proxy->reset();
    QFile::remove(fileIn(SandboxProxy::kWatchFile));
    QFile::remove(fileIn(SandboxProxy::kRecordFile));
    return 0;
}
