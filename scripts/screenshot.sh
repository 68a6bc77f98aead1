#!/usr/bin/env bash
# Takes the README's screenshots: the playground under Xvfb with a short Python program, after
# pressing Run (F5, sent with xdotool). Without OUTPUT_PNG it takes all three, at the sizes a
# learner and an instructor meet:
#   docs/screenshot.png               the default window, 1100×720
#   docs/screenshot-dark.png          the same in the dark theme
#   docs/screenshot-presentation.png  presentation mode on a 1024×768 projector
# With OUTPUT_PNG it takes that one picture, as the variables below say.
# Another program can be shown instead, e.g. tests/fixtures/colours_progress.py to look at the
# output pane. SANDPIT_SCREENSHOT_SIZE is the screen and window size (default 1100x720).
# SANDPIT_SCREENSHOT_KEYS replaces the keys pressed (default F5), e.g. "F6 Return" runs the
# program's first input set; a key "type:TEXT" types TEXT instead, e.g. "alt+t Return
# type:/path/to/pack Return" validates a pack. SANDPIT_SCREENSHOT_CLICKS adds left clicks after the keys, as
# "X,Y" window coordinates, e.g. "1000,306" to select the first row of the Output Files pane
# at 1100x720 and show its preview.
# SANDPIT_SCREENSHOT_SETTINGS puts lines into the fresh settings file first, e.g. the dark
# theme: $'[view]\ntheme=dark', or presentation mode: $'[view]\npresentation=true'.
# Needs: xvfb (xvfb-run), xdotool, imagemagick (import). Build first: scripts/build.sh
# Optional: openbox (apt install --no-install-recommends openbox) draws the title bar with the
# icon, as the README's pictures show it. Not installed by install-deps.sh: its recommended
# packages bring fonts that change the default monospace font the GUI tests measure.
# Usage: scripts/screenshot.sh [BUILD_DIR] [OUTPUT_PNG] [PROGRAM]   (PROGRAM: tests/fixtures/tour.py)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
program=$(realpath "${3:-$root/tests/fixtures/tour.py}")

for tool in xvfb-run xdotool import; do
    command -v "$tool" >/dev/null || { echo "screenshot: $tool is missing (apt install xvfb xdotool imagemagick)" >&2; exit 1; }
done

# All of the README's pictures, each from a fresh start.
if [[ -z "${2:-}" ]]; then
    SANDPIT_SCREENSHOT_SIZE=1100x720 "$0" "$build" "$root/docs/screenshot.png" "$program"
    SANDPIT_SCREENSHOT_SIZE=1100x720 SANDPIT_SCREENSHOT_SETTINGS=$'[view]\ntheme=dark' \
        "$0" "$build" "$root/docs/screenshot-dark.png" "$program"
    SANDPIT_SCREENSHOT_SIZE=1024x768 SANDPIT_SCREENSHOT_SETTINGS=$'[view]\npresentation=true' \
        "$0" "$build" "$root/docs/screenshot-presentation.png" "$program"
    exit 0
fi
output=$2
size=${SANDPIT_SCREENSHOT_SIZE:-1100x720}

# Re-run inside a private X server as large as the window; everything below runs there.
if [[ -z "${SANDPIT_SCREENSHOT_DISPLAY:-}" ]]; then
    exec xvfb-run -a -s "-screen 0 ${size}x24" env SANDPIT_SCREENSHOT_DISPLAY=1 "$0" "$build" "$output" "$program"
fi

# A fresh settings folder: a window layout saved by an earlier session must not leak in.
home=$(mktemp -d /tmp/sandpit-screenshot-XXXXXX)
pid=
wm=
cleanup() {
    [[ -n "$pid" ]] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
    [[ -n "$wm" ]] && kill "$wm" 2>/dev/null || true
    rm -rf "$home"
}
trap cleanup EXIT

if [[ -n "${SANDPIT_SCREENSHOT_SETTINGS:-}" ]]; then
    mkdir -p "$home/config/Sandpit"
    printf '%s\n' "$SANDPIT_SCREENSHOT_SETTINGS" >"$home/config/Sandpit/sandpit.conf"
fi
# A window manager (openbox, when installed) draws the title bar, so the picture shows Sandpit's
# icon and title as a desktop does; the window is then shorter by the title bar's height.
geometry=$size
if command -v openbox >/dev/null; then
    openbox --config-file /dev/null >/dev/null 2>&1 &
    wm=$!
    geometry=${size%x*}x$((${size#*x} - 21))
fi
XDG_CONFIG_HOME=$home/config XDG_DATA_HOME=$home/data \
    "$build/bin/sandpit" -qwindowgeometry "$geometry+0+0" "$program" &
pid=$!

# The title names the file once it has been read.
window=$(timeout 20 xdotool search --sync --onlyvisible --name "$(basename "$program")" | head -n1)
xdotool windowfocus --sync "$window"
for key in ${SANDPIT_SCREENSHOT_KEYS:-F5}; do
    # "type:TEXT" types TEXT (no spaces), e.g. a path into a file dialog.
    if [[ $key == type:* ]]; then
        xdotool type --delay 20 -- "${key#type:}"
    else
        xdotool key --clearmodifiers "$key"
    fi
    sleep 1 # a dialog opened by one key must be up before the next
done
# The program takes a fraction of a second; this also leaves time for the last repaint.
sleep 3
for click in ${SANDPIT_SCREENSHOT_CLICKS:-}; do
    xdotool mousemove --window "$window" "${click%,*}" "${click#*,}" click 1
    sleep 1
done
mkdir -p "$(dirname "$output")"
import -window root "$output"
echo "screenshot: wrote $output"
