#!/usr/bin/env bash
# Installs, builds with warnings as errors, and runs every test: all of them as the current
# user, then the sandbox tests again as an unprivileged user (when started as root), because
# a sandbox that works only as root does not work.
set -euo pipefail
cd "$(dirname "$0")/.."
root_dir=$(pwd)

scripts/install-deps.sh --test
# The Docker tests run for real: a daemon and the offline runner images must be there.
if [[ $(id -u) -eq 0 ]]; then scripts/start-docker.sh; else sudo scripts/start-docker.sh; fi
# And a second daemon playing a remote engine (TLS on 127.0.0.1, a private /tmp): the remote
# tests (label docker) read its address from /var/lib/sandpit-tls-dockerd/env.
if [[ $(id -u) -eq 0 ]]; then scripts/start-tls-dockerd.sh >/dev/null; else sudo scripts/start-tls-dockerd.sh >/dev/null; fi
scripts/build.sh -DSANDPIT_WERROR=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo

cd build
# Every language's tests run for real here: a missing toolchain fails them instead of skipping.
export SANDPIT_REQUIRE_TOOLCHAINS=1
ctest --output-on-failure --timeout 600 -j2

if [[ $(id -u) -eq 0 ]]; then
    "$root_dir/scripts/run-unprivileged-tests.sh" "$root_dir/build" sandbox
    # And once more from a cgroup subtree delegated to that user, as a desktop session has.
    "$root_dir/scripts/run-unprivileged-tests.sh" "$root_dir/build" sandbox --delegated
fi

# The engine without the GUI: SANDPIT_GUI=OFF builds sandpit-cli alone, which must run with no
# display.
"$root_dir/scripts/check-cli-build.sh" "$root_dir/build-cli"

# The Debian package: built, linted, installed with apt in a clean Debian 12 container, run there
# by a non-root user at isolation full, and purged without a trace.
"$root_dir/scripts/check-package.sh" "$root_dir/build-deb"
