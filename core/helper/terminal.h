#pragma once

#include "step.h"

#include <string>

namespace Sandpit::Helper {

/// A terminal's size in character cells (see --pty in protocol.h).
struct WindowSize {
    unsigned short columns = 0;
    unsigned short rows = 0;
};

/// "COLSxROWS", each 1 to 1000; false for anything else.
bool parseWindowSize(const std::string &text, WindowSize &size);

/// Opens a new pty on /dev/ptmx as this process sees it (inside the sandbox: the run's own
/// devpts instance, never the host's), sized `size`. `master` and `slave` are close-on-exec.
Step openTerminal(const WindowSize &size, int &master, int &slave);

/// TIOCSWINSZ on the master: the terminal's foreground programs get SIGWINCH.
bool setWindowSize(int master, const WindowSize &size);

/// Passes `fd` over the Unix socket `socket` (SCM_RIGHTS).
bool sendDescriptor(int socket, int fd);
/// The descriptor sent with sendDescriptor, close-on-exec; -1 on end-of-file or an error.
int receiveDescriptor(int socket);

} // namespace Sandpit::Helper
