#pragma once

#include <string>
#include <vector>

namespace Sandpit::Helper {

/// What the engine asked for. Zero means "no limit".
struct Options {
    std::string workspace;
    std::string report;
    std::string job;      ///< prepared mode: build the sandbox now, run when a job arrives (see protocol.h)
    std::string hold;     ///< hold mode: build a named sandbox that outlives us, its state in this folder
    std::string enter;    ///< enter mode: run in the named sandbox whose state is in this folder
    std::string workBind; ///< hold mode: this host folder is /work (kept), instead of a tmpfs
    /// The host path of Sandpit's network proxy (core/network/networkproxy.h): bound read-only at
    /// /run/sandpit-proxy/proxy.sock, and init starts the forwarder to it (proxyforward.h). Full
    /// isolation only: without its own network namespace the program would not need a proxy.
    std::string proxySocket;
    /// The folder of the workspace whose files are copied back to the host when the run ends:
    /// output/ for a program, the build folder for a compiler. One plain name, no slashes.
    std::string collectDir = "output";
    /// The weakest isolation the run may fall back to when the kernel refuses full isolation:
    /// "never" (refuse to run; the default), "partial" or "none". The user chooses this,
    /// knowing what the program can then reach; the helper never decides it alone.
    std::string allowWeaker = "never";
    long long timeoutMs = 0;
    long long cpuMs = 0;
    long long memoryBytes = 0;
    long long processes = 0;
    long long fileSizeBytes = 0;
    long long openFiles = 0;
    long long outputBytes = 0;
    long long workSizeBytes = 64LL * 1024 * 1024; ///< size of the /work and /tmp tmpfs each
    long long workInodes = 8192;                  ///< files and folders allowed in /work
    long long eventsFd = 0;                       ///< 0: none; see --events-fd in protocol.h
    long long seccompFd = 0;                      ///< 0: compile the filter; see --seccomp-fd in protocol.h
    long long cpuMillis = 0;                      ///< hold mode: CPU share in thousandths of a CPU; 0: one CPU
    long long logBytes = 1024 * 1024;             ///< enter mode: the sandbox log's cap
    long long controlFd = 0;                      ///< 0: none; see --control-fd in protocol.h
    /// "COLSxROWS": run the program on a pty of that size (see --pty in protocol.h); empty: pipes.
    std::string pty;
    bool shareNetwork = false; ///< keep the host's network (off by default)
    /// Also copy the whole of /work back when the run ends, into the host workspace's
    /// .sandpit-kept (see KeptWorkspace): for a workspace that persists between runs.
    bool keepWork = false;
    /// Copy back every file the program created or changed anywhere in /work, not only
    /// collectDir: a learner's open("temps.csv", "w") is kept as well as output/.
    bool collectChanges = false;
    std::vector<std::string> readOnlyBinds; ///< host paths shown read-only at the same place
    std::vector<std::string> environment;   ///< NAME=VALUE, the program's whole environment
    std::vector<std::string> command;       ///< program and arguments
};

/// Adds what `arguments` say to `options` (so a job can complete what the command line
/// began); on failure returns false and fills `error`.
bool parseArguments(const std::vector<std::string> &arguments, Options &options, std::string &error);
/// True when `options` describes a run: workspace, report and a command.
bool isComplete(const Options &options, std::string &error);
/// The arguments that parse back into `options`.
std::vector<std::string> toArguments(const Options &options);

} // namespace Sandpit::Helper
