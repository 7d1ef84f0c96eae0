#!/bin/sh
# At the `stratagem play` prompt a cell typed as `(x,y)` picks that cell when it is
# offered, but a cell that is not offered (already taken, or off the board) is
# answered as if it were not a cell at all:
#   red> not understood (action text '(2,2)' must start with an action name); type a number listed, or ? for help
# Expected: "(2,2) is not among the options: a stone is there" (or "off the board"),
# as `place cell=(2,2)` typed whole is answered ("... is not a possible position:
# it is not among `cells(empty: true)`").
cd "$(dirname "$0")/.."
printf '13\n(2,2)\n(7,7)\nplace cell=(2,2)\nquit\n' |
  stratagem play hex.yaml --scenario small --agents human,random --seed 1 2>&1 | grep 'red>'
