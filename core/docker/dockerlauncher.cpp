#include "docker/dockerlauncher.h"

namespace Sandpit::Core {

namespace {
QString shellQuote(const QString &word)
{
    QString quoted = word;
    quoted.replace(QLatin1Char('\''), QLatin1String("'\\''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

// POSIX sh only: the images' /bin/sh is dash or busybox. Each counter is read only when its
// file is there; a field left empty means "unknown", never zero.
//
// memory.events "max" (v1: failcnt) counts the times the group reached its limit, whether the
// kernel then reclaimed, refused a charge, or killed: with no OOM kill, the limit was reached
// and the program lived (the local sandbox reads the same counters).
constexpr const char *kCounters = R"(peak= cpu= pids_max= oom_kill= mem_max= file_size= disk_full=
c=/sys/fs/cgroup
if [ -r $c/memory/memory.max_usage_in_bytes ]; then
    read -r peak < $c/memory/memory.max_usage_in_bytes
    [ -r $c/cpuacct/cpuacct.usage ] && read -r cpu < $c/cpuacct/cpuacct.usage
    [ -r $c/pids/pids.events ] && while read -r k v; do [ "$k" = max ] && pids_max=$v; done < $c/pids/pids.events
    while read -r k v; do [ "$k" = oom_kill ] && oom_kill=$v; done < $c/memory/memory.oom_control
    [ -r $c/memory/memory.failcnt ] && read -r mem_max < $c/memory/memory.failcnt
else
    [ -r $c/memory.peak ] && read -r peak < $c/memory.peak
    [ -r $c/cpu.stat ] && while read -r k v; do [ "$k" = usage_usec ] && cpu=${v}000; done < $c/cpu.stat
    [ -r $c/pids.events ] && while read -r k v; do [ "$k" = max ] && pids_max=$v; done < $c/pids.events
    [ -r $c/memory.events ] && while read -r k v; do
        [ "$k" = oom_kill ] && oom_kill=$v; [ "$k" = max ] && mem_max=$v; done < $c/memory.events
fi 2>/dev/null
)";
// A file system with no block or no inode left for the program is a full disk, as statvfs
// says to the local sandbox's init.
constexpr const char *kDiskFull
    = R"(for n in $(stat -f -c '%a %d' /work /tmp /dev/shm 2>/dev/null); do [ "$n" = 0 ] && disk_full=1; done
)";
constexpr const char *kFields
    = R"(printf 'peak=%s cpu_ns=%s pids_max=%s oom_kill=%s mem_max=%s file_size=%s disk_full=%s\n' "$peak" "$cpu" "$pids_max" "$oom_kill" "$mem_max" "$file_size" "$disk_full"
)";
} // namespace

QByteArray DockerLauncher::script() const
{
    // umask 0: the files the program makes belong to the learner's uid inside (DockerContainerKey::learnerUid), which need not be the
    // host user, who must still be able to delete them with the workspace.
    QString script = QStringLiteral("umask 000\n");
    for (const QString &variable : environment) {
        const qsizetype eq = variable.indexOf(QLatin1Char('='));
        script += QStringLiteral("export %1=%2\n").arg(variable.left(eq), shellQuote(variable.mid(eq + 1)));
    }
    QStringList words;
    for (const QString &word : command)
        words << shellQuote(word);
    // Init runs this twice: "copy" first, then, once it has taken the stamp the program's
    // changes are told by (see core/helper/workchanges.h), the program. Into the working
    // folder: init's and this shell's, the container's WorkingDir, /work.
    script += QStringLiteral("if [ \"${1-}\" = copy ]; then\n");
    if (!copyFrom.isEmpty())
        script += QStringLiteral("    cp -R %1/. ./\n").arg(shellQuote(copyFrom));
    script += QStringLiteral("    exit\nfi\n");
    // exec'd: the program is init's own child, whose status init takes from the kernel.
    script += QStringLiteral("exec ") + words.join(QLatin1Char(' '))
        + QStringLiteral(" < %1\n").arg(shellQuote(stdinPath));
    return script.toUtf8();
}

QByteArray DockerLauncher::evidenceScript() const
{
    QString script = QLatin1String(kCounters);
    if (fileSizeBytes > 0) {
        // A file the program left at the limit is the evidence that a write was refused at it.
        // The local sandbox looks in the same places; /work and /tmp hold a few thousand
        // inodes at most, so this costs a millisecond or two.
        script
            += QStringLiteral(
                   "[ -n \"$(find /work /tmp -xdev -type f -size +%1c -print -quit 2>/dev/null)\" ] && file_size=1\n")
                   .arg(fileSizeBytes - 1);
    }
    script += QLatin1String(kDiskFull);
    script += QLatin1String(kFields);
    return script.toUtf8();
}

} // namespace Sandpit::Core
