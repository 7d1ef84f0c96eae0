#!/bin/sh
# Repro 09: under `order: {initiative: ...}` each hero takes its own turn, but the terminal's
# prompt says only "your move / choose the action:" — which hero is acting shows only as the
# "#2" inside the option texts ("11  end_turn #2"), and "1  move …" names no unit at all.
# Expected: the heading or prompt names the unit whose turn it is ("archer #2's turn").
# Also seen after the archer opens a door (it does not move): the legend reads
# "last move: ( ) from (4,2), [ ] to (5,3)", as if the archer had moved to the door.
cd "$(dirname "$0")/.."
printf 'move #2 to=(4,2)\nopen_door #2 door=(5,3)\nquit\n' |
  stratagem play crawl.yaml --scenario cellar --agents human,program:monsters.yaml --seed 2 2>&1 |
  grep -E '^── |your move|choose the action|^ +[0-9]+  |last move'
