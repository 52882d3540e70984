#!/usr/bin/env bash
# The house bots' ladder check (issue 17): a `woodland tournament` through the
# arena between the search bot, the heuristic bot and the built-in random
# bot, and whether its standings order them search > heuristic > random.
#
#   scripts/house_tournament.sh [--build DIR] [--tables T] [--seed S]
#       [--players P] [--factions a,b,...] [--search-args "ARGS"]
#       [--check | --check-random-last] [--json FILE]
#
# Defaults: build/, 8 tables, seed 1, 3 players (one seat per bot) from the
# four base factions, the search bot at --max-seconds 1 (the issue's 1 s per
# decision; pass e.g. --search-args "--iterations 300" for fixed work on a
# loaded machine). Prints the standings; --check exits 1 unless the order by
# ordinal is search, heuristic, random (--check-random-last: unless every
# match finished without forfeits and random ranks last); --json FILE keeps
# the standings.
set -euo pipefail

build=build
tables=8
seed=1
players=3
factions=marquise,eyrie,alliance,vagabond
search_args="--max-seconds 1"
check=0
json_out=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --build) build="$2"; shift 2 ;;
    --tables) tables="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    --players) players="$2"; shift 2 ;;
    --factions) factions="$2"; shift 2 ;;
    --search-args) search_args="$2"; shift 2 ;;
    --check) check=1; shift ;;
    --check-random-last) check=2; shift ;;
    --json) json_out="$2"; shift 2 ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    *) echo "house_tournament: unknown flag $1" >&2; exit 2 ;;
  esac
done

woodland="$build/cli/woodland"
for bin in "$woodland" "$build/bots/search/search_bot" \
           "$build/bots/heuristic/heuristic_bot"; do
  [[ -x "$bin" ]] || { echo "house_tournament: missing $bin (build it)" >&2; exit 2; }
done

tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
# Launched bots are our own binaries: no sandbox needed (bwrap may be absent).
"$woodland" tournament \
  --bot "search=exec:$build/bots/search/search_bot $search_args" \
  --bot "heuristic=exec:$build/bots/heuristic/heuristic_bot" \
  --bot random=builtin:random \
  --players "$players" --factions "$factions" --tables "$tables" \
  --seed "$seed" --no-sandbox --json >"$tmp" 2>/dev/null
[[ -n "$json_out" ]] && cp "$tmp" "$json_out"

python3 - "$tmp" "$check" <<'EOF'
import json, sys
data = json.load(open(sys.argv[1]))
rows = data["standings"]
print(f"{data['matches_done']}/{data['matches_total']} matches")
print(f"{'rank':<5}{'bot':<11}{'ordinal':>8}{'games':>7}{'wins':>6}{'win %':>7}{'mean VP':>9}{'forfeits':>9}")
for i, r in enumerate(rows, 1):
    g = max(1, r["games"])
    print(f"{i:<5}{r['bot']:<11}{r['ordinal']:>8.2f}{r['games']:>7}{r['wins']:>6}"
          f"{100.0 * r['wins'] / g:>6.1f}%{r['vp'] / g:>9.1f}{r['forfeits']:>9}")
order = [r["bot"] for r in rows]
ok = order == ["search", "heuristic", "random"]
print("order search > heuristic > random:", "yes" if ok else "no")
mode = sys.argv[2]
if mode == "2":
    ok = (order[-1] == "random" and len(order) == 3 and
          data["matches_done"] == data["matches_total"] > 0 and
          all(r["forfeits"] == 0 for r in rows))
sys.exit(0 if ok or mode == "0" else 1)
EOF
