#include "stdinrelay.h"

#include <cerrno>
#include <unistd.h>

namespace Sandpit::App {

namespace {
/// Whether reading stdin now could stop this process: a terminal whose foreground job is
/// another one (tcgetpgrp fails too once the terminal is no longer ours).
bool isBackgroundTerminal()
{
    return ::isatty(STDIN_FILENO) && ::tcgetpgrp(STDIN_FILENO) != ::getpgrp();
}
} // namespace

StdinRelay::StdinRelay(Core::RunController &controller, Core::RunId run)
    : m_controller(controller)
    , m_run(run)
    , m_notifier(STDIN_FILENO, QSocketNotifier::Read)
{
    connect(&m_notifier, &QSocketNotifier::activated, this, &StdinRelay::relay);
    connect(&controller, &Core::RunController::inputBacklogChanged, this, &StdinRelay::onBacklog);
    if (isBackgroundTerminal())
        endInput();
}

void StdinRelay::onBacklog(Core::RunId id, qint64 bytes)
{
    if (id != m_run || m_ended)
        return;
    m_backlog = bytes;
    if (m_backlog < kPauseAboveBytes / 2)
        m_notifier.setEnabled(true);
}

void StdinRelay::endInput()
{
    m_ended = true;
    m_notifier.setEnabled(false);
    m_controller.closeInput(m_run);
}

void StdinRelay::relay()
{
    // Checked at each read: the job may have been put in the background (Ctrl+Z, bg) since.
    if (isBackgroundTerminal()) {
        endInput();
        return;
    }
    char buffer[65536];
    const ssize_t n = ::read(STDIN_FILENO, buffer, sizeof buffer);
    if (n < 0 && (errno == EINTR || errno == EAGAIN))
        return;
    if (n <= 0) { // end of input, or an error such as EIO from a terminal that went away
        endInput();
        return;
    }
    m_controller.writeInput(m_run, QByteArray(buffer, n));
    // Counted here too: the run's report of this write comes later, from its thread.
    m_backlog += n;
    if (m_backlog > kPauseAboveBytes)
        m_notifier.setEnabled(false);
}

} // namespace Sandpit::App
