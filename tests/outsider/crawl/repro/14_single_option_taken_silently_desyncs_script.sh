#!/bin/sh
# Repro 14: at the terminal a person's decision with a single legal option is taken for them
# ("↳ the only option: taken without asking"). docs/cli.md mentions this only for the
# hand-over between two people. A scripted (piped) session that types the turn's last
# `end_turn #2` therefore sends it to the NEXT prompt (the fighter's), which refuses it:
# "end_turn #2 is not legal: it is #1's turn, not #2's".
cd "$(dirname "$0")/.."
printf 'move #2 to=(4,2)\nopen_door #2 door=(5,3)\nend_turn #2\nquit\n' |
  stratagem play crawl.yaml --scenario cellar --agents human,program:monsters.yaml --seed 2 2>&1 |
  grep -E 'taken without asking|not legal'
