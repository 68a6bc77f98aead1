#!/usr/bin/env bash
# Installs what Sandpit needs to build, run and test, from Debian 12's packages.
# Usage: scripts/install-deps.sh [--test]   (--test adds what the test suite needs)
set -euo pipefail

packages=(
    build-essential cmake ninja-build pkg-config
    qt6-base-dev qt6-svg-dev libqscintilla2-qt6-dev libseccomp-dev libcurl4-openssl-dev libarchive-dev libtomlplusplus-dev libyaml-cpp-dev
    libvterm-dev
    python3 python3-pip-whl python3-setuptools-whl help2man
)
if [[ "${1:-}" == "--test" ]]; then
    packages+=(xvfb xauth imagemagick bubblewrap hyperfine util-linux docker.io debootstrap libpython3.11-testsuite python3-jsonschema
              g++ nodejs openjdk-17-jdk-headless rustc python3-matplotlib python3-requests xdotool xclip
              desktop-file-utils appstream shared-mime-info man-db x11-utils
              openssl iproute2)
    # scripts/check-package.sh: the .deb's dependencies (dpkg-shlibdeps), its lint, and the
    # AppArmor profile's parser.
    packages+=(dpkg-dev lintian apparmor)
fi

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]} == 0)); then
    exit 0
fi

as_root=()
if [[ $(id -u) -ne 0 ]]; then
    command -v sudo >/dev/null || { echo "install-deps: run as root or install sudo; missing: ${missing[*]}" >&2; exit 1; }
    as_root=(sudo)
fi
echo "install-deps: installing ${missing[*]}"
"${as_root[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
