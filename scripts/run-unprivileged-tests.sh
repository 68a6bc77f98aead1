#!/usr/bin/env bash
# Runs the tests with a CTest label as an ordinary user (created if needed). The binaries and
# fixtures are copied to a world-readable folder first: the checkout may sit under a folder
# that other users cannot enter.
#
# With --delegated, each test runs inside a cgroup subtree handed to that user, as systemd does
# for a desktop session with Delegate=yes (cgroup v2) or an administrator can with chown (v1):
# the sandbox then enforces memory and process limits through the kernel without root.
# Usage (as root): scripts/run-unprivileged-tests.sh BUILD_DIR LABEL [--delegated]
set -euo pipefail
build_dir=$1
label=$2
delegated=${3:-}
root_dir=$(cd "$(dirname "$0")/.." && pwd)
user=sandpit-ci

id "$user" >/dev/null 2>&1 || useradd --create-home --shell /bin/bash "$user"

stage=$(mktemp -d /tmp/sandpit-unprivileged-XXXXXX)
trap 'rm -rf "$stage"' EXIT
cp -a "$build_dir/bin" "$stage/bin"
cp -a "$root_dir/tests/fixtures" "$stage/fixtures"
mkdir -p "$stage/home"
chown -R "$user" "$stage/home"
chmod -R a+rX "$stage"
chmod 755 "$stage"

# The groups the tests start in, and the command that moves a shell into them.
enter_groups=":"
if [[ "$delegated" == "--delegated" ]]; then
    if grep -qw memory /sys/fs/cgroup/cgroup.controllers 2>/dev/null; then
        # v2: the user gets a subtree with memory and pids to give out; its processes live in
        # a leaf, since a v2 group that holds processes cannot share controllers.
        subtree=/sys/fs/cgroup/sandpit-ci-delegated
        mkdir -p "$subtree/session"
        # cpu too where the machine has it, so the one-CPU cap is tested without root.
        controllers="+memory +pids"
        grep -qw cpu /sys/fs/cgroup/cgroup.controllers && controllers="$controllers +cpu"
        echo "$controllers" > /sys/fs/cgroup/cgroup.subtree_control
        echo "$controllers" > "$subtree/cgroup.subtree_control"
        chown -R "$user" "$subtree"
        enter_groups="echo \$\$ > $subtree/session/cgroup.procs"
        cleanup_groups="rmdir $subtree/session $subtree"
    else
        for controller in memory pids cpu; do
            [[ -d "/sys/fs/cgroup/$controller" ]] || continue
            mkdir -p "/sys/fs/cgroup/$controller/sandpit-ci-delegated"
            chown -R "$user" "/sys/fs/cgroup/$controller/sandpit-ci-delegated"
        done
        enter_groups="echo \$\$ > /sys/fs/cgroup/memory/sandpit-ci-delegated/cgroup.procs && echo \$\$ > /sys/fs/cgroup/pids/sandpit-ci-delegated/cgroup.procs"
        cleanup_groups="rmdir /sys/fs/cgroup/memory/sandpit-ci-delegated /sys/fs/cgroup/pids/sandpit-ci-delegated"
        if [[ -d /sys/fs/cgroup/cpu/sandpit-ci-delegated ]]; then
            enter_groups="$enter_groups && echo \$\$ > /sys/fs/cgroup/cpu/sandpit-ci-delegated/cgroup.procs"
            cleanup_groups="$cleanup_groups /sys/fs/cgroup/cpu/sandpit-ci-delegated"
        fi
    fi
    trap 'rm -rf "$stage"; $cleanup_groups 2>/dev/null || true' EXIT
fi

mapfile -t tests < <(cd "$build_dir" && ctest -N -L "$label" | sed -n 's/^ *Test *#[0-9]*: //p')
failed=0
for t in "${tests[@]}"; do
    echo "== $t as $user ${delegated:+(in a delegated cgroup)}"
    if ! sh -c "$enter_groups && exec \"\$@\"" sh runuser -u "$user" -- env -i PATH=/usr/local/bin:/usr/bin:/bin \
            HOME="$stage/home" XDG_CONFIG_HOME="$stage/home/config" XDG_DATA_HOME="$stage/home/data" \
            SANDPIT_FIXTURES_DIR="$stage/fixtures" QT_QPA_PLATFORM=offscreen \
            "$stage/bin/$t"; then
        failed=$((failed + 1))
    fi
done
total=${#tests[@]}
echo "unprivileged${delegated:+, delegated cgroup}: $((total - failed)) passed, $failed failed"
[[ $failed -eq 0 ]]
