#include "window/quitsignals.h"

#include <QLoggingCategory>
#include <QSocketNotifier>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace Sandpit::Ui {

namespace {
Q_LOGGING_CATEGORY(lcQuit, "sandpit.ui.quit", QtInfoMsg)
constexpr int kSignals[] = {SIGTERM, SIGHUP, SIGINT};
// One pipe for the process: a handler cannot find an object, only a global.
int g_pipe[2] = {-1, -1};
// The first quit signal; 0 until one came.
volatile sig_atomic_t g_first = 0;

void onSignal(int signal)
{
    const int savedErrno = errno;
    if (g_first == 0) {
        g_first = signal;
        const unsigned char number = static_cast<unsigned char>(signal);
        // The pipe is non-blocking: with the loop stuck and the pipe full, the signal is
        // dropped rather than the handler hanging the process.
        [[maybe_unused]] const ssize_t written = ::write(g_pipe[1], &number, 1);
    } else if (signal == SIGINT) {
        // A second Ctrl+C is not queued behind a quit that hangs: it ends the process as if
        // Sandpit did not handle it. The journal still holds every buffer as of the last
        // autosave. (signal() and raise() are async-signal-safe.)
        std::signal(SIGINT, SIG_DFL);
        ::raise(SIGINT);
    }
    // A SIGTERM or SIGHUP during the quit is the same request again: systemd sends SIGHUP
    // right after SIGTERM at a logout, and closing a terminal can hang up twice. Ending the
    // process on it would turn every logout into a crash.
    errno = savedErrno;
}
} // namespace

QuitSignals::QuitSignals(QObject *parent)
    : QObject(parent)
{
    if (g_pipe[0] < 0 && ::pipe2(g_pipe, O_CLOEXEC | O_NONBLOCK) != 0) {
        qCWarning(lcQuit, "no pipe for quit signals (%s); a logout ends it without saving the session",
                  std::strerror(errno));
        return;
    }
    g_first = 0;
    m_notifier = new QSocketNotifier(g_pipe[0], QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, &QuitSignals::readSignal);
    struct sigaction action = {};
    action.sa_handler = onSignal;
    sigemptyset(&action.sa_mask);
    // Restarted, so a signal in the middle of a read elsewhere does not fail that read.
    action.sa_flags = SA_RESTART;
    for (const int each : kSignals)
        ::sigaction(each, &action, nullptr);
}

QuitSignals::~QuitSignals()
{
    for (const int each : kSignals)
        std::signal(each, SIG_DFL);
}

void QuitSignals::readSignal()
{
    unsigned char number = 0;
    while (::read(g_pipe[0], &number, 1) == 1) {
        qCInfo(lcQuit, "%s: quitting; unsaved changes stay in the autosave journal", ::strsignal(number));
        Q_EMIT quitRequested(number);
    }
}

} // namespace Sandpit::Ui
