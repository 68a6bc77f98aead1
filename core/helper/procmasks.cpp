#include "procmasks.h"

#include "mountflags.h"

#include <cerrno>
#include <sys/mount.h>
#include <sys/stat.h>

namespace Sandpit::Helper {

namespace {

// runc's default masked paths. The kernel's memory image and symbol table, the keys of every
// keyring the user can view, and the timer and scheduler lists (which name processes outside
// the run and their kernel addresses) are no business of a learner's program; the hardware
// lists are noise that differs from machine to machine.
constexpr const char *kMaskedInProc[]
    = {"kcore",         "kallsyms", "keys",   "timer_list", "timer_stats", "sched_debug",
       "latency_stats", "acpi",     "asound", "scsi",       "interrupts"};

// Switches and tables of the whole machine. The program is never root in its namespace, so
// the kernel refuses its writes already; read-only mounts keep it so whatever the kernel's
// permission checks (and a future capability bug) say.
constexpr const char *kReadOnlyInProc[] = {"sys", "sysrq-trigger", "irq", "bus", "fs"};

// A file is hidden under /dev/null (it reads as empty); a folder under an empty read-only
// tmpfs. What does not exist on this kernel is left alone.
Step mask(const std::string &path)
{
    struct stat st { };
    if (lstat(path.c_str(), &st) != 0)
        return Step::ok();
    if (S_ISDIR(st.st_mode)) {
        if (mount("tmpfs", path.c_str(), "tmpfs", MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC,
                  "size=4k,nr_inodes=1,mode=0555")
            != 0) {
            return Step::fail("mask-proc-folder");
        }
        return Step::ok();
    }
    if (mount("/dev/null", path.c_str(), nullptr, MS_BIND, nullptr) != 0)
        return Step::fail("mask-proc-file");
    // Not nodev: the program reads the mask as the empty device it is. nosuid and the locked
    // flags, because a /dev mounted nosuid (systemd's, Docker's) locks it on the bind too, and a
    // remount that would drop it is refused.
    if (mount(nullptr, path.c_str(), nullptr, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | lockedFlags("/dev/null"),
              nullptr)
        != 0)
        return Step::fail("mask-proc-file-read-only");
    return Step::ok();
}

Step makeReadOnly(const std::string &path)
{
    struct stat st { };
    if (lstat(path.c_str(), &st) != 0)
        return Step::ok();
    if (mount(path.c_str(), path.c_str(), nullptr, MS_BIND | MS_REC, nullptr) != 0)
        return Step::fail("bind-proc-read-only");
    if (mount(nullptr, path.c_str(), nullptr, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC,
              nullptr)
        != 0)
        return Step::fail("remount-proc-read-only");
    return Step::ok();
}

} // namespace

Step maskProc(const std::string &proc, const std::string &sys)
{
    for (const char *name : kMaskedInProc)
        SANDPIT_TRY_STEP(mask(proc + "/" + name));
    for (const char *name : kReadOnlyInProc)
        SANDPIT_TRY_STEP(makeReadOnly(proc + "/" + name));
    return mask(sys + "/firmware");
}

} // namespace Sandpit::Helper
