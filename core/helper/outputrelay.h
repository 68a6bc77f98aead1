#pragma once

#include "options.h"

namespace Sandpit::Helper {

class SandboxLog;

/// The run's stdout and stderr, relayed from init's pipes to the helper's own (the engine's),
/// with one output limit for both together.
class OutputRelay
{
public:
    enum Stream { Stdout, Stderr };

    /// `run`: its outputBytes is the limit (0: none), read at every relay since a job may set it.
    explicit OutputRelay(const Options &run);

    /// Takes the read ends of init's output pipes.
    void attach(int stdoutFd, int stderrFd);
    /// Also appends what is relayed to `log` (a named sandbox's); nullptr: to nothing.
    void teeTo(SandboxLog *log) { m_tee = log; }
    /// Relays `fd` (a pty's master) as `stream` from now on, instead of its pipe: the program
    /// writes nothing to that pipe.
    void replace(Stream stream, int fd);
    void closeAll();
    /// The pipe to poll; -1 once it is closed (the run's last writer is gone).
    int fd(Stream stream) const { return m_streams[stream].fd; }
    bool anyOpen() const { return fd(Stdout) >= 0 || fd(Stderr) >= 0; }
    /// Moves what is waiting on `stream`, closing it at end-of-file. False when the output
    /// limit cut it: the run must stop.
    bool relay(Stream stream);
    long long bytes(Stream stream) const { return m_streams[stream].bytes; }
    /// "stdout" or "stderr": the stream cut at the output limit first; nullptr if none was.
    const char *truncated() const { return m_truncated; }

private:
    struct Pipe {
        int fd = -1;
        int target = -1;
        long long bytes = 0;
    };

    const Options &m_run;
    Pipe m_streams[2];
    const char *m_truncated = nullptr;
    SandboxLog *m_tee = nullptr;
};

} // namespace Sandpit::Helper
