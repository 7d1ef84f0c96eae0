#!/bin/sh
# A 5-player tournament of fewer than 120 games plays one deal, with the first entrant in
# the first seat every time (seat orders are taken in lexicographic order, and the deal
# changes once per 120 seat orders). With a stronger first entrant the summary then claims
# "ann wins more than an even share: 100.0% (72.2–100.0%, n=10)".
# Run from the game's folder: sh repro/11_arena_five_players_one_deal.sh  (about 30 s)
set -e
out=$(mktemp -d)
stratagem arena sealed_bids.yaml --scenario five --agents mcts:seconds=0.2,random,random,random,random \
    --games 10 --workers 2 --seed 5 --db "$out/a.sqlite" | tail -4
python - "$out/a.sqlite" <<'PY'
import sqlite3, sys
rows = list(sqlite3.connect(sys.argv[1]).execute("select seed, seats from games order by idx"))
print("distinct seeds:", len({seed for seed, _ in rows}), "| seat orders:", [s for _, s in rows])
PY
rm -r "$out"
