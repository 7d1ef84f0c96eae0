#!/bin/sh
# Expected (hoped): a way to say "no legal move: lose if in check, else draw".
# Seen: the condition is refused; only pass/lose/draw are accepted.
cd "$(dirname "$0")"
stratagem validate 03_stuck_not_conditional.yaml
sed 's/stuck: "lose if game.in_check == 1 else draw"/stuck: draw/' 03_stuck_not_conditional.yaml > /tmp/03_stuck_draw.yaml
stratagem play /tmp/03_stuck_draw.yaml --agents random,random --seed 1 --quiet
