#!/bin/sh
# With `end: guide` counting only the kept climb (variants/pushluck_guide_banked.yaml),
# osla, greedy-turn, tactical and expectimax at its default budget (depth 2 in 1 s) stop
# after the first roll of every turn: the climb at stake is worth nothing to them until
# a stop keeps it, and a stop is always one step away. osla lost 20 of 20 games to the
# roll-three-times program. The docs describe `guide` as "how well that player stands"
# and say nothing of how it sets a one-step agent's appetite for risk.
# Counting this turn's climb at 1.25 times its worth (pushluck.yaml) makes a roll worth
# taking one step ahead while a bust is less likely than about 1 in 5: osla then won 13
# of 20 against the best program (markers.yaml), and 13 of 16 solitaire games.
cd "$(dirname "$0")/.."
for rules in variants/pushluck_guide_banked.yaml pushluck.yaml; do
  timeout 120 stratagem play $rules --scenario two --agents osla,program:programs/stop_after_3.yaml \
    --seed 1 > /tmp/repro10.txt
  echo "$rules: osla (red) rolled $(grep -c '^  red  rolls' /tmp/repro10.txt) times in" \
       "$(grep -c 'red  stops\|red busts' /tmp/repro10.txt) turns; $(tail -1 /tmp/repro10.txt)"
done
rm -f /tmp/repro10.txt
