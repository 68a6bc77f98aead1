#include "seccompfilter.h"

#include <algorithm>
#include <cstdio>
#include <iterator>
#include <sys/socket.h>
#include <cstdlib>
#include <initializer_list>
#include <linux/sched.h>
#include <seccomp.h>
#include <linux/seccomp.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace Sandpit::Helper {

namespace {

// Calls no learner program needs, and which are the usual first step of an escape or of
// spying on the user's other processes.
constexpr const char *kForbidden[] = {
    // other processes' memory and tracing
    "ptrace", "process_vm_readv", "process_vm_writev", "kcmp", "pidfd_getfd",
    // the kernel keyring, eBPF, perf, userfaultfd and io_uring: large attack surfaces
    "keyctl", "add_key", "request_key", "bpf", "perf_event_open", "userfaultfd",
    "io_uring_setup", "io_uring_enter", "io_uring_register",
    // mounts and namespaces
    "mount", "umount2", "pivot_root", "unshare", "setns", "move_mount", "open_tree", "fsopen",
    "fsconfig", "fsmount", "fspick", "mount_setattr",
    // the machine itself
    "kexec_load", "kexec_file_load", "reboot", "init_module", "finit_module", "delete_module",
    "iopl", "ioperm", "lookup_dcookie", "open_by_handle_at", "name_to_handle_at", "fanotify_init", "uselib",
};

// Calls that only a privileged process may make, which the program can never be: refusing
// them with EPERM, as the kernel would, lets test suites that probe them (CPython's test_os,
// test_time) go on instead of ending the run.
constexpr const char *kPrivilegedOnly[] = {
    "chroot", "acct", "swapon", "swapoff", "syslog", "quotactl", "settimeofday", "clock_settime",
    "clock_adjtime", "adjtimex", "vhangup",
};

// The socket families a program may use: local sockets, its own loopback, and netlink (which
// the C library uses to list interfaces). Anything else, AF_VSOCK to the hypervisor among
// them, might reach past the network namespace.
constexpr int kAllowedFamilies[] = {AF_UNIX, AF_INET, AF_INET6, AF_NETLINK};

// Namespace flags in clone()'s first argument: making namespaces is how a program would
// build itself a root-like place to attack the kernel from.
constexpr scmp_datum_t kNamespaceFlags[] = {CLONE_NEWNS, CLONE_NEWUTS, CLONE_NEWIPC, CLONE_NEWUSER,
                                            CLONE_NEWPID, CLONE_NEWNET, CLONE_NEWCGROUP, CLONE_NEWTIME};

} // namespace

Step buildSeccompProgram(std::vector<sock_filter> &program, ForbiddenCall forbidden)
{
    const uint32_t forbiddenAction = forbidden == ForbiddenCall::Notify ? SCMP_ACT_NOTIFY : SCMP_ACT_KILL_PROCESS;
    scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
    if (!ctx)
        return Step::fail("seccomp-init");
    const auto failWith = [&](const char *step, int rc) {
        seccomp_release(ctx);
        errno = -rc;
        return Step::fail(step);
    };
    // Another ABI (i386 through int 0x80, x32) would walk around every rule below.
    if (int rc = seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS); rc < 0)
        return failWith("seccomp-badarch", rc);

    for (const char *name : kForbidden) {
        const int nr = seccomp_syscall_resolve_name(name);
        if (nr == __NR_SCMP_ERROR)
            continue; // not on this architecture
        if (int rc = seccomp_rule_add(ctx, forbiddenAction, nr, 0); rc < 0)
            return failWith("seccomp-rule", rc);
    }
    // Rules for one call are OR-ed: one rule per flag means "any namespace flag set".
    for (scmp_datum_t flag : kNamespaceFlags) {
        if (int rc = seccomp_rule_add(ctx, forbiddenAction, SCMP_SYS(clone), 1, SCMP_A0(SCMP_CMP_MASKED_EQ, flag, flag));
            rc < 0) {
            return failWith("seccomp-rule-clone", rc);
        }
    }
    for (const char *name : kPrivilegedOnly) {
        const int nr = seccomp_syscall_resolve_name(name);
        if (nr == __NR_SCMP_ERROR)
            continue;
        if (int rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), nr, 0); rc < 0)
            return failWith("seccomp-rule", rc);
    }
    for (int family = 0; family < AF_MAX; ++family) {
        if (std::find(std::begin(kAllowedFamilies), std::end(kAllowedFamilies), family) != std::end(kAllowedFamilies))
            continue;
        if (int rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EAFNOSUPPORT), SCMP_SYS(socket), 1,
                                      SCMP_A0(SCMP_CMP_EQ, static_cast<scmp_datum_t>(family)));
            rc < 0) {
            return failWith("seccomp-rule-socket", rc);
        }
    }
    if (int rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EAFNOSUPPORT), SCMP_SYS(socket), 1,
                                  SCMP_A0(SCMP_CMP_GE, static_cast<scmp_datum_t>(AF_MAX)));
        rc < 0) {
        return failWith("seccomp-rule-socket", rc);
    }
    // Init shares the program's uid, so the kernel would let the program lower init's own
    // limits (prlimit on PID 1) and blind its watch. Setting another process's limits is
    // refused; reading them, and setting one's own (pid 0), stay allowed.
    if (int rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(prlimit64), 2, SCMP_A0(SCMP_CMP_NE, 0),
                                  SCMP_A2(SCMP_CMP_NE, 0));
        rc < 0) {
        return failWith("seccomp-rule-prlimit", rc);
    }
    // clone3 passes its flags in memory, which a filter cannot read; ENOSYS makes the C
    // library fall back to clone(), whose flags the rule above sees.
    if (int rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0); rc < 0)
        return failWith("seccomp-rule-clone3", rc);
    // TIOCSTI pushes keystrokes into a terminal's input; TIOCLINUX can do the same on a console.
    for (unsigned long request : {static_cast<unsigned long>(TIOCSTI), static_cast<unsigned long>(TIOCLINUX)}) {
        if (int rc = seccomp_rule_add(ctx, forbiddenAction, SCMP_SYS(ioctl), 1,
                                      SCMP_A1(SCMP_CMP_MASKED_EQ, 0xffffffffUL, request));
            rc < 0) {
            return failWith("seccomp-rule-ioctl", rc);
        }
    }
    const int memory = memfd_create("sandpit-seccomp", MFD_CLOEXEC);
    if (memory < 0) {
        seccomp_release(ctx);
        return Step::fail("seccomp-memfd");
    }
    if (int rc = seccomp_export_bpf(ctx, memory); rc < 0) {
        close(memory);
        return failWith("seccomp-export", rc);
    }
    seccomp_release(ctx);
    const off_t size = lseek(memory, 0, SEEK_END);
    program.resize(static_cast<size_t>(size) / sizeof(sock_filter));
    const bool ok = size > 0 && pread(memory, program.data(), static_cast<size_t>(size), 0) == size;
    close(memory);
    return ok ? Step::ok() : Step::fail("seccomp-read-program");
}

Step loadSeccompProgram(const std::vector<sock_filter> &program, int &notifyFd)
{
    const sock_fprog fprog{static_cast<unsigned short>(program.size()), const_cast<sock_filter *>(program.data())};
    notifyFd = static_cast<int>(syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_NEW_LISTENER, &fprog));
    return notifyFd >= 0 ? Step::ok() : Step::fail("seccomp-load");
}

void syscallName(unsigned int arch, int number, char *out, size_t size)
{
    char *name = seccomp_syscall_resolve_num_arch(arch, number); // allocated by libseccomp
    std::snprintf(out, size, "%s", name ? name : "an unknown system call");
    std::free(name);
}

} // namespace Sandpit::Helper
