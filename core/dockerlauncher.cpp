#include "dockerlauncher.h"

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
constexpr const char *kEpilogue = R"(status=$?
kill -s KILL -1 2>/dev/null
peak= cpu= pids_max= oom_kill=
c=/sys/fs/cgroup
if [ -r $c/memory/memory.max_usage_in_bytes ]; then
    read -r peak < $c/memory/memory.max_usage_in_bytes
    [ -r $c/cpuacct/cpuacct.usage ] && read -r cpu < $c/cpuacct/cpuacct.usage
    [ -r $c/pids/pids.events ] && while read -r k v; do [ "$k" = max ] && pids_max=$v; done < $c/pids/pids.events
    while read -r k v; do [ "$k" = oom_kill ] && oom_kill=$v; done < $c/memory/memory.oom_control
else
    [ -r $c/memory.peak ] && read -r peak < $c/memory.peak
    [ -r $c/cpu.stat ] && while read -r k v; do [ "$k" = usage_usec ] && cpu=${v}000; done < $c/cpu.stat
    [ -r $c/pids.events ] && while read -r k v; do [ "$k" = max ] && pids_max=$v; done < $c/pids.events
    [ -r $c/memory.events ] && while read -r k v; do [ "$k" = oom_kill ] && oom_kill=$v; done < $c/memory.events
fi 2>/dev/null
printf '\036sandpit-end %s status=%s peak=%s cpu_ns=%s pids_max=%s oom_kill=%s\n' "$token" "$status" "$peak" "$cpu" "$pids_max" "$oom_kill"
printf '\036sandpit-end %s\n' "$token" >&2
)";
// Killed by the reaper once output/ is copied back; the minute is for a Sandpit that died.
constexpr const char *kHold = "sleep 60\n";
} // namespace

QByteArray DockerLauncher::script() const
{
    // umask 0: the files the program makes belong to uid 1000 inside, which need not be the
    // host user, who must still be able to delete them with the workspace.
    QString script = QStringLiteral("umask 000\n");
    for (const QString &variable : environment) {
        const qsizetype eq = variable.indexOf(QLatin1Char('='));
        script += QStringLiteral("export %1=%2\n").arg(variable.left(eq), shellQuote(variable.mid(eq + 1)));
    }
    // Not exec'd: the shell stays to report how the program ended.
    QStringList words;
    for (const QString &word : command)
        words << shellQuote(word);
    if (!copyFrom.isEmpty())
        script += QStringLiteral("cp -R %1/. /work/ && ").arg(shellQuote(copyFrom));
    script += words.join(QLatin1Char(' ')) + QStringLiteral(" < %1\n").arg(shellQuote(stdinPath));
    script += QLatin1String(kEpilogue);
    script += QLatin1String(kHold);
    script += QStringLiteral("exit $status\n");
    return script.toUtf8();
}

} // namespace Sandpit::Core
