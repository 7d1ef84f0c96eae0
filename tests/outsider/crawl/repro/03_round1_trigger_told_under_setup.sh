#!/bin/sh
# Expected: "the bell tolls for round 1" under "round 1, play", as round 2's is under "round 2, play"
# (docs/cli.md: "What the set-up narrates before anyone moves ... comes first, under `set-up`";
# a round_started trigger is not the set-up).
# Seen: round 1's toll is told under "set-up".
cd "$(dirname "$0")"
stratagem play 03_round1_trigger_told_under_setup.yaml --seed 0
