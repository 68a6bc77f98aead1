#pragma once

#include "model/terminalsize.h"

#include <termios.h>

namespace Sandpit::App {

/// The user's terminal in raw mode while `sandpit sandbox shell` runs, so that every key
/// (Ctrl+C, Ctrl+D, arrows) goes to the shell in the sandbox and its pty does the line
/// editing. The settings are restored when this goes, however the command ends: a normal
/// end, an error, or a signal that ends the event loop (SignalRelay); restore() is also safe
/// to call from a signal handler.
class RawTerminal final
{
public:
    /// Puts `fd` in raw mode; isActive() is false when it is not a terminal.
    explicit RawTerminal(int fd);
    ~RawTerminal();
    RawTerminal(const RawTerminal &) = delete;
    RawTerminal &operator=(const RawTerminal &) = delete;

    bool isActive() const { return m_active; }
    void restore();
    /// The terminal's size now; 80x24 when it does not say.
    static Core::TerminalSize size(int fd);

private:
    int m_fd = -1;
    bool m_active = false;
    termios m_saved{};
};

} // namespace Sandpit::App
