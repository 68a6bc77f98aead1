#pragma once

#include "filedescriptor.h"
#include "outputrelay.h"

#include <poll.h>
#include <string>

namespace Sandpit::Helper {

/// The supervisor's side of a run on a terminal (--pty): what the engine sends on the
/// helper's stdin goes to the pty's master, and resizes from --control-fd are applied to it.
/// The master's output is OutputRelay's, like a pipe's.
///
/// Writes never block the supervisor: a program that reads nothing fills the pty's small
/// input buffer, and a blocked write would stop the output relay and the wall clock with it.
/// What does not fit waits here, and the helper's stdin is read no further until it went.
class TerminalRelay
{
public:
    static constexpr int kPollCount = 3;

    /// `controlFd`: the engine's control channel (--control-fd), or -1.
    explicit TerminalRelay(int controlFd);

    /// Receives the pty's master from init on `socket` (see openRunTerminal in init.cpp): its
    /// output becomes `output`'s stdout, in place of the pipe, and a copy stays here for input
    /// and resizes. Nothing happens when nothing comes (init failed first; its record says why).
    void takeMaster(int socket, OutputRelay &output);
    bool active() const { return m_master.isValid(); }
    /// True once the engine closed the helper's stdin: the program got the terminal's
    /// end-of-file (Ctrl+D), and nothing it waits for now will ever be typed.
    bool inputEnded() const { return m_inputEnded; }

    /// Fills kPollCount entries for the supervisor's poll (fd -1 where there is nothing to wait
    /// for), and handles what the poll found in them.
    void prepare(pollfd *fds) const;
    void handle(const pollfd *fds);

private:
    void takeInput();
    void flush();
    void takeControl();
    void applyControl(const std::string &line);

    FileDescriptor m_master;
    int m_controlFd = -1;
    std::string m_pending; // typed, not yet taken by the pty
    std::string m_controlLine;
    bool m_inputEnded = false;
};

} // namespace Sandpit::Helper
