#include "signalrelay.h"

#include <csignal>
#include <fcntl.h>
#include <unistd.h>

namespace Sandpit::App {

namespace {
int g_writeEnd = -1;

void onSignal(int signal)
{
    const int saved = errno;
    const unsigned char byte = static_cast<unsigned char>(signal);
    [[maybe_unused]] const ssize_t n = ::write(g_writeEnd, &byte, 1);
    errno = saved;
}
} // namespace

SignalRelay::SignalRelay(std::initializer_list<int> signals)
    : m_signals(signals)
{
    if (::pipe2(m_pipe, O_CLOEXEC | O_NONBLOCK) != 0)
        return;
    g_writeEnd = m_pipe[1];
    m_notifier = new QSocketNotifier(m_pipe[0], QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, &SignalRelay::read);
    for (const int signal : m_signals) {
        struct sigaction action { };
        action.sa_handler = &onSignal;
        action.sa_flags = SA_RESTART;
        ::sigemptyset(&action.sa_mask);
        ::sigaction(signal, &action, nullptr);
    }
}

SignalRelay::~SignalRelay()
{
    for (const int signal : m_signals)
        ::signal(signal, SIG_DFL);
    g_writeEnd = -1;
    for (const int fd : m_pipe) {
        if (fd >= 0)
            ::close(fd);
    }
}

void SignalRelay::read()
{
    unsigned char byte = 0;
    while (::read(m_pipe[0], &byte, 1) == 1)
        Q_EMIT received(byte);
}

} // namespace Sandpit::App
