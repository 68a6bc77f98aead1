#include "terminalrelay.h"

#include "terminal.h"

#include <cerrno>
#include <fcntl.h>
#include <unistd.h>

namespace Sandpit::Helper {

namespace {
// Enough for a paste; past it the engine's pipe holds the rest, so that a program which
// never reads cannot make the helper hoard what is typed.
constexpr size_t kMaxPending = 64 * 1024;
// A control message is one short line; a longer one is garbage and is dropped.
constexpr size_t kMaxControlLine = 64;
// VEOF's default: read() on the terminal returns what the line holds, or 0 at a line's start.
constexpr char kEndOfFile = '\x04';
} // namespace

TerminalRelay::TerminalRelay(int controlFd)
    : m_controlFd(controlFd)
{
}

void TerminalRelay::takeMaster(int socket, OutputRelay &output)
{
    const int master = receiveDescriptor(socket);
    if (master < 0)
        return;
    m_master.reset(fcntl(master, F_DUPFD_CLOEXEC, 0));
    output.replace(OutputRelay::Stdout, master);
    // The flag is the open file's, shared with OutputRelay's descriptor, whose reads take
    // EAGAIN as "nothing yet".
    if (m_master.isValid())
        fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK);
}

void TerminalRelay::prepare(pollfd *fds) const
{
    const bool open = m_master.isValid();
    const bool wantInput = open && !m_inputEnded && m_pending.size() < kMaxPending;
    fds[0] = {wantInput ? STDIN_FILENO : -1, POLLIN, 0};
    fds[1] = {open && !m_pending.empty() ? m_master.get() : -1, POLLOUT, 0};
    fds[2] = {open ? m_controlFd : -1, POLLIN, 0};
}

void TerminalRelay::handle(const pollfd *fds)
{
    if (fds[0].revents)
        takeInput();
    if (fds[1].revents)
        flush();
    if (fds[2].revents)
        takeControl();
}

void TerminalRelay::takeInput()
{
    char buffer[4096];
    const ssize_t n = read(STDIN_FILENO, buffer, sizeof buffer);
    if (n < 0 && (errno == EINTR || errno == EAGAIN))
        return;
    if (n <= 0) {
        m_inputEnded = true;
        m_pending += kEndOfFile;
    } else {
        m_pending.append(buffer, static_cast<size_t>(n));
    }
    flush();
}

void TerminalRelay::flush()
{
    while (!m_pending.empty()) {
        const ssize_t n = write(m_master.get(), m_pending.data(), m_pending.size());
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && errno == EAGAIN)
            return;
        if (n <= 0) {
            // EIO: nothing holds the terminal any more; what was typed has nobody to read it.
            m_pending.clear();
            return;
        }
        m_pending.erase(0, static_cast<size_t>(n));
    }
}

void TerminalRelay::takeControl()
{
    char buffer[256];
    const ssize_t n = read(m_controlFd, buffer, sizeof buffer);
    if (n < 0 && (errno == EINTR || errno == EAGAIN))
        return;
    if (n <= 0) {
        m_controlFd = -1; // the engine closed it: no more resizes
        return;
    }
    for (ssize_t i = 0; i < n; ++i) {
        if (buffer[i] != '\n') {
            if (m_controlLine.size() <= kMaxControlLine)
                m_controlLine += buffer[i];
            continue;
        }
        if (m_controlLine.size() <= kMaxControlLine)
            applyControl(m_controlLine);
        m_controlLine.clear();
    }
}

void TerminalRelay::applyControl(const std::string &line)
{
    const std::string kSize = "size ";
    WindowSize size;
    if (line.compare(0, kSize.size(), kSize) == 0 && parseWindowSize(line.substr(kSize.size()), size))
        setWindowSize(m_master.get(), size);
}

} // namespace Sandpit::Helper
