#!/usr/bin/env bash
# Quick start: installs the dependencies, builds, and opens the playground (needs a display).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
exec build/bin/sandpit "$@"
