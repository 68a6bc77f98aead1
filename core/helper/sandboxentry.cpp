#include "sandboxentry.h"

#include "sandboxprotocol.h"
#include "sandboxstate.h"
#include "sandboxuser.h"

#include <cstdlib>
#include <fcntl.h>
#include <sched.h>
#include <sys/prctl.h>
#include <unistd.h>

namespace Sandpit::Helper {

namespace S = SandboxProtocol;

namespace {

int openNamespace(pid_t init, const char *kind)
{
    const std::string path = "/proc/" + std::to_string(init) + "/ns/" + kind;
    return open(path.c_str(), O_RDONLY | O_CLOEXEC);
}

Step joinOne(int fd, int type, const char *step)
{
    return setns(fd, type) == 0 ? Step::ok() : Step::fail(step);
}

} // namespace

SandboxEntry::~SandboxEntry()
{
    for (int fd : {mountFd, netFd, utsFd, ipcFd, cgroupFd}) {
        if (fd >= 0)
            close(fd);
    }
}

Step prepareEntry(const std::string &stateDir, long long logBytes, SandboxEntry &entry)
{
    const std::string state = stateDir + "/" + S::kStateFile;
    const pid_t init = static_cast<pid_t>(std::atoll(readKeyValue(state, S::kInitPid).c_str()));
    const long long started = std::atoll(readKeyValue(state, S::kInitStart).c_str());
    // A sandbox that ended (or a pid now another process's) must not be entered: ESRCH says
    // it is gone, whatever took its number.
    errno = ESRCH;
    if (init <= 0 || processStartTime(init) != started || access((stateDir + "/" + S::kEndFile).c_str(), F_OK) == 0)
        return Step::fail("enter-find-sandbox");
    const int userFd = openNamespace(init, "user");
    const int pidFd = openNamespace(init, "pid");
    entry.mountFd = openNamespace(init, "mnt");
    entry.netFd = openNamespace(init, "net");
    entry.utsFd = openNamespace(init, "uts");
    entry.ipcFd = openNamespace(init, "ipc");
    entry.cgroupFd = openNamespace(init, "cgroup");
    // The namespaces were opened before this second look: had init died in between, they
    // might be a recycled pid's.
    if (processStartTime(init) != started) {
        errno = ESRCH;
        return Step::fail("enter-find-sandbox");
    }
    if (userFd < 0 || pidFd < 0 || entry.mountFd < 0 || entry.netFd < 0 || entry.utsFd < 0 || entry.ipcFd < 0)
        return Step::fail("enter-open-namespaces");
    // The user namespace first: it gives the capabilities the others ask for.
    SANDPIT_TRY_STEP(joinOne(userFd, CLONE_NEWUSER, "enter-user-namespace"));
    SANDPIT_TRY_STEP(joinOne(pidFd, CLONE_NEWPID, "enter-pid-namespace"));
    close(userFd);
    close(pidFd);
    entry.memoryGroup = readKeyValue(state, S::kCgroupMemory);
    entry.pidsGroup = readKeyValue(state, S::kCgroupPids);
    entry.cpuGroup = readKeyValue(state, S::kCgroupCpu);
    entry.memoryBytes = std::atoll(readKeyValue(state, S::kMemoryBytes).c_str());
    entry.processes = std::atoll(readKeyValue(state, S::kProcesses).c_str());
    entry.log.open(stateDir, logBytes);
    return Step::ok();
}

Step openRunGroup(const Options &options, bool switchUser, std::unique_ptr<SandboxEntry> &entry,
                  std::unique_ptr<Cgroup> &cgroup, OutputRelay &output)
{
    if (options.enter.empty()) {
        cgroup = std::make_unique<Cgroup>();
        return Step::ok();
    }
    // Given away now, while a root helper is still root over the host's files: in the
    // sandbox's user namespace it no longer is.
    if (switchUser)
        giveWorkspaceToSandboxUser(options.workspace, false);
    entry = std::make_unique<SandboxEntry>();
    SANDPIT_TRY_STEP(prepareEntry(options.enter, options.logBytes, *entry));
    cgroup = std::make_unique<Cgroup>(entry->memoryGroup, entry->pidsGroup, entry->cpuGroup);
    output.teeTo(&entry->log);
    return Step::ok();
}

void applyRunLimits(const SandboxEntry *entry, Cgroup &cgroup, Options &run)
{
    if (!entry) {
        cgroup.setLimits(run.memoryBytes, run.processes);
        return;
    }
    run.memoryBytes = entry->memoryBytes;
    run.processes = entry->processes;
}

Step joinSandbox(const SandboxEntry &entry)
{
    SANDPIT_TRY_STEP(joinOne(entry.mountFd, CLONE_NEWNS, "enter-mount-namespace"));
    SANDPIT_TRY_STEP(joinOne(entry.netFd, CLONE_NEWNET, "enter-net-namespace"));
    SANDPIT_TRY_STEP(joinOne(entry.utsFd, CLONE_NEWUTS, "enter-uts-namespace"));
    SANDPIT_TRY_STEP(joinOne(entry.ipcFd, CLONE_NEWIPC, "enter-ipc-namespace"));
    if (entry.cgroupFd >= 0)
        SANDPIT_TRY_STEP(joinOne(entry.cgroupFd, CLONE_NEWCGROUP, "enter-cgroup-namespace"));
    if (prctl(PR_SET_CHILD_SUBREAPER, 1) != 0)
        return Step::fail("prctl-subreaper");
    return chdir("/work") == 0 ? Step::ok() : Step::fail("enter-chdir-work");
}

} // namespace Sandpit::Helper
