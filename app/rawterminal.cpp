#include "rawterminal.h"

#include <sys/ioctl.h>
#include <unistd.h>

namespace Sandpit::App {

RawTerminal::RawTerminal(int fd)
    : m_fd(fd)
{
    if (!::isatty(fd) || ::tcgetattr(fd, &m_saved) != 0)
        return;
    termios raw = m_saved;
    // Output processing too: the sandbox's pty already turned "\n" into "\r\n", and ours
    // would add a second "\r". Sandpit's own messages come after restore().
    ::cfmakeraw(&raw);
    m_active = ::tcsetattr(fd, TCSAFLUSH, &raw) == 0;
}

RawTerminal::~RawTerminal()
{
    restore();
}

void RawTerminal::restore()
{
    if (m_active)
        ::tcsetattr(m_fd, TCSAFLUSH, &m_saved);
    m_active = false;
}

Core::TerminalSize RawTerminal::size(int fd)
{
    winsize window{};
    if (::ioctl(fd, TIOCGWINSZ, &window) != 0 || window.ws_col == 0 || window.ws_row == 0)
        return {};
    return {window.ws_col, window.ws_row};
}

} // namespace Sandpit::App
