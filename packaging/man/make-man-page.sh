#!/usr/bin/env bash
# Makes Sandpit's man page from the program's own help, so it is true to every command and
# option by construction: help2man formats `PROGRAM --help` and `--version`, and a section
# COMMANDS holds each command's own `PROGRAM COMMAND --help`. The commands are read from the
# top-level help's "Commands:" list, so a new command appears here without a change.
# Usage: make-man-page.sh PROGRAM NAME OUTPUT_DIR
#   PROGRAM     the built sandpit (or sandpit-cli) binary
#   NAME        the name it is installed under, which the page is called: sandpit
#   OUTPUT_DIR  gets NAME.1 and NAME.1.gz
set -euo pipefail
program=$1
name=$2
out=$3
here=$(cd "$(dirname "$0")" && pwd)

# The help must not depend on a display, a desktop or the developer's settings.
unset DISPLAY WAYLAND_DISPLAY
export HOME=/nonexistent XDG_CONFIG_HOME=/nonexistent XDG_DATA_HOME=/nonexistent
# The help's "…" becomes "...": help2man and man in the C locale would print it as "???".
run() {
    (exec -a "$name" "$program" "$@") | sed 's/…/.../g'
}

commands=$(run --help | awk '/^Commands:/ { inside = 1; next } inside && /^$/ { exit } inside && /^  [^ ]/ { print $1 }')
[[ -n "$commands" ]] || { echo "make-man-page: $program --help lists no commands" >&2; exit 1; }

mkdir -p "$out"
include="$out/$name-commands.h2m"
{
    echo "[COMMANDS]"
    for command in $commands; do
        echo ".SS \"$name $command\""
        run "$command" --help | awk -f "$here/help-to-roff.awk"
    done
} >"$include"

# help2man runs PROGRAM itself; a wrapper gives it the installed name (the environment above
# is inherited) and marks the help's second usage line ("       sandpit COMMAND [options]")
# with the "or:" that help2man knows a synopsis line by.
wrapper="$out/$name"
cat >"$wrapper" <<WRAPPER
#!/usr/bin/env bash
set -o pipefail
if [[ "\$1" == --help ]]; then
    (exec -a $(printf %q "$name") $(printf %q "$program") --help) | sed -E 's/…/.../g; 2,/^\$/ s/^ +($name )/  or: \\1/'
else
    exec -a $(printf %q "$name") $(printf %q "$program") "\$@"
fi
WRAPPER
chmod +x "$wrapper"
help2man --no-info --section=1 --name="a code playground that runs programs in a sandbox" \
    --include="$include" --include="$here/sandpit.h2m" --output="$out/$name.1" "$wrapper"
rm -f "$wrapper"
# lintian wants man pages compressed at the highest level, without a timestamp.
gzip -n -9 -c "$out/$name.1" >"$out/$name.1.gz"
