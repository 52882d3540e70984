#!/usr/bin/env bash
# One command on a fresh Debian 12 machine: install what is missing, build,
# and run the main job: a real match between two bot processes over gRPC,
# refereed, recorded and verified from its replay file.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
bash scripts/build.sh
BOT=build/bots/random/random_bot
echo
echo "== A four-player match between four random-bot processes over gRPC"
build/cli/woodland play --factions marquise,eyrie,alliance,vagabond \
  --bot "marquise=exec:$BOT --seed 1" --bot "eyrie=exec:$BOT --seed 2" \
  --bot "alliance=exec:$BOT --seed 3" --bot "vagabond=exec:$BOT --seed 4" \
  --seed 1 --replay build/last_match.json
echo
echo "== Its replay file (build/last_match.json) rebuilds the identical final state"
build/cli/woodland replay build/last_match.json --verify
echo
echo "== 1000 in-process four-player random games, every invariant checked at every decision"
build/cli/woodland selfplay --factions marquise,eyrie,alliance,vagabond --games 1000 --seed 1 \
  --shuffle-seats --check --json
