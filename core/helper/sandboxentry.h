#pragma once

#include "cgroup.h"
#include "options.h"
#include "outputrelay.h"
#include "sandboxlog.h"
#include "step.h"

#include <memory>
#include <string>

namespace Sandpit::Helper {

/// A named sandbox a command runs in (--enter): its namespaces, opened from its init, its
/// cgroup and its log.
struct SandboxEntry {
    SandboxEntry() = default;
    SandboxEntry(const SandboxEntry &) = delete;
    SandboxEntry &operator=(const SandboxEntry &) = delete;
    ~SandboxEntry();

    int mountFd = -1;
    int netFd = -1;
    int utsFd = -1;
    int ipcFd = -1;
    int cgroupFd = -1;
    std::string memoryGroup; ///< the sandbox's cgroups; empty: none
    std::string pidsGroup;
    std::string cpuGroup;
    long long memoryBytes = 0;
    long long processes = 0;
    SandboxLog log;
};

/// In the helper: reads the state in `stateDir`, checks that its init is still the process
/// recorded there, opens its namespaces, and joins its user and PID namespaces, so that the
/// helper's next child is born inside the sandbox (setns to a PID namespace moves children
/// only). The helper itself keeps the host's file system, for the report and the log.
Step prepareEntry(const std::string &stateDir, long long logBytes, SandboxEntry &entry);

/// The run's cgroup: a fresh one, or with --enter the named sandbox's (`entry` is then set,
/// the helper has joined the sandbox as prepareEntry does, and `output` goes to its log too).
Step openRunGroup(const Options &options, bool switchUser, std::unique_ptr<SandboxEntry> &entry,
                  std::unique_ptr<Cgroup> &cgroup, OutputRelay &output);

/// Writes the run's limits to its own cgroup; in a named sandbox (`entry`) the run is held to
/// the sandbox's memory and process limits instead, whatever the job asked: they are the whole
/// sandbox's, and init's watch and the report use them.
void applyRunLimits(const SandboxEntry *entry, Cgroup &cgroup, Options &run);

/// In that child: joins the sandbox's mount, network, UTS, IPC and cgroup namespaces, and so
/// its root and /work. Becomes a child subreaper, since it is not the namespace's PID 1: a
/// command's orphans stay its own, to be reaped and killed with the command.
Step joinSandbox(const SandboxEntry &entry);

} // namespace Sandpit::Helper
