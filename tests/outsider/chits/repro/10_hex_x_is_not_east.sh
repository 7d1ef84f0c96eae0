#!/bin/sh
# 10: on a pointy-odd hex map `x` (the column) is not the east-west position, and no
#     function gives the hex's centre, so "the hex farthest east" in a program ties hexes
#     that a person at the table sees as unequal.
# Expected: a way to say "farthest east" (e.g. the centre's x, half a hex more on odd rows),
#           or a warning in docs/programs.md that `to.x` is the column.
# Seen:     retreating infantry #16 from (6,3): options (7,3), (6,4), (7,4). The program's
#           `most: dest.x` ties (7,3) and (7,4) ("most dest.x among 3, then random among 2");
#           on the drawn board (7,3), in an odd row, is half a hex further east than (7,4),
#           so a person following the card picks (7,3) every time.
cd "$(dirname "$0")/.."
stratagem play chits.yaml --agents random,program:blue_ai.yaml --seed 5 --explain | grep -A1 'blue retreat'
stratagem play chits.yaml --agents random,program:blue_ai.yaml --seed 5 --board | grep -B1 -A9 'blue retreat' | head -12
