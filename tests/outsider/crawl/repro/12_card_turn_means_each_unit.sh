#!/bin/sh
# Repro 12: the card's how-to says "At the start of each of your turns, read the current
# state's triggers". Under `order: {initiative: ...}` every monster takes its own turn, and
# the program reads its triggers at each monster's turn (here goblin #3's turn moves the
# program lurk -> hunt in the middle of the round, after the skeleton already acted in lurk).
# The card does not say that "your turn" means each monster's activation; a solo player
# could read it as once per round.
cd "$(dirname "$0")/.."
stratagem render-program monsters.yaml --game crawl.yaml | grep -n 'At the start of each of your turns'
printf 'move #2 to=(4,2)\nopen_door #2 door=(5,3)\nmove #1 to=(1,1)\nquit\n' |
  stratagem play crawl.yaml --scenario cellar --agents human,program:monsters.yaml --seed 2 2>&1 |
  grep -E "monsters |state (lurk|hunt)" | head -8
