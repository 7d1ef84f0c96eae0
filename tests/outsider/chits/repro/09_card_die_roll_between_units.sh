#!/bin/sh
# 09: the card's die roll cannot be followed when the tied options differ only in the unit.
# Expected: the card's how-to: "pick at random among the choices left: number them in reading
#           order (by row, then from the left) and roll a die".
# Seen:     the program's trace says "random among 2" where the two options are the same hex
#           for two different armour counters (movement 3: #18 or #19 to (7,3)), and where two
#           counters could lead the same attack (combat 1: "armour #19 leads an attack on armour
#           #11 · random among 2"). "Reading order" numbers hexes, not counters, and the card
#           never says that the lead unit matters (attacker losses fall on it).
cd "$(dirname "$0")/.."
stratagem play chits.yaml --agents tactical,program:blue_ai.yaml --seed 2 --explain \
  | grep -A1 -E 'blue armour #1[89] (moves|leads)' | grep -B1 'random among'
grep -E 'Choose the hex next to the fewest|Choose the attack at the best odds|number them in reading order' blue_ai_card.md
