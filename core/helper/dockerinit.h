#pragma once

namespace Sandpit::Helper {

/// sandpit-seccomp --init CONTROL [OPEN-FILES [DEADLINE-S]]: PID 1 of a Docker container.
///
/// PID 1 holds the run's token, the secret that lets its end marker be believed. A launcher
/// shell held it before, as the program's uid, dumpable and unfiltered: a program read the
/// token out of /proc/1/mem and forged "exit 0", and took over PID 1 to open what the filter
/// refuses. This init is non-dumpable (its /proc files belong to root, whom the container
/// does not have), runs under the filter it gives the program, and never execs: the token stays
/// in memory nobody else can read.
///
/// It takes the token (CONTROL/go, a pipe the host writes; or CONTROL/token, sent through the
/// archive API and deleted here), reads CONTROL/run.sh and CONTROL/end.sh before anything of
/// the program runs, runs run.sh twice as its child beside the open-files watch (to copy the
/// files in; then, past a stamp, to exec the program), and waits for it itself, so the status
/// it reports is the kernel's. It then kills everything else, runs end.sh (the counters, with nothing of the
/// program left alive to change them), writes the end marker (with work_changed: whether
/// anything of the program's in /work changed after the stamp, see workchanges.h), and holds the container (/work
/// is a tmpfs that goes with it) until the host has copied what it keeps and says so: a line
/// on the go pipe, or SIGUSR1 from the engine. It then exits with the program's status (128+N
/// for signal N), which the host reads from the Engine API, out of the program's reach. Past
/// DEADLINE-S seconds (a Sandpit that was killed and cannot stop it) it kills the program and
/// ends the container by itself; for a run whose input is typed, time the program spends
/// waiting for it does not count (see DockerDeadline), and the end marker says how long it
/// waited (input_wait_ms).
int runDockerInit(int argc, char **argv);

} // namespace Sandpit::Helper
