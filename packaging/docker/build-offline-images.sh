#!/usr/bin/env bash
# Builds Sandpit's runner images without an image registry: debootstrap a minimal Debian 12
# into a folder, add a non-root "learner" user, and `docker import` it. Used by the test suite
# (no registry is reachable there) and by classrooms that are offline.
#
# Usage (root): packaging/docker/build-offline-images.sh [python|bash|gcc|toolchains|all]
# Images: sandpit-offline/python:3.11 (python3, python3-matplotlib, python3-requests), sandpit-offline/bash:5,
# sandpit-offline/gcc:12 (gcc and g++, for C and C++; about a minute more to build) and
# sandpit-offline/toolchains:12 (Node, a JDK and rustc: JavaScript, Java and Rust, in one image
# so that one debootstrap serves three languages).
set -euo pipefail

mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
suite=bookworm
which=${1:-all}
toolchains=nodejs,openjdk-17-jdk-headless,rustc,libc6-dev

build() {
    local name=$1 packages=$2
    local tag="sandpit-offline/$name"
    # The package list is kept on the image, so that a list changed here builds it again.
    local had
    had=$(docker image inspect --format '{{index .Config.Labels "org.sandpit.packages"}}' "$tag" 2>/dev/null || true)
    if [[ "$had" == "$packages" ]]; then
        echo "build-offline-images: $tag already exists"
        return
    fi
    local root
    root=$(mktemp -d /tmp/sandpit-image-XXXXXX)
    trap 'rm -rf "$root"' RETURN
    echo "build-offline-images: debootstrap $tag ($packages)"
    debootstrap --variant=minbase --include="$packages" "$suite" "$root" "$mirror" >/dev/null
    chroot "$root" useradd --uid 1000 --create-home --shell /bin/sh learner
    chroot "$root" apt-get clean
    rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin
    tar -C "$root" -c . | docker import \
        --change 'USER learner' --change 'WORKDIR /work' --change 'ENV LANG=C.UTF-8' \
        --change 'LABEL org.sandpit.runner=1' --change "LABEL org.sandpit.packages=$packages" - "$tag" >/dev/null
    echo "build-offline-images: $tag ready"
}

case "$which" in
    python) build python:3.11 python3,python3-matplotlib,python3-requests ;;
    bash) build bash:5 bash ;;
    gcc) build gcc:12 gcc,g++,libc6-dev ;;
    toolchains) build toolchains:12 "$toolchains" ;;
    all)
        build python:3.11 python3,python3-matplotlib,python3-requests
        build bash:5 bash
        build gcc:12 gcc,g++,libc6-dev
        build toolchains:12 "$toolchains"
        ;;
    *) echo "usage: $0 [python|bash|gcc|toolchains|all]" >&2; exit 2 ;;
esac
