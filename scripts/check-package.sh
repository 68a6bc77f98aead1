#!/usr/bin/env bash
# Builds the Debian package and checks it as a user of it would: its control data, lintian, the
# AppArmor profile's syntax, then in a clean Debian 12 container (debootstrap from Debian's
# mirror, no registry) it installs the .deb with apt so the dependencies come from the mirror,
# runs a program as a non-root user at isolation "full", and purges the package to check that
# nothing of Sandpit's is left.
#
# Usage (root, or a user with sudo): scripts/check-package.sh [BUILD_DIR]   (default build-deb)
# The container is not --privileged (a CI runner that is itself a container may refuse that),
# but gets what Sandpit's nested user, pid, mount and network namespaces need: no seccomp
# profile (Docker's refuses unshare() and clone() of namespaces) and /proc and /sys unmasked
# (the kernel lets a namespace mount a new /proc only where no part of /proc is hidden).
set -euo pipefail
cd "$(dirname "$0")/.."
root_dir=$(pwd)
build_dir=${1:-build-deb}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
security_mirror=${DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}
# A bare Debian 12, built once and kept by this tag; each check starts a new container from it.
base_image=sandpit-ci/debian-minbase:12
# Downloaded .debs are kept between checks (apt still resolves every dependency from the mirror).
apt_cache=${SANDPIT_CHECK_APT_CACHE:-/var/cache/sandpit-check-package}

as_root=()
[[ $(id -u) -eq 0 ]] || as_root=(sudo)
step() { echo "check-package: $*"; }
fail() {
    echo "check-package: FAILED: $*" >&2
    exit 1
}

build_package() {
    local launcher=()
    command -v ccache >/dev/null && launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
    step "building the package in $build_dir"
    # -z now: lintian's hardening check; it changes only the link, so ccache still hits.
    cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSANDPIT_WERROR=ON \
        -DCMAKE_INSTALL_PREFIX=/usr -DSANDPIT_BUILD_TESTS=OFF -DSANDPIT_BUILD_BENCH=OFF \
        "-DCMAKE_EXE_LINKER_FLAGS=-Wl,-z,relro -Wl,-z,now" "${launcher[@]}" >/dev/null
    cmake --build "$build_dir" >/dev/null
    rm -f "$build_dir"/sandpit_*.deb
    cmake --build "$build_dir" --target package >/dev/null
    deb=$(ls "$build_dir"/sandpit_*.deb)
    [[ $(wc -w <<<"$deb") -eq 1 ]] || fail "expected one package in $build_dir, found: $deb"
    deb=$(realpath "$deb")
    step "built $deb"
}

field() { dpkg-deb --field "$deb" "$1"; }

check_control() {
    local version
    version=$(dpkg-parsechangelog -l packaging/deb/changelog -S Version)
    [[ $(field Package) == sandpit ]] || fail "the package is named $(field Package)"
    [[ $(field Version) == "$version" ]] || fail "version $(field Version), but the changelog says $version"
    [[ $(field Architecture) == $(dpkg --print-architecture) ]] || fail "architecture $(field Architecture)"
    # Computed by dpkg-shlibdeps from the binaries, so the Qt libraries must be there. Not
    # libseccomp2: both helpers link it statically (sandpit-seccomp goes into containers of any
    # image, sandpit-helper starts for every run), and nothing else uses it. libvterm0: the
    # Terminal tab's emulator, linked dynamically.
    for library in libqt6core6 libqt6widgets6 libvterm0; do
        field Depends | grep -q "\b$library\b" || fail "Depends lacks $library: $(field Depends)"
    done
    [[ $(field Recommends) == "python3, python3-pip-whl, python3-setuptools-whl, gcc, g++, nodejs, python3-matplotlib" ]] ||
        fail "Recommends is $(field Recommends)"
    [[ $(field Suggests) == docker.io ]] || fail "Suggests is $(field Suggests)"
    local contents
    contents=$(dpkg-deb --contents "$deb" | awk '{print $6}')
    for path in ./usr/bin/sandpit ./usr/libexec/sandpit/sandpit-helper ./usr/libexec/sandpit/sandpit-seccomp \
        ./usr/libexec/sandpit/sandpit-proxy \
        ./etc/apparmor.d/sandpit-helper ./usr/share/doc/sandpit/copyright; do
        grep -qx -- "$path" <<<"$contents" || fail "the package lacks $path"
    done
    dpkg-deb --info "$deb" conffiles | grep -qx /etc/apparmor.d/sandpit-helper ||
        fail "the AppArmor profile is not a conffile"
}

check_lintian() {
    step "lintian"
    lintian --fail-on error "$deb" || fail "lintian found errors"
}

# The profile as the package ships it, with the userns file that postinst writes for the
# parser on this machine (AppArmor 3 on Debian 12: none).
check_apparmor_profile() {
    step "apparmor_parser on the packaged profile"
    local tree
    tree=$(mktemp -d)
    dpkg-deb --extract "$deb" "$tree"
    apparmor_parser --skip-kernel-load --skip-cache --quiet "$tree/etc/apparmor.d/sandpit-helper" ||
        fail "the AppArmor profile does not parse"
    rm -rf "$tree"
}

make_base_image() {
    if "${as_root[@]}" docker image inspect "$base_image" >/dev/null 2>&1; then
        return
    fi
    step "debootstrap Debian 12 for $base_image (once; it is kept by its tag)"
    local root
    root=$(mktemp -d /tmp/sandpit-check-package-XXXXXX)
    "${as_root[@]}" debootstrap --variant=minbase bookworm "$root" "$mirror" >/dev/null
    printf 'deb %s bookworm main\ndeb %s bookworm-updates main\ndeb %s bookworm-security main\n' \
        "$mirror" "$mirror" "$security_mirror" | "${as_root[@]}" tee "$root/etc/apt/sources.list" >/dev/null
    "${as_root[@]}" chroot "$root" apt-get clean
    "${as_root[@]}" rm -rf "$root"/var/lib/apt/lists/*
    "${as_root[@]}" tar -C "$root" -c . | "${as_root[@]}" docker import --change 'ENV LANG=C.UTF-8' - "$base_image" >/dev/null
    "${as_root[@]}" rm -rf "$root"
}

install_run_purge() {
    step "installing, running and purging in a clean $base_image container"
    "${as_root[@]}" mkdir -p "$apt_cache/partial"
    "${as_root[@]}" docker run --rm -i \
        --security-opt seccomp=unconfined --security-opt systempaths=unconfined --security-opt apparmor=unconfined \
        -v "$deb:/pkg/$(basename "$deb"):ro" \
        -v "$root_dir/tests/fixtures/hello.py:/pkg/hello.py:ro" \
        -v "$root_dir/scripts/check-package-inside.sh:/pkg/inside.sh:ro" \
        -v "$apt_cache:/var/cache/apt/archives" \
        "$base_image" bash /pkg/inside.sh "/pkg/$(basename "$deb")" /pkg/hello.py ||
        fail "the package did not install, run or purge cleanly (see above)"
}

start=$SECONDS
build_package
check_control
check_lintian
check_apparmor_profile
make_base_image
install_run_purge
step "passed in $((SECONDS - start)) s"
