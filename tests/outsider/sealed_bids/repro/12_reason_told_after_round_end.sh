#!/bin/sh
# The last bidder's reason (`↳ Picked at random.`) is printed after the round-end narration
# its bid set off (the reveal and who takes the pot), not under its move as for the others.
# Run from the game's folder: sh repro/12_reason_told_after_round_end.sh
stratagem play sealed_bids.yaml --scenario two --seed 2 --agents random,random --explain | sed -n 4,13p
