#!/bin/sh
# `stratagem play`, ten seeds. An agent that weighs the exact outcomes gambles every time
# (+0.035 on average) and wins about half the games.
# Seen at commit cb60aa6: it plays safe every time (10 draws): it valued the gamble by one
# stand-in roll, a loss. Seen earlier in this session (before commit 9735ea0, "Views of
# an open game with dice keep everything but the generator"): 7 wins, 3 draws, no loss -
# it gambled exactly when the seed's own roll held a six.
cd "$(dirname "$0")"
for seed in 0 1 2 3 4 5 6 7 8 9; do
  timeout 120 stratagem play 01_agents_read_future_dice.yaml --agents expectimax,random --seed $seed --quiet
done | sort | uniq -c
timeout 60 stratagem play 01_agents_read_future_dice.yaml --agents expectimax,random --seed 0 --explain 2>&1 | grep '↳'
