#!/bin/bash
# The measurements of FINDINGS.md. Results files go to ${OUT:-/tmp/siege_bench}.
# Usage: bash tools/bench.sh A|B|C|D   (run from the game's folder)
cd "$(dirname "$0")/.." || exit 2
OUT=${OUT:-/tmp/siege_bench}
mkdir -p "$OUT"
export PYTHONPATH=.
run() {  # name, then the arena arguments
    local name=$1; shift
    rm -f "$OUT/$name.sqlite"
    local t0=$(date +%s.%N)
    stratagem arena "$@" --quiet --db "$OUT/$name.sqlite" > "$OUT/$name.log" 2>&1
    local rc=$?
    local t1=$(date +%s.%N)
    printf '%s\trc=%s\t%.0f s\tstratagem arena %s\n' "$name" "$rc" "$(echo "$t1 - $t0" | bc)" "$*" >> "$OUT/times.tsv"
}
case $1 in
A)
    for sc in easy normal hard; do
        run "random_$sc" siege_solo.yaml --scenario $sc --agents random --games 300
        run "warden_$sc" siege_solo.yaml --scenario $sc --agents python:tools.warden.Warden --games 300
    done ;;
B)
    run osla_normal siege_solo.yaml --agents osla:calls=300 --games 60
    run mcts_normal siege_solo.yaml --agents mcts:seconds=0.2 --games 30
    run mcts_full_normal siege_solo.yaml --agents mcts:seconds=0.2,rollout=-1 --games 30
    run mcts_easy siege_solo.yaml --scenario easy --agents mcts:seconds=0.2 --games 30 ;;
C)
    run two_tactical variants/open_two_seat.yaml --agents tactical:calls=1000,random --games 40
    run two_osla variants/open_two_seat.yaml --agents osla:calls=300,random --games 40
    run two_mcts variants/open_two_seat.yaml --agents mcts:seconds=0.2,random --games 40
    run two_expectimax variants/open_two_seat.yaml --agents expectimax:depth=2,calls=2000,random --games 20
    run two_greedy variants/open_two_seat.yaml --agents greedy-turn:calls=500,random --games 20 ;;
D)
    for sc in easy normal hard; do
        run "two_osla_$sc" variants/open_two_seat.yaml --scenario $sc --agents osla:calls=300,random --games 80
    done
    run two_tactical_easy variants/open_two_seat.yaml --scenario easy --agents tactical:calls=1000,random --games 40
    run two_tactical_hard variants/open_two_seat.yaml --scenario hard --agents tactical:calls=1000,random --games 40 ;;
esac
