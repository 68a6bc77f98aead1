#!/usr/bin/env bash
# Makes sure a Docker daemon answers, starting dockerd in the background when none runs (CI
# machines have no systemd), then builds the offline runner images the Docker tests use.
# Usage (root): scripts/start-docker.sh
set -euo pipefail
root_dir=$(cd "$(dirname "$0")/.." && pwd)

if ! docker info >/dev/null 2>&1; then
    echo "start-docker: starting dockerd"
    nohup dockerd >/tmp/sandpit-dockerd.log 2>&1 &
    for _ in $(seq 1 60); do
        docker info >/dev/null 2>&1 && break
        sleep 0.5
    done
    docker info >/dev/null 2>&1 || { echo "start-docker: dockerd did not come up; see /tmp/sandpit-dockerd.log" >&2; exit 1; }
fi
"$root_dir/packaging/docker/build-offline-images.sh" all
