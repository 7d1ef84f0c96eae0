#!/bin/sh
# 07: `?` at the terminal prints the README's Rules section as raw Markdown.
# Expected: the rules as `stratagem rules chits.yaml` prints them ("1 Map. Pointy-topped
#           hexes ...", the CRT as a table).
# Seen:     "1. **Map.** Pointy-topped hexes ..." and the CRT as "| die | 1:2 | ..." pipes.
cd "$(dirname "$0")/.."
printf '?\nquit\n' | stratagem play chits.yaml --agents human,random --seed 5 | grep -E '\*\*Map|\| die'
stratagem rules chits.yaml | grep -E ' Map\.|die.*1:2'
