#include "stdinrelay.h"

#include <cerrno>
#include <unistd.h>

namespace Sandpit::App {

StdinRelay::StdinRelay(Core::RunController &controller, Core::RunId run)
    : m_controller(controller)
    , m_run(run)
    , m_notifier(STDIN_FILENO, QSocketNotifier::Read)
{
    connect(&m_notifier, &QSocketNotifier::activated, this, &StdinRelay::relay);
}

void StdinRelay::relay()
{
    char buffer[65536];
    const ssize_t n = ::read(STDIN_FILENO, buffer, sizeof buffer);
    if (n < 0 && (errno == EINTR || errno == EAGAIN))
        return;
    if (n <= 0) {
        m_notifier.setEnabled(false);
        m_controller.closeInput(m_run);
        return;
    }
    m_controller.writeInput(m_run, QByteArray(buffer, n));
}

} // namespace Sandpit::App
