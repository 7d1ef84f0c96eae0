#!/bin/sh
# 02: a `choose` with a single option is applied without being told.
# Expected: both games print a line "blue retreat pawn #2 to (...)" after the shove
#           (docs/cli.md: a one-option decision is told as "↳ the only option: taken without asking").
# Seen:     with one option (scenario one_option) no line at all: the pawn moves to (3,0)
#           silently (only the board's "last move: [ ] at (3,0)" shows it); with two options
#           (two_options) the line "blue retreat pawn #2 to (4,0)" is printed. `replay --show`
#           omits it too. In chits.yaml this hides most retreats (a unit pushed back with one
#           hex to go to just jumps on the board).
cd "$(dirname "$0")"
for sc in one_option two_options; do
  echo "== $sc"
  stratagem play 02_single_option_choose_silent.yaml --scenario $sc --agents random,random --seed 1 --explain --replay-out /tmp/repro02_$sc.json | grep -E '^(round|  |Result)'
  stratagem replay /tmp/repro02_$sc.json --show | grep -E 'shoves|retreat'
done
