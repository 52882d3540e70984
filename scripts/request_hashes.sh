#!/usr/bin/env bash
# Issue 19.3: what bots receive, before and after a referee change.
#
#   scripts/request_hashes.sh BINDIR OUT
#
# Plays 15 varied matches (2-6 seats, every faction, the four maps, the
# Exiles deck, hirelings, landmarks, two drafts) with BINDIR/woodland and
# BINDIR/faulty_bot in viewhash mode (half the seats on Play streams), and
# writes to OUT one line per decision: match, index, seat, option, label,
# the bot's note (ViewHash of the request it received: observation, prompt,
# options, events) and fallback reason, and each match's result. Copy the
# two binaries of both builds aside and compare the two OUT files (cmp).
B=$1; OUT=$2; T=$(mktemp -d)
FB="exec:$B/faulty_bot --mode viewhash"
i=0
run() {  # FACTIONS SEED [flags...]
  local fac=$1 seed=$2; shift 2
  i=$((i+1)); local bots=() k=0
  for f in ${fac//,/ }; do
    if (( k % 2 )); then bots+=(--bot "$f=$FB --stream 1"); else bots+=(--bot "$f=$FB"); fi
    k=$((k+1))
  done
  "$B/woodland" play --factions "$fac" "${bots[@]}" --seed "$seed" --replay "$T/$i.json" "$@" >/dev/null || echo "match $i failed"
}
draft() {  # N SEED [flags...]
  local n=$1 seed=$2; shift 2
  i=$((i+1)); local bots=()
  for ((k=0;k<n;k++)); do
    if (( k % 2 )); then bots+=(--seat-bot "$FB --stream 1"); else bots+=(--seat-bot "$FB"); fi
  done
  "$B/woodland" play --draft "$n" "${bots[@]}" --seed "$seed" --replay "$T/$i.json" "$@" >/dev/null || echo "match $i failed"
}
run marquise,eyrie 1
run marquise,eyrie,alliance,vagabond 2
run marquise,eyrie,alliance,vagabond,riverfolk,cult 3
run duchy,corvid,hundreds,keepers 4
run marquise,corvid,vagabond,vagabond2 5 --map lake
run eyrie,alliance,riverfolk 6 --map mountain --deck exiles
run marquise,eyrie,cult 7 --map winter --hirelings uprising,exile:demoted,band
run marquise,eyrie,alliance 8 --setup advanced --landmarks lost_city,forge
draft 4 9
draft 5 10 --deck exiles
run keepers,hundreds,duchy,alliance,eyrie,marquise 11 --deck exiles
run vagabond,riverfolk 12
run corvid,riverfolk,cult,marquise 13 --map lake
run marquise,eyrie,alliance,vagabond,duchy 14 --hirelings bearers,band,keepers:demoted
run vagabond,vagabond2,corvid,keepers,hundreds,eyrie 15 --map mountain --landmarks random
python3 - "$T" <<'PY' > "$OUT"
import json, sys, os
d = sys.argv[1]
n = 0
for i in range(1, 16):
    r = json.load(open(os.path.join(d, f"{i}.json")))
    for k, dec in enumerate(r.get("decisions", [])):
        print(i, k, dec.get("seat", 0), dec.get("option_index", 0), dec.get("option_label", ""), dec.get("note", ""), dec.get("fallback_reason", ""))
        n += 1
    res = r["result"]
    print(i, "result", res.get("end_reason"), res.get("winners"), res.get("final_state_hash"), res.get("turns"))
print("requests", n, file=sys.stderr)
PY
rm -rf "$T"
