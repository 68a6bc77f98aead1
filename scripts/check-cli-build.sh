#!/usr/bin/env bash
# Proves the engine needs no GUI: builds with SANDPIT_GUI=OFF (only sandpit-cli and the
# sandbox helpers, no Widgets and no QScintilla), then checks that the binary links no GUI
# library and that its help and a real run work with no display at all.
# Usage: scripts/check-cli-build.sh [BUILD_DIR]   (default build-cli)
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${1:-build-cli}

cmake -S . -B "$build_dir" -G Ninja -DSANDPIT_GUI=OFF -DSANDPIT_WERROR=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    ${CMAKE_CXX_COMPILER_LAUNCHER:+-DCMAKE_CXX_COMPILER_LAUNCHER=$CMAKE_CXX_COMPILER_LAUNCHER} >/dev/null
cmake --build "$build_dir"

cli="$build_dir/bin/sandpit-cli"
fail() { echo "check-cli-build: $*" >&2; exit 1; }
[[ -x $cli ]] || fail "$cli was not built"
[[ ! -e $build_dir/bin/sandpit ]] || fail "SANDPIT_GUI=OFF built the window too"
if ldd "$cli" | grep -Eq 'libQt6(Gui|Widgets)|qscintilla'; then
    fail "sandpit-cli links a GUI library: $(ldd "$cli" | grep -E 'Qt6(Gui|Widgets)|qscintilla')"
fi

home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
chmod 755 "$home"
nodisplay=(env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM HOME="$home" XDG_CONFIG_HOME="$home/config"
           XDG_DATA_HOME="$home/data")
"${nodisplay[@]}" "$cli" --help | grep -q '^  run FILE' || fail "--help does not list the run command"
"${nodisplay[@]}" "$cli" run --help | grep -q -- '--json' || fail "run --help does not list --json"
"${nodisplay[@]}" "$cli" --version | grep -q '^sandpit-cli [0-9]' || fail "--version printed no version"
printf 'print(6 * 7)\n' >"$home/answer.py"
# As the user who runs this: root in CI's first pass, which is where the sandbox must work too.
json=$("${nodisplay[@]}" "$cli" run "$home/answer.py" --json)
python3 - "$json" <<'PY' || fail "sandpit-cli run gave an unexpected result: $json"
import json, sys
r = json.loads(sys.argv[1])
assert r["stdout"] == "42\n", r["stdout"]
assert r["isolation"]["level"] == "full", r["isolation"]
assert r["kill_reason"] == "none", r["kill_reason"]
PY
# The doctor too: the sandbox it probes is the one the run just had (exit 0 means full).
doctor=$("${nodisplay[@]}" "$cli" doctor --json) || fail "sandpit-cli doctor says the sandbox is not full: $doctor"
python3 - "$doctor" <<'PY' || fail "sandpit-cli doctor --json gave an unexpected object: $doctor"
import json, sys
d = json.loads(sys.argv[1])
assert d["local"]["level"] == "full", d["local"]
assert all(p["present"] for p in d["local"]["protections"]), d["local"]["protections"]
assert {"reachable", "permitted", "images"} <= d["docker"].keys(), d["docker"]
assert any(l["id"] == "python" for l in d["languages"]), d["languages"]
PY
"${nodisplay[@]}" "$cli" doctor | grep -q '^Local sandbox: isolation full$' || fail "sandpit-cli doctor printed no level"
echo "check-cli-build: sandpit-cli builds without the GUI, links no GUI library, runs and checks this computer with no display"
