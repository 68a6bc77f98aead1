#include "seccompfilter.h"

#include "seccompallowlist.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <iterator>
#include <linux/sched.h>
#include <linux/seccomp.h>
#include <seccomp.h>
#include <span>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace Sandpit::Helper {

namespace {

// Calls no learner program needs, and which are the usual first step of an escape or of
// spying on the user's other processes.
constexpr const char *kForbidden[] = {
    // other processes' memory and tracing
    "ptrace",
    "process_vm_readv",
    "process_vm_writev",
    "kcmp",
    "pidfd_getfd",
    // the kernel keyring, eBPF, perf, userfaultfd and io_uring: large attack surfaces
    "keyctl",
    "add_key",
    "request_key",
    "bpf",
    "perf_event_open",
    "userfaultfd",
    "io_uring_setup",
    "io_uring_enter",
    "io_uring_register",
    // mounts and namespaces
    "mount",
    "umount2",
    "pivot_root",
    "unshare",
    "setns",
    "move_mount",
    "open_tree",
    "fsopen",
    "fsconfig",
    "fsmount",
    "fspick",
    "mount_setattr",
    // the machine itself
    "kexec_load",
    "kexec_file_load",
    "reboot",
    "init_module",
    "finit_module",
    "delete_module",
    "iopl",
    "ioperm",
    "lookup_dcookie",
    "open_by_handle_at",
    "name_to_handle_at",
    "fanotify_init",
    "uselib",
};

// Calls that only a privileged process may make, which the program can never be: refusing
// them with EPERM, as the kernel would, lets test suites that probe them (CPython's test_os,
// test_time) go on instead of ending the run.
constexpr const char *kPrivilegedOnly[] = {
    "chroot",        "acct",          "swapon",        "swapoff",         "syslog",  "quotactl",
    "settimeofday",  "clock_settime", "clock_adjtime", "adjtimex",        "vhangup", "sethostname",
    "setdomainname", "quotactl_fd",   "stime",         "clock_settime64",
};

// The socket families a program may use: local sockets, its own loopback, and netlink (which
// the C library uses to list interfaces). Anything else, AF_VSOCK to the hypervisor among
// them, might reach past the network namespace.
constexpr int kAllowedFamilies[] = {AF_UNIX, AF_INET, AF_INET6, AF_NETLINK};

// Namespace flags in clone()'s first argument: making namespaces is how a program would
// build itself a root-like place to attack the kernel from.
constexpr scmp_datum_t kNamespaceFlags[] = {CLONE_NEWNS,  CLONE_NEWUTS, CLONE_NEWIPC,    CLONE_NEWUSER,
                                            CLONE_NEWPID, CLONE_NEWNET, CLONE_NEWCGROUP, CLONE_NEWTIME};

// One libseccomp context, released however the build ends.
class FilterContext
{
public:
    explicit FilterContext(uint32_t defaultAction)
        : m_ctx(seccomp_init(defaultAction))
    {
    }
    ~FilterContext()
    {
        if (m_ctx)
            seccomp_release(m_ctx);
    }
    FilterContext(const FilterContext &) = delete;
    FilterContext &operator=(const FilterContext &) = delete;
    scmp_filter_ctx get() const { return m_ctx; }

private:
    scmp_filter_ctx m_ctx;
};

Step failWith(const char *step, int rc)
{
    errno = -rc;
    return Step::fail(step);
}

Step exportProgram(const FilterContext &ctx, std::vector<sock_filter> &program)
{
    const int memory = memfd_create("sandpit-seccomp", MFD_CLOEXEC);
    if (memory < 0)
        return Step::fail("seccomp-memfd");
    if (int rc = seccomp_export_bpf(ctx.get(), memory); rc < 0) {
        close(memory);
        return failWith("seccomp-export", rc);
    }
    const off_t size = lseek(memory, 0, SEEK_END);
    program.resize(static_cast<size_t>(size) / sizeof(sock_filter));
    const bool ok = size > 0 && pread(memory, program.data(), static_cast<size_t>(size), 0) == size;
    close(memory);
    return ok ? Step::ok() : Step::fail("seccomp-read-program");
}

// Every call of `names` this architecture has gets `action`.
Step addNamed(const FilterContext &ctx, uint32_t action, std::span<const char *const> names)
{
    for (const char *name : names) {
        const int nr = seccomp_syscall_resolve_name(name);
        if (nr == __NR_SCMP_ERROR)
            continue; // not on this architecture
        if (int rc = seccomp_rule_add(ctx.get(), action, nr, 0); rc < 0)
            return failWith("seccomp-rule", rc);
    }
    return Step::ok();
}

// socket() and socketpair() get the same answer for a family outside the list: the kernel
// runs the family's create code for both before socketpair() finds out that, say, AF_VSOCK
// has no pairs. For socketpair() the list is AF_UNIX alone, the one family that has pairs.
Step addFamilyRules(const FilterContext &ctx, int call, std::span<const int> allowed)
{
    for (int family = 0; family < AF_MAX; ++family) {
        if (std::find(allowed.begin(), allowed.end(), family) != allowed.end())
            continue;
        if (int rc = seccomp_rule_add(ctx.get(), SCMP_ACT_ERRNO(EAFNOSUPPORT), call, 1,
                                      SCMP_A0(SCMP_CMP_EQ, static_cast<scmp_datum_t>(family)));
            rc < 0) {
            return failWith("seccomp-rule-socket", rc);
        }
    }
    if (int rc = seccomp_rule_add(ctx.get(), SCMP_ACT_ERRNO(EAFNOSUPPORT), call, 1,
                                  SCMP_A0(SCMP_CMP_GE, static_cast<scmp_datum_t>(AF_MAX)));
        rc < 0) {
        return failWith("seccomp-rule-socket", rc);
    }
    return Step::ok();
}

// Calls outside the list fail with ENOSYS, as a call the kernel does not have would: programs
// and runtimes take that as "not here" and fall back. libseccomp's binary tree keeps the
// look-up at a few comparisons however long the list is.
Step buildAllowList(std::vector<sock_filter> &program)
{
    const FilterContext ctx(SCMP_ACT_ERRNO(ENOSYS));
    if (!ctx.get())
        return Step::fail("seccomp-init");
    // Another ABI (i386 through int 0x80, x32) would walk around every rule.
    if (int rc = seccomp_attr_set(ctx.get(), SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS); rc < 0)
        return failWith("seccomp-badarch", rc);
    if (int rc = seccomp_attr_set(ctx.get(), SCMP_FLTATR_CTL_OPTIMIZE, 2); rc < 0)
        return failWith("seccomp-optimize", rc);
    SANDPIT_TRY_STEP(addNamed(ctx, SCMP_ACT_ALLOW, allowedSystemCalls()));
    // The rules decide these; they must get past the list to be decided.
    SANDPIT_TRY_STEP(addNamed(ctx, SCMP_ACT_ALLOW, kForbidden));
    SANDPIT_TRY_STEP(addNamed(ctx, SCMP_ACT_ALLOW, kPrivilegedOnly));
    return exportProgram(ctx, program);
}

// Rules for one call are OR-ed: one rule per flag means "any namespace flag set".
Step forbidNamespaceClones(const FilterContext &ctx, uint32_t forbiddenAction)
{
    for (scmp_datum_t flag : kNamespaceFlags) {
        if (int rc
            = seccomp_rule_add(ctx.get(), forbiddenAction, SCMP_SYS(clone), 1, SCMP_A0(SCMP_CMP_MASKED_EQ, flag, flag));
            rc < 0) {
            return failWith("seccomp-rule-clone", rc);
        }
    }
    // clone3 passes its flags in memory, which a filter cannot read; ENOSYS makes the C
    // library fall back to clone(), whose flags the rules above see.
    if (int rc = seccomp_rule_add(ctx.get(), SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0); rc < 0)
        return failWith("seccomp-rule-clone3", rc);
    return Step::ok();
}

// Init shares the program's uid, so the kernel would let the program lower init's own limits
// (prlimit on PID 1) and blind its watch. Setting another process's limits is refused;
// reading them, and setting one's own (pid 0), stay allowed.
Step refuseOthersLimits(const FilterContext &ctx)
{
    if (int rc = seccomp_rule_add(ctx.get(), SCMP_ACT_ERRNO(EPERM), SCMP_SYS(prlimit64), 2, SCMP_A0(SCMP_CMP_NE, 0),
                                  SCMP_A2(SCMP_CMP_NE, 0));
        rc < 0) {
        return failWith("seccomp-rule-prlimit", rc);
    }
    return Step::ok();
}

// TIOCSTI pushes keystrokes into a terminal's input; TIOCLINUX can do the same on a console.
Step forbidTerminalInjection(const FilterContext &ctx, uint32_t forbiddenAction)
{
    for (unsigned long request : {static_cast<unsigned long>(TIOCSTI), static_cast<unsigned long>(TIOCLINUX)}) {
        if (int rc = seccomp_rule_add(ctx.get(), forbiddenAction, SCMP_SYS(ioctl), 1,
                                      SCMP_A1(SCMP_CMP_MASKED_EQ, 0xffffffffUL, request));
            rc < 0) {
            return failWith("seccomp-rule-ioctl", rc);
        }
    }
    return Step::ok();
}

// The rules need arguments, and libseccomp lets an unconditional rule swallow the conditional
// ones of the same call: "allow ioctl" would drop "end the run on ioctl(TIOCSTI)". So they live
// in a program of their own whose default is to allow, and the kernel, which runs both
// programs, keeps the strictest answer: the list's ENOSYS, the rules' EPERM or notification.
Step buildRules(std::vector<sock_filter> &program, uint32_t forbiddenAction)
{
    const FilterContext ctx(SCMP_ACT_ALLOW);
    if (!ctx.get())
        return Step::fail("seccomp-init");
    if (int rc = seccomp_attr_set(ctx.get(), SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS); rc < 0)
        return failWith("seccomp-badarch", rc);
    SANDPIT_TRY_STEP(addNamed(ctx, forbiddenAction, kForbidden));
    SANDPIT_TRY_STEP(forbidNamespaceClones(ctx, forbiddenAction));
    SANDPIT_TRY_STEP(addNamed(ctx, SCMP_ACT_ERRNO(EPERM), kPrivilegedOnly));
    SANDPIT_TRY_STEP(addFamilyRules(ctx, SCMP_SYS(socket), kAllowedFamilies));
    constexpr int kPairFamilies[] = {AF_UNIX};
    SANDPIT_TRY_STEP(addFamilyRules(ctx, SCMP_SYS(socketpair), kPairFamilies));
    SANDPIT_TRY_STEP(refuseOthersLimits(ctx));
    SANDPIT_TRY_STEP(forbidTerminalInjection(ctx, forbiddenAction));
    return exportProgram(ctx, program);
}

} // namespace

Step buildSeccompProgram(SeccompProgram &program, ForbiddenCall forbidden)
{
    SANDPIT_TRY_STEP(buildAllowList(program.allowList));
    return buildRules(program.rules, forbidden == ForbiddenCall::Notify ? SCMP_ACT_NOTIFY : SCMP_ACT_KILL_PROCESS);
}

Step loadSeccompProgram(const SeccompProgram &program, int &notifyFd)
{
    const sock_fprog allowList{static_cast<unsigned short>(program.allowList.size()),
                               const_cast<sock_filter *>(program.allowList.data())};
    if (syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &allowList) != 0)
        return Step::fail("seccomp-load-allow-list");
    const sock_fprog rules{static_cast<unsigned short>(program.rules.size()),
                           const_cast<sock_filter *>(program.rules.data())};
    notifyFd
        = static_cast<int>(syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_NEW_LISTENER, &rules));
    return notifyFd >= 0 ? Step::ok() : Step::fail("seccomp-load");
}

void syscallName(unsigned int arch, int number, char *out, size_t size)
{
    char *name = seccomp_syscall_resolve_num_arch(arch, number); // allocated by libseccomp
    std::snprintf(out, size, "%s", name ? name : "an unknown system call");
    std::free(name);
}

} // namespace Sandpit::Helper
