#pragma once
// The contract between the engine (Qt) and sandpit-helper's named sandboxes. Plain C++ only:
// both sides include it.
//
//   sandpit-helper --hold STATE_DIR [--memory-bytes N] [--processes N] [--cpu-millis N]
//                  [--work-bind DIR] [--proxy-socket SOCKET] [--ro-bind-try PATH]...
// builds a sandbox as for a run (full isolation only: a named sandbox that could not keep the
// program from the user's files is refused) and keeps it: its init, PID 1 of the sandbox,
// only reaps, and a keeper process outside it waits for init's end. Both are detached (a
// session of their own, stdio on /dev/null), so the sandbox outlives the program that made
// it. --work-bind DIR makes the user's folder DIR its /work (kept after rm) instead of a tmpfs
// of its own. --proxy-socket SOCKET (a sandbox with a network allow-list: the socket of its
// sandpit-proxy, core/sandboxes/sandboxproxy.h) is bound at /run/sandpit-proxy/proxy.sock and
// init starts the forwarder to it on the sandbox's loopback before the sandbox is reported
// built; it serves every command that enters. STATE_DIR must exist and be empty; the helper exits 0 once the sandbox stands and its
// state file is written, or kExitSetupFailed with one line on stderr saying why not.
//
// The keeper hears SIGTERM (stop: SIGTERM to every process in the sandbox, SIGKILL after a
// grace period) and SIGINT (kill: SIGKILL at once), writes kEndFile, removes the sandbox's
// cgroup and exits. If the keeper itself is killed, init dies with it (and so the sandbox),
// and no end file is written: the engine reports "its keeper was killed".
//
//   sandpit-helper --enter STATE_DIR --workspace DIR --report FILE [run options] -- PROGRAM ARG...
//   sandpit-helper --enter STATE_DIR --workspace DIR --report FILE --job JOBFILE [run options]
// runs PROGRAM inside that sandbox as a run does (same relay, limits, report, protocol.h),
// with the sandbox's /work, its namespaces and its cgroup: the memory and process limits are
// the sandbox's, shared by all the commands in it. Its output is also appended to kLogFile,
// which keeps at most --log-bytes (the newest part). An unknown or dead sandbox fails the
// setup (step "enter-...").

namespace Sandpit::Helper::SandboxProtocol {

inline constexpr const char *kStateFile = "state";  // key=value lines, written once at create
inline constexpr const char *kEndFile = "end";      // key=value lines, written by the keeper at the end
inline constexpr const char *kLogFile = "log";      // the newest output of the sandbox's commands
inline constexpr const char *kOldLogFile = "log.1"; // the part before that, dropped at the next turn
inline constexpr const char *kWorkDir = "work";     // the (empty) host workspace the sandbox is built from
// How many bytes the turns have dropped so far: a reader's offsets count from the log's first
// byte ever, so `logs --follow` finds its place again after a turn.
inline constexpr const char *kLogDroppedFile = "log.dropped";

// Processes are named by pid and start time (clock ticks after boot, /proc/PID/stat field 22),
// so a pid the kernel has given to another process is never taken for ours.
inline constexpr const char *kKeeperPid = "keeper_pid";
inline constexpr const char *kKeeperStart = "keeper_start";
inline constexpr const char *kInitPid = "init_pid";
inline constexpr const char *kInitStart = "init_start";
// With --proxy-socket: the forwarder, init's one child, which is not a command running there.
inline constexpr const char *kForwarderPid = "forwarder_pid";
inline constexpr const char *kForwarderStart = "forwarder_start";
inline constexpr const char *kOwnerUid = "owner_uid";
inline constexpr const char *kOwnerPid = "owner_pid";
inline constexpr const char *kOwnerStart = "owner_start";
inline constexpr const char *kOwnerName = "owner_name"; // the owner's program name (/proc/PID/comm)
inline constexpr const char *kCreated = "created";      // seconds since the epoch
inline constexpr const char *kMemoryBytes = "memory_bytes";
inline constexpr const char *kProcesses = "processes";
inline constexpr const char *kCpuMillis = "cpu_millis";
inline constexpr const char *kWorkspace = "workspace"; // the --work-bind folder; absent: its own tmpfs
// The groups of the whole sandbox (on cgroup v2 all three are the same); absent: none.
inline constexpr const char *kCgroupMemory = "cgroup_memory";
inline constexpr const char *kCgroupPids = "cgroup_pids";
inline constexpr const char *kCgroupCpu = "cgroup_cpu";

// End file keys.
inline constexpr const char *kEndReason = "reason"; // stopped | killed | memory | signal | exited
inline constexpr const char *kEndSignal = "signal"; // reason "signal": the signal that ended init
inline constexpr const char *kEnded = "ended";      // seconds since the epoch

} // namespace Sandpit::Helper::SandboxProtocol
