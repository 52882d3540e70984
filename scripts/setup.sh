#!/usr/bin/env bash
# One command on a fresh Debian 12 machine: install what is missing, build,
# and run the main job: a small round-robin tournament between bot processes
# written in C++, Python and JavaScript, refereed over gRPC, rated and stored.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
# The release configuration (-O3, link-time optimisation) in build-release/;
# scripts/test.sh builds the test configuration in build/.
bash scripts/release.sh
B=build-release
W=$B/cli/woodland
R=$B/bots/random/random_bot
mkdir -p build
echo
echo "== A four-player match between four bot processes over gRPC, with its replay verified"
$W play --factions marquise,eyrie,alliance,vagabond \
  --bot "marquise=exec:$B/bots/heuristic/heuristic_bot" --bot "eyrie=exec:bots/python/run.sh" \
  --bot "alliance=exec:bots/node/run.sh" --bot "vagabond=exec:$R --seed 4" \
  --seed 1 --replay build/last_match.json
$W replay build/last_match.json --verify
echo
echo "== A round-robin tournament: 5 bot processes (C++, Python, Node), 4 players per table"
rm -f build/tournament.db build/tournament.db-wal build/tournament.db-shm
$W tournament --db build/tournament.db --players 4 --tables 4 --seed 1 --workers 2 \
  --metrics-port 0 \
  --bot "heuristic=exec:$B/bots/heuristic/heuristic_bot" \
  --bot "python-starter=exec:bots/python/run.sh" \
  --bot "node-starter=exec:bots/node/run.sh" \
  --bot "random-a=exec:$R --seed 1" --bot "random-b=exec:$R --seed 2"
echo "Results, ratings and replays are stored in build/tournament.db (SQLite)."
echo "For live metrics, run the arena service: $W arena serve --metrics-port 9465"
echo "and scrape http://127.0.0.1:9465/metrics (Grafana dashboard: deploy/grafana/)."
