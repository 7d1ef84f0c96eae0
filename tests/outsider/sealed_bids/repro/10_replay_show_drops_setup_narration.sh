#!/bin/sh
# `play` tells the first prize under "set-up"; `replay --show` of the same game starts at
# "round 1" and never tells it (the pot of round 1 is then never explained).
# Run from the game's folder: sh repro/10_replay_show_drops_setup_narration.sh
set -e
out=$(mktemp -d)
stratagem play sealed_bids.yaml --scenario two --seed 9 --replay-out "$out/r.json" > "$out/play.txt"
head -4 "$out/play.txt"
echo "-- replay --show:"
stratagem replay "$out/r.json" --show | head -4
rm -r "$out"
