#pragma once
// The contract between the engine (Qt) and sandpit-helper (no Qt). Plain C++ only: both sides
// include it.
//
// Invocation:
//   sandpit-helper --workspace DIR --report FILE [limits] [--env NAME=VALUE]... -- PROGRAM [ARG]...
//
// The helper runs PROGRAM with DIR as its working directory, relays its stdout and stderr to
// its own, passes its own stdin through, enforces the limits, and when everything in the run
// is dead writes FILE: one "key=value" per line (values never contain a newline). It exits 0
// when FILE describes the run, and kExitSetupFailed when the run could not be set up (FILE then
// names the failed step and errno). Other exit codes mean the helper itself broke.
//
// Prepared mode, for a warm start:
//   sandpit-helper --workspace DIR --report FILE --job JOBFILE [sandbox options]
// builds the sandbox at once and waits. When a newline arrives on its stdin it reads JOBFILE:
// more arguments, NUL-separated (limits, --env, "--", PROGRAM, ARG...), and runs. Everything
// after that newline on stdin is the program's. EOF instead of the newline: nothing runs, the
// helper exits 0 without a report.
//
// --allow-weaker never|partial|none: the weakest isolation the helper may fall back to when the
// kernel refuses full isolation. "never" (the default) fails closed: nothing runs, and the
// report says why (kSandboxUnavailableStep).
//
// The wall-clock limit (--timeout-ms) does not count the time the run waits for input: while
// a thread of the run sleeps in read() on the helper's stdin pipe (nothing typed yet, and the
// engine still holds it open), no process of the run uses CPU time and none sleeps on a timer.
// A run whose stdin is closed after the data (or is no pipe) never waits so: it keeps the plain
// limit. The report's kInputWaitUs says how long it waited; CPU time counts always.
//
// SIGTERM, SIGINT or SIGHUP to the helper stop the run as "cancelled".
//
// --events-fd N: the helper tells the engine, on descriptor N (inherited from it), what it
// would otherwise learn late or not at all. Each event is one byte, some followed by data:
//   kArtifactsListed, a native uint32 length, then that many bytes: the files in the run's
//     output folder so far, one "SIZE<TAB>PATH" line each (PATH relative to the folder), and a
//     last line "+" when there were more than fit. Sent while the program runs, when the
//     list changed, at most twice a second.
//   kInputWaitBegan, kInputWaitEnded: the run began or stopped waiting for input (see
//     kInputWaitUs). The helper's wall-clock deadline moves by each wait's length, so an
//     engine that keeps a backstop of its own moves it too.
//   kReportReady: FILE is in place and the helper has closed its stdout and stderr, so every
//     byte of output is already in those pipes. The engine can take the result now: everything
//     in the run is dead, and what the helper still does (wait for init's namespaces to go,
//     remove the run's cgroup) concerns nobody. The last event.
// Without --events-fd the helper's exit is the signal.
//
// --pty COLSxROWS (each 1 to 1000; a run option, so a job may carry it): the program runs on a
// terminal instead of pipes. Init mounts the sandbox's own devpts instance (newinstance, with
// /dev/ptmx pointing at /dev/pts/ptmx), so the pty is the run's and the host's /dev/pts is
// never seen; it opens a pty there of that size and makes the slave the program's stdin,
// stdout, stderr and controlling terminal (its own session). The helper relays the master to
// its stdout, raw (escape sequences and all; stdout_bytes counts it, stderr stays empty, the
// output limit holds), and what arrives on its stdin to the master: Ctrl+C is the byte 0x03,
// which the line discipline turns into SIGINT for the program's foreground process group, and
// the run goes on. EOF on the helper's stdin is typed as one Ctrl+D (0x04), the terminal's
// end-of-file; from then on a wait for input no longer stops the wall clock. A program blocked
// reading the terminal, or waiting for it with no timeout in select/poll/epoll, waits for
// input, as on a pipe (see kInputWaitUs).
//
// --control-fd N: descriptor N (inherited) is the engine's control channel to the helper, read
// while a --pty run goes on. One message per line:
//   "size COLSxROWS\n": resize the terminal (TIOCSWINSZ; the program gets SIGWINCH).
// Unknown or malformed lines are ignored. Given on the command line (a prepared sandbox is
// started before anyone knows whether its run will be on a terminal); EOF ends the messages,
// not the run.
//
// sandpit-helper --export-seccomp writes the compiled system-call filter to stdout and exits.
// --seccomp-fd N: descriptor N (inherited) is a memfd holding such an image, sealed against
// writes and size changes; the helper installs it instead of compiling its own, and fails the
// setup (step "seccomp-image-...") when it is unsealed or malformed. An engine compiles the
// filter once and hands every later helper the same image.

namespace Sandpit::Helper::Protocol {

inline constexpr int kExitSetupFailed = 125;
inline constexpr int kExitUsage = 126;
inline constexpr char kJobSeparator = '\0';
inline constexpr char kReportReady = 'R';
inline constexpr char kArtifactsListed = 'L';
inline constexpr char kInputWaitBegan = 'W';
inline constexpr char kInputWaitEnded = 'w';

// Report keys.
inline constexpr const char *kOutcome = "outcome"; // exited | signaled
inline constexpr const char *kExitCode = "exit_code";
inline constexpr const char *kSignal = "signal";
inline constexpr const char *kKillReason = "kill_reason";    // KillReason ids ("none", "timeout", ...)
inline constexpr const char *kKillDetail = "kill_detail";    // facts only the helper knows
inline constexpr const char *kWallUs = "wall_us";            // all of it, waits for input included
inline constexpr const char *kInputWaitUs = "input_wait_us"; // of that, waiting for input (absent: none)
inline constexpr const char *kCpuUs = "cpu_us";
inline constexpr const char *kPeakRss = "peak_rss_bytes";
inline constexpr const char *kStdoutBytes = "stdout_bytes";
inline constexpr const char *kStderrBytes = "stderr_bytes";
inline constexpr const char *kOutputTruncated = "output_truncated"; // stdout | stderr | (absent)
// Limits the kernel enforced by refusing a call, comma-separated ids (process-limit, memory,
// file-size, open-files, disk-full), never the kill reason's own; absent when none.
inline constexpr const char *kLimitsReached = "limits_reached";
inline constexpr const char *kArtifactsCapped = "artifacts_capped"; // 1: init left part of output/ behind (a limit)
inline constexpr const char *kSetupStep = "setup_step";
inline constexpr const char *kSetupErrno = "setup_errno";
inline constexpr const char *kIsolationLevel = "isolation_level"; // full | partial | none
inline constexpr const char *kIsolation = "isolation";            // repeated: one sentence each
// The run's cgroup, for `sandpit doctor`: its kind ("v2", "v2, delegated", "v1") and the
// controllers that held the run (comma-separated: memory, pids, cpu); without one, why not.
inline constexpr const char *kCgroupKind = "cgroup_kind";
inline constexpr const char *kCgroupControllers = "cgroup_controllers";
inline constexpr const char *kCgroupMissing = "cgroup_missing";
// With kSetupStep "sandbox-unavailable": no level the user allows could be built, and nothing
// ran. One sentence per refused level, then what would fix it.
inline constexpr const char *kSandboxUnavailableStep = "sandbox-unavailable";
inline constexpr const char *kUnavailable = "unavailable"; // repeated
inline constexpr const char *kUnavailableFix = "unavailable_fix";
// kSetupStep for a run with --proxy-socket that got less than full isolation: without its own
// network namespace it would reach the host's network, so it fails closed.
inline constexpr const char *kProxyNeedsNetworkNamespaceStep = "proxy-needs-network-namespace";

} // namespace Sandpit::Helper::Protocol
