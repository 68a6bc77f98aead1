#include "mounts.h"

#include "mountflags.h"
#include "procmasks.h"
#include "proxyforward.h"

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace Sandpit::Helper {

namespace {

// The new root is assembled on a tmpfs mounted over /tmp, which is only hidden in our own
// mount namespace; the host workspace was opened as a descriptor before this.
constexpr const char *kStage = "/tmp";

std::string staged(const std::string &path)
{
    return std::string(kStage) + path;
}

Step makeDirs(const std::string &path, mode_t mode = 0755)
{
    // Most paths' parents exist already (every /etc file shares /tmp/etc): one mkdir then,
    // where walking down from the top made three for each of the thirty read-only paths.
    if (mkdir(path.c_str(), mode) == 0 || errno == EEXIST)
        return Step::ok();
    if (errno != ENOENT)
        return Step::fail("mkdir");
    std::string partial;
    size_t pos = 0;
    while (pos != std::string::npos) {
        pos = path.find('/', pos + 1);
        partial = path.substr(0, pos);
        if (!partial.empty() && mkdir(partial.c_str(), mode) != 0 && errno != EEXIST)
            return Step::fail("mkdir");
    }
    return Step::ok();
}

Step makeFile(const std::string &path, const std::string &content = {})
{
    const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (fd < 0)
        return Step::fail("create-file");
    const bool ok = write(fd, content.data(), content.size()) == static_cast<ssize_t>(content.size());
    close(fd);
    return ok ? Step::ok() : Step::fail("write-file");
}

Step mountTmpfs(const std::string &target, const std::string &options, unsigned long flags)
{
    SANDPIT_TRY_STEP(makeDirs(target));
    if (mount("tmpfs", target.c_str(), "tmpfs", flags, options.c_str()) != 0)
        return Step::fail("mount-tmpfs");
    return Step::ok();
}

// Old kernels without mount_setattr(2) (before 5.12) can only remount one mount at a time,
// which would leave a writable host mount below the bind (a data disk under /usr/local, a
// tmpfs an administrator put under /etc): there the bind is made without its submounts, so
// what lies below is simply not shown.
Step bindReadOnlyFlat(const std::string &source, const std::string &target)
{
    if (mount(source.c_str(), target.c_str(), nullptr, MS_BIND, nullptr) != 0)
        return Step::fail("bind-mount");
    const unsigned long flags = MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV | lockedFlags(source);
    if (mount(nullptr, target.c_str(), nullptr, flags, nullptr) != 0)
        return Step::fail("remount-read-only");
    return Step::ok();
}

// A read-only remount is not recursive: every mount below a bound path must be made
// read-only, nosuid and nodev too, or a program could write into a host mount below /usr.
// mount_setattr(2) with AT_RECURSIVE does the whole tree at once and only adds flags, so the
// ones the kernel locked on the source (see lockedFlags) stay as they were.
Step bindReadOnly(const std::string &source, const std::string &target)
{
    if (mount(source.c_str(), target.c_str(), nullptr, MS_BIND | MS_REC, nullptr) != 0)
        return Step::fail("bind-mount");
    mount_attr attr{};
    attr.attr_set = MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV;
    if (syscall(SYS_mount_setattr, AT_FDCWD, target.c_str(), AT_RECURSIVE, &attr, sizeof attr) == 0)
        return Step::ok();
    if (errno != ENOSYS)
        return Step::fail("mount-setattr-read-only");
    if (umount2(target.c_str(), MNT_DETACH) != 0)
        return Step::fail("undo-recursive-bind");
    return bindReadOnlyFlat(source, target);
}

// A named sandbox's workspace (--work-bind): the user's folder is its /work, writable and
// kept after the sandbox, which is what the user chose it for; never a device or set-uid file.
Step bindWork(const std::string &source, const std::string &target)
{
    SANDPIT_TRY_STEP(makeDirs(target));
    if (mount(source.c_str(), target.c_str(), nullptr, MS_BIND, nullptr) != 0)
        return Step::fail("bind-work");
    const unsigned long flags = MS_REMOUNT | MS_BIND | MS_NOSUID | MS_NODEV | lockedFlags(source);
    if (mount(nullptr, target.c_str(), nullptr, flags, nullptr) != 0)
        return Step::fail("remount-work");
    return Step::ok();
}

// Shows one host path read-only at the same place. Symlinks are recreated as they are (so a
// merged-/usr /bin -> usr/bin stays a link); missing paths are skipped.
Step showReadOnly(const std::string &path)
{
    struct stat st { };
    if (lstat(path.c_str(), &st) != 0)
        return Step::ok();
    const std::string target = staged(path);
    SANDPIT_TRY_STEP(makeDirs(target.substr(0, target.rfind('/'))));
    if (S_ISLNK(st.st_mode)) {
        char link[PATH_MAX];
        const ssize_t n = readlink(path.c_str(), link, sizeof link - 1);
        if (n < 0)
            return Step::fail("readlink");
        link[n] = '\0';
        if (symlink(link, target.c_str()) != 0 && errno != EEXIST)
            return Step::fail("symlink");
        return Step::ok();
    }
    if (S_ISDIR(st.st_mode))
        SANDPIT_TRY_STEP(makeDirs(target));
    else
        SANDPIT_TRY_STEP(makeFile(target));
    return bindReadOnly(path, target);
}

// Every tmpfs has an inode limit as well as a size: empty files take no pages but a kernel
// inode and dentry each, so without one a run could pin a gigabyte of kernel memory (1.2
// million empty files in /tmp) that no size limit and no watch of its processes would see.
std::string tmpfsLimits(long long sizeBytes, long long inodes)
{
    return "size=" + std::to_string(sizeBytes) + ",nr_inodes=" + std::to_string(inodes);
}

// /dev holds a dozen nodes and links, and is read-only once built.
constexpr const char *kDevOptions = "mode=0755,size=64k,nr_inodes=64";
// The staged root holds a folder or file for each read-only path and the synthetic /etc files.
constexpr const char *kRootOptions = "mode=0755,size=1m,nr_inodes=4096";

Step buildDev(const Options &options)
{
    SANDPIT_TRY_STEP(mountTmpfs(staged("/dev"), kDevOptions, MS_NOSUID | MS_NOEXEC));
    for (const char *device : {"null", "zero", "full", "random", "urandom"}) {
        const std::string source = std::string("/dev/") + device;
        const std::string target = staged(source);
        SANDPIT_TRY_STEP(makeFile(target));
        // Device nodes cannot be created in a user namespace; a bind of the host's node works.
        if (mount(source.c_str(), target.c_str(), nullptr, MS_BIND, nullptr) != 0)
            return Step::fail("bind-device");
    }
    const std::pair<const char *, const char *> links[] = {{"/proc/self/fd", "fd"},
                                                           {"/proc/self/fd/0", "stdin"},
                                                           {"/proc/self/fd/1", "stdout"},
                                                           {"/proc/self/fd/2", "stderr"}};
    for (const auto &[to, name] : links) {
        if (symlink(to, staged(std::string("/dev/") + name).c_str()) != 0)
            return Step::fail("symlink-dev");
    }
    SANDPIT_TRY_STEP(mountTmpfs(staged("/dev/shm"),
                                "mode=1777," + tmpfsLimits(options.workSizeBytes, options.workInodes),
                                MS_NOSUID | MS_NODEV));
    // A devpts instance of the run's own, for programs that open pseudo-terminals (pty,
    // expect-style tests); it holds none of the host's terminals.
    SANDPIT_TRY_STEP(makeDirs(staged("/dev/pts")));
    if (mount("devpts", staged("/dev/pts").c_str(), "devpts", MS_NOSUID | MS_NOEXEC,
              "newinstance,ptmxmode=0666,mode=0620")
        != 0)
        return Step::fail("mount-devpts");
    if (symlink("pts/ptmx", staged("/dev/ptmx").c_str()) != 0)
        return Step::fail("symlink-ptmx");
    // /dev's tmpfs belongs to the sandbox user; read-only, the program cannot add to it.
    if (mount(nullptr, staged("/dev").c_str(), nullptr, MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NOEXEC, kDevOptions)
        != 0)
        return Step::fail("remount-dev-read-only");
    return Step::ok();
}

Step writeIdentityFiles(uid_t uid, gid_t gid)
{
    const std::string u = std::to_string(uid);
    const std::string g = std::to_string(gid);
    SANDPIT_TRY_STEP(makeDirs(staged("/etc")));
    SANDPIT_TRY_STEP(
        makeFile(staged("/etc/passwd"),
                 "root:x:0:0:root:/root:/bin/sh\nlearner:x:" + u + ":" + g + ":Sandpit learner:/work:/bin/sh\n"));
    SANDPIT_TRY_STEP(makeFile(staged("/etc/group"), "root:x:0:\nlearner:x:" + g + ":\n"));
    SANDPIT_TRY_STEP(makeFile(staged("/etc/hostname"), "sandpit\n"));
    SANDPIT_TRY_STEP(makeFile(staged("/etc/hosts"), "127.0.0.1 localhost sandpit\n::1 localhost\n"));
    return Step::ok();
}

} // namespace

Step buildRoot(const Options &options, uid_t uid, gid_t gid, int proxyFd)
{
    // Nothing we mount may propagate back to the host's mount namespace.
    if (mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0)
        return Step::fail("make-mounts-private");
    // The user's folder may be under /tmp, which the stage is about to cover.
    const int workFd = options.workBind.empty() ? -1 : open(options.workBind.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (!options.workBind.empty() && workFd < 0)
        return Step::fail("open-work-bind");
    if (mount("tmpfs", kStage, "tmpfs", MS_NOSUID | MS_NODEV, kRootOptions) != 0)
        return Step::fail("mount-root-tmpfs");

    for (const std::string &path : options.readOnlyBinds)
        SANDPIT_TRY_STEP(showReadOnly(path));

    SANDPIT_TRY_STEP(makeDirs(staged("/proc")));
    if (mount("proc", staged("/proc").c_str(), "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, nullptr) != 0)
        return Step::fail("mount-proc");
    SANDPIT_TRY_STEP(maskProc(staged("/proc"), staged("/sys")));
    SANDPIT_TRY_STEP(buildDev(options));
    const std::string limits = tmpfsLimits(options.workSizeBytes, options.workInodes);
    SANDPIT_TRY_STEP(mountTmpfs(staged("/tmp"), "mode=1777," + limits, MS_NOSUID | MS_NODEV));
    if (options.workBind.empty()) {
        SANDPIT_TRY_STEP(mountTmpfs(
            staged("/work"), "mode=0755," + limits + ",uid=" + std::to_string(uid) + ",gid=" + std::to_string(gid),
            MS_NOSUID | MS_NODEV));
    } else {
        SANDPIT_TRY_STEP(bindWork("/proc/self/fd/" + std::to_string(workFd), staged("/work")));
        close(workFd);
    }
    SANDPIT_TRY_STEP(writeIdentityFiles(uid, gid));
    // The proxy's socket alone, not its folder: nothing else of the host is reachable.
    if (proxyFd >= 0) {
        SANDPIT_TRY_STEP(makeDirs(staged(kProxyFolderInSandbox)));
        SANDPIT_TRY_STEP(makeFile(staged(kProxySocketInSandbox)));
        SANDPIT_TRY_STEP(bindReadOnly("/proc/self/fd/" + std::to_string(proxyFd), staged(kProxySocketInSandbox)));
        close(proxyFd);
    }

    // pivot_root(".", ".") stacks the old root on top of the new one; detaching it leaves
    // only the new root, with no path back to the host's files.
    if (chdir(kStage) != 0)
        return Step::fail("chdir-new-root");
    if (syscall(SYS_pivot_root, ".", ".") != 0)
        return Step::fail("pivot_root");
    if (umount2(".", MNT_DETACH) != 0)
        return Step::fail("detach-old-root");
    if (chdir("/") != 0)
        return Step::fail("chdir-root");
    if (mount(nullptr, "/", nullptr, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV, nullptr) != 0)
        return Step::fail("remount-root-read-only");
    return Step::ok();
}

} // namespace Sandpit::Helper
