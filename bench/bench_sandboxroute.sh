#!/bin/bash
# What one command costs in CPU on each route the local sandbox offers, measured with
# `perf stat -e task-clock` over everything the loop starts (the helper, its init and the
# program, all inherited): a bare program, a fresh sandbox per command (what a run and each
# graded test get), a command entering a held sandbox (sandpit-helper --enter), and building and
# removing a held sandbox (--hold, then SIGINT to its keeper, as LocalSandboxes::remove does).
# It decides whether "one held sandbox per student, entered for each test" pays for itself: it
# does when (fresh - enter) * tests > hold-and-remove.
#
# Usage: bench/bench_sandboxroute.sh HELPER [RUNS]   (HELPER: build/bin/sandpit-helper)
# Each figure is ms of CPU per command (or per sandbox), loop overhead included; "bare
# /bin/true" is that overhead (one fork and exec from bash). Every helper gets the seccomp
# filter compiled once, in a sealed memfd (--seccomp-fd), as the engine gives it.
set -euo pipefail
helper=${1:?usage: $0 HELPER [RUNS]}
runs=${2:-40}
command -v perf >/dev/null || { echo "perf is not installed" >&2; exit 2; }
if [ -z "${SECCOMP_FD:-}" ]; then
    # Bash cannot make a sealed memfd; python3 makes it and runs this script again holding it.
    exec python3 -c '
import fcntl, os, subprocess, sys
image = subprocess.run([sys.argv[1], "--export-seccomp"], capture_output=True, check=True).stdout
fd = os.memfd_create("sandpit-seccomp", os.MFD_ALLOW_SEALING)
os.write(fd, image)
fcntl.fcntl(fd, fcntl.F_ADD_SEALS, fcntl.F_SEAL_WRITE | fcntl.F_SEAL_SHRINK | fcntl.F_SEAL_GROW | fcntl.F_SEAL_SEAL)
os.environ["SECCOMP_FD"] = str(fd)
os.execvp("bash", ["bash"] + sys.argv[2:])' "$helper" "$0" "$@"
fi
dir=$(mktemp -d)
# A held sandbox still standing (the script stopped half-way) is ended through its keeper, and
# only while the keeper has not written its end and the pid is still a helper's.
endLeftSandbox() {
    local k
    k=$(sed -n 's/^keeper_pid=//p' "$dir/held/state" 2>/dev/null || true)
    if [ -n "$k" ] && [ ! -e "$dir/held/end" ] && [ "$(cat "/proc/$k/comm" 2>/dev/null)" = sandpit-helper ]; then
        kill -INT "$k"
        tail --pid="$k" -s 0.005 -f /dev/null
    fi
}
trap 'endLeftSandbox; rm -rf "$dir"' EXIT
mkdir "$dir/work"
printf 'a = int(input())\nb = int(input())\nprint(a + b)\n' > "$dir/work/sum.py"
ro=()
for path in /usr /bin /sbin /lib /lib64 /etc/alternatives; do ro+=(--ro-bind-try "$path"); done
limits=(--memory-bytes 268435456 --processes 64 --seccomp-fd "$SECCOMP_FD")

# ms of CPU per iteration of the loop in "$1"
cost() {
    perf stat -e task-clock -x, -o "$dir/perf" bash -c "$1" >/dev/null 2>&1
    awk -F, -v n="$runs" '/task-clock/ { printf "%.2f", $1 / n }' "$dir/perf"
}

fresh="\"$helper\" --workspace \"$dir/work\" --report \"$dir/report\" ${limits[*]} ${ro[*]} --"
enter="\"$helper\" --enter \"$dir/held\" --seccomp-fd $SECCOMP_FD --workspace \"$dir/work\" --report \"$dir/report\" --"
loop="for i in \$(seq $runs); do"
python="printf '1\\n7\\n' |"

mkdir "$dir/held"
"$helper" --hold "$dir/held" "${limits[@]}" --cpu-millis 1000 "${ro[@]}"
printf '%-36s %8s\n' "route ($runs each, $(uptime | sed 's/.*load/load/'))" "ms CPU"
printf '%-36s %8s\n' "bare /bin/true" "$(cost "$loop /bin/true </dev/null; done")"
printf '%-36s %8s\n' "fresh sandbox, /bin/true" "$(cost "$loop $fresh /bin/true </dev/null; done")"
printf '%-36s %8s\n' "held sandbox entered, /bin/true" "$(cost "$loop $enter /bin/true </dev/null; done")"
printf '%-36s %8s\n' "bare python3 sum.py" "$(cost "$loop $python /usr/bin/python3 $dir/work/sum.py; done")"
printf '%-36s %8s\n' "fresh sandbox, python3 sum.py" "$(cost "$loop $python $fresh /usr/bin/python3 sum.py; done")"
printf '%-36s %8s\n' "held sandbox entered, python3 sum.py" "$(cost "$loop $python $enter /usr/bin/python3 sum.py; done")"
# The keeper ends the sandbox on SIGINT; tail waits for it without a polling loop of our own.
keeper="\$(sed -n 's/^keeper_pid=//p' \"$dir/held/state\")"
endHeld="k=$keeper; kill -INT \$k; tail --pid=\$k -s 0.005 -f /dev/null"
endLeftSandbox
# The same loop without the helper is its overhead. Its "keeper" is pid_max, which no process
# ever has, so its kill and wait reach nobody.
noKeeper=$(cat /proc/sys/kernel/pid_max)
printf '%-36s %8s\n' "hold loop's overhead" \
    "$(cost "$loop rm -rf $dir/held; mkdir $dir/held; echo keeper_pid=$noKeeper > $dir/held/state; k=$keeper; kill -INT \$k 2>/dev/null; tail --pid=\$k -s 0.005 -f /dev/null; done")"
printf '%-36s %8s\n' "held sandbox made and removed" \
    "$(cost "$loop rm -rf $dir/held; mkdir $dir/held; \"$helper\" --hold $dir/held ${limits[*]} --cpu-millis 1000 ${ro[*]}; $endHeld; done")"
