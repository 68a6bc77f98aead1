#!/usr/bin/env bash
# Runs the tests with a CTest label as an ordinary user (created if needed). The binaries and
# fixtures are copied to a world-readable folder first: the checkout may sit under a folder
# that other users cannot enter.
# Usage (as root): scripts/run-unprivileged-tests.sh BUILD_DIR LABEL
set -euo pipefail
build_dir=$1
label=$2
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

mapfile -t tests < <(cd "$build_dir" && ctest -N -L "$label" | sed -n 's/^ *Test *#[0-9]*: //p')
failed=0
for t in "${tests[@]}"; do
    echo "== $t as $user"
    if ! runuser -u "$user" -- env -i PATH=/usr/local/bin:/usr/bin:/bin HOME="$stage/home" \
            XDG_CONFIG_HOME="$stage/home/config" XDG_DATA_HOME="$stage/home/data" \
            SANDPIT_FIXTURES_DIR="$stage/fixtures" QT_QPA_PLATFORM=offscreen \
            "$stage/bin/$t"; then
        failed=$((failed + 1))
    fi
done
total=${#tests[@]}
echo "unprivileged: $((total - failed)) passed, $failed failed"
[[ $failed -eq 0 ]]
