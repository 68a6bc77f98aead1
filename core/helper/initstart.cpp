#include "initstart.h"

#include "fdio.h"

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <sched.h>
#include <string>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace Sandpit::Helper {

namespace {

// A user namespace makes the others possible without privileges. A PID namespace with our
// init as PID 1 is what guarantees that nothing outlives the run: when PID 1 exits, the
// kernel kills every other process in it.
unsigned long namespaceFlags(Isolation level, bool shareNetwork)
{
    unsigned long flags = 0;
    if (level != Isolation::None)
        flags = CLONE_NEWUSER | CLONE_NEWPID;
    if (level == Isolation::Full) {
        flags |= CLONE_NEWNS | CLONE_NEWIPC | CLONE_NEWUTS | CLONE_NEWCGROUP;
        if (!shareNetwork)
            flags |= CLONE_NEWNET;
    }
    return flags;
}

bool writeFile(const std::string &path, const std::string &text)
{
    const int fd = open(path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    const bool ok = writeAll(fd, text.data(), text.size());
    close(fd);
    return ok;
}

} // namespace

bool startInit(InitContext ctx, const EngineEvents &events, InitLink &link)
{
    int control[2], status[2], out[2], err[2], terminal[2];
    if (pipe2(control, O_CLOEXEC) || pipe2(status, O_CLOEXEC) || pipe2(out, O_CLOEXEC) || pipe2(err, O_CLOEXEC)
        || socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, terminal))
        return false;
    // A command of a named sandbox is born in its PID namespace (the helper joined it), nests
    // one of its own and joins the others itself (see nestPidNamespace).
    const unsigned long flags = ctx.entry ? 0 : namespaceFlags(ctx.isolation, ctx.options->shareNetwork);
    const pid_t pid = static_cast<pid_t>(syscall(SYS_clone, flags | SIGCHLD, nullptr, nullptr, nullptr, nullptr));
    if (pid < 0) {
        const int saved = errno;
        for (int fd :
             {control[0], control[1], status[0], status[1], out[0], out[1], err[0], err[1], terminal[0], terminal[1]})
            close(fd);
        errno = saved;
        return false;
    }
    if (pid == 0) {
        events.closeInChild(); // the supervisor's to write, not the run's
        if (ctx.options->controlFd > 0)
            close(static_cast<int>(ctx.options->controlFd)); // the supervisor's to read
        close(terminal[1]);
        close(control[1]);
        close(status[0]);
        close(out[0]);
        close(err[0]);
        ctx.controlFd = control[0];
        ctx.statusFd = status[1];
        ctx.stdoutFd = out[1];
        ctx.stderrFd = err[1];
        ctx.terminalFd = terminal[0];
        runInit(ctx);
    }
    close(control[0]);
    close(status[1]);
    close(out[1]);
    close(err[1]);
    close(terminal[0]);
    link = {pid, control[1], status[0], out[0], err[0], terminal[1]};
    return true;
}

// An unprivileged process may map exactly its own uid and gid into a user namespace it made,
// and only after giving up setgroups(). Root maps nobody instead of itself.
bool mapIdentity(pid_t init, const InitContext &ctx, const char *&step)
{
    const std::string base = "/proc/" + std::to_string(init);
    const std::string uid = std::to_string(ctx.uid);
    const std::string gid = std::to_string(ctx.gid);
    step = "uid_map";
    if (!writeFile(base + "/uid_map", uid + " " + uid + " 1\n"))
        return false;
    if (!ctx.switchUser) {
        step = "setgroups";
        if (!writeFile(base + "/setgroups", "deny\n"))
            return false;
    }
    step = "gid_map";
    return writeFile(base + "/gid_map", gid + " " + gid + " 1\n");
}

} // namespace Sandpit::Helper
