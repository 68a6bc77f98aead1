#!/usr/bin/env bash
# The part of scripts/check-package.sh that runs as root inside a clean Debian 12 container:
# install the package from the mirror, run a program as a non-root user, purge, look for what
# is left.
# Usage: check-package-inside.sh PACKAGE.deb hello.py
set -euo pipefail
deb=$1
hello=$2
export DEBIAN_FRONTEND=noninteractive
fail() {
    echo "check-package (container): FAILED: $*" >&2
    exit 1
}
as_learner() { runuser -u learner -- env -i PATH=/usr/bin:/bin HOME=/home/learner LANG=C.UTF-8 "$@"; }

apt-get update -qq
# Every package Sandpit recommends or suggests must exist in Debian 12 under that name.
for package in python3 gcc g++ nodejs python3-matplotlib docker.io; do
    apt-cache show "$package" >/dev/null 2>&1 || fail "Debian 12 has no package named $package"
done
# Recommends stay out to keep the check short; python3 is the one this run needs. apparmor
# brings the parser, so postinst's probe and the installed profile are checked too.
apt-get install -y -qq --no-install-recommends python3 apparmor >/dev/null
# The container's kernel has no AppArmor for it. Stand-ins, put in place with dpkg-divert as
# apt runs maintainer scripts with its own PATH, say it is on and log what the maintainer
# scripts ask of the parser; the real parser checks that what postinst loads parses.
dpkg-divert --quiet --local --rename --add /usr/bin/aa-enabled
dpkg-divert --quiet --local --rename --add /sbin/apparmor_parser
printf '#!/bin/sh\nexit 0\n' >/usr/bin/aa-enabled
cat >/sbin/apparmor_parser <<'SH'
#!/bin/sh
echo "$*" >>/tmp/apparmor_parser.log
for last in "$@"; do :; done
case " $* " in
*" --remove "*) exit 0 ;;
*" --replace "*) exec /sbin/apparmor_parser.distrib --skip-kernel-load --skip-cache --quiet "$last" ;;
*) exec /sbin/apparmor_parser.distrib "$@" ;;
esac
SH
chmod 755 /usr/bin/aa-enabled /sbin/apparmor_parser
apt-get install -y -qq --no-install-recommends "$deb" >/dev/null
dpkg-query -W -f='${Conffiles}\n' sandpit | grep -q '/etc/apparmor.d/sandpit-helper' ||
    fail "dpkg does not list the AppArmor profile as a conffile"
[[ -f /var/lib/sandpit/apparmor/userns ]] || fail "postinst wrote no userns rule file"
# Debian 12's AppArmor 3 parser has no userns rule: postinst's probe must have found that.
! grep -qx 'userns,' /var/lib/sandpit/apparmor/userns || fail "postinst gave AppArmor 3 the userns rule"
grep -q -- '--replace.* /etc/apparmor.d/sandpit-helper$' /tmp/apparmor_parser.log ||
    fail "postinst did not load the AppArmor profile: $(cat /tmp/apparmor_parser.log)"
/sbin/apparmor_parser.distrib --skip-kernel-load --skip-cache --quiet /etc/apparmor.d/sandpit-helper ||
    fail "the installed AppArmor profile does not parse"

useradd --create-home --shell /bin/bash learner
install -o learner -m 644 "$hello" /home/learner/hello.py
json=$(cd /home/learner && as_learner sandpit run hello.py --json) || fail "sandpit run failed: $json"
python3 - "$json" <<'PY' || fail "sandpit run gave an unexpected result: $json"
import json, sys
r = json.loads(sys.argv[1])
assert r["isolation"]["level"] == "full", r["isolation"]
assert r["stdout"] == "Hello from Sandpit\n", r["stdout"]
assert r["exit_code"] == 0, r["exit_code"]
PY
echo "check-package (container): sandpit run hello.py as learner: isolation full"

# The doctor agrees with the run: exit 0 means the local sandbox gives full isolation here.
as_learner sandpit doctor || fail "sandpit doctor did not report full isolation"
doctor_json=$(as_learner sandpit doctor --json) || fail "sandpit doctor --json failed"
python3 - "$doctor_json" <<'PY' || fail "sandpit doctor --json gave an unexpected result: $doctor_json"
import json, sys
r = json.loads(sys.argv[1])
assert r["local"]["level"] == "full", r["local"]
assert all(p["present"] for p in r["local"]["protections"]), r["local"]["protections"]
PY
echo "check-package (container): sandpit doctor as learner: full, every protection present"

# A named sandbox with an allow-list finds its proxy where the package installs it, and rm ends it.
# The bracket keeps grep from finding its own command line.
proxies() { grep -l 'libexec/sandpit/sandpit-prox[y]' /proc/[0-9]*/cmdline 2>/dev/null | wc -l; }
as_learner sandpit sandbox create pkgnet --local --allow-net 127.0.0.1:9 >/dev/null ||
    fail "sandpit sandbox create --allow-net failed"
[[ $(proxies) -eq 1 ]] || fail "no sandpit-proxy runs for the sandbox"
as_learner sandpit sandbox rm pkgnet || fail "sandpit sandbox rm failed"
[[ $(proxies) -eq 0 ]] || fail "sandpit-proxy outlived sandpit sandbox rm"
echo "check-package (container): a sandbox with --allow-net as learner: its proxy ran, and ended with rm"

mapfile -t owned < <(dpkg -L sandpit)
apt-get purge -y -qq sandpit >/dev/null
left=()
for path in "${owned[@]}" /var/lib/sandpit; do
    [[ -e "$path" || -L "$path" ]] || continue
    # A folder that another package also owns (/usr/bin, /etc/apparmor.d) rightly stays.
    [[ -d "$path" ]] && dpkg-query -S "$path" >/dev/null 2>&1 && continue
    left+=("$path")
done
((${#left[@]} == 0)) || fail "left after purge: ${left[*]}"
grep -q -- '--remove /etc/apparmor.d/sandpit-helper$' /tmp/apparmor_parser.log ||
    fail "removing the package did not unload the AppArmor profile: $(cat /tmp/apparmor_parser.log)"
status=$(dpkg-query -W -f='${db:Status-Status}' sandpit 2>/dev/null || true)
[[ -z "$status" || "$status" == not-installed ]] || fail "dpkg still lists sandpit as $status"
echo "check-package (container): purged; nothing of Sandpit's is left"
