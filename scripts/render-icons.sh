#!/usr/bin/env bash
# Renders Sandpit's icon (resources/icons/sandpit.svg) into the PNG sizes of the hicolor icon
# theme, resources/icons/hicolor/<N>x<N>/apps/sandpit.png. The PNGs are committed, so a build
# needs no SVG renderer; run this after changing the SVG and look at every size.
# Needs: rsvg-convert (apt install librsvg2-bin).
# Usage: scripts/render-icons.sh
set -euo pipefail
icons=$(cd "$(dirname "$0")/../resources/icons" && pwd)
command -v rsvg-convert >/dev/null || { echo "render-icons: rsvg-convert is missing (apt install librsvg2-bin)" >&2; exit 1; }

# The sizes desktops ask the hicolor theme for: panels and menus (16-32), launchers (48-64),
# software centres and the window switcher (128-256).
for size in 16 22 24 32 48 64 128 256; do
    dir="$icons/hicolor/${size}x${size}/apps"
    mkdir -p "$dir"
    rsvg-convert --width "$size" --height "$size" --keep-aspect-ratio "$icons/sandpit.svg" --output "$dir/sandpit.png"
done
echo "render-icons: wrote $(ls -d "$icons"/hicolor/*x*/apps/sandpit.png | wc -l) sizes under $icons/hicolor"
