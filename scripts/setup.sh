#!/usr/bin/env bash
# One command on a fresh Debian 12 machine: install what is missing, build,
# and run the main job.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
bash scripts/build.sh
echo
echo "== 1000 uniform-random Marquise vs Eyrie games, checked at every decision"
build/cli/woodland selfplay --factions marquise,eyrie --games 1000 --seed 1 --check --json
