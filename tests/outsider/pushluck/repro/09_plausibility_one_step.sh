#!/bin/sh
# evaluate-program values the program's choices by one-step lookahead (documented), so in
# a push-your-luck game it calls a roll a blunder when the roll's worth comes later.
# Blunder 1 (rule "play 2": roll while a runner is left): red has runners on 5 and on 10,
# which is climbed to its top, and one runner left; the next roll busts only on 5-5-5-5
# (1 in 1296), and stopping now or after it claims column 10 alike. The one-step
# reference sees the claim only after a stop, so it reports "chose 'throw', best 'stop'",
# regret 0.154, the worst choice of the sample.
# Expected: a way to name the reference (a deeper agent, e.g. expectimax:depth=3), or a
# note in the output that a one-step reference cannot judge a roll.
cd "$(dirname "$0")/.."
rm -rf /tmp/repro09
timeout 120 stratagem evaluate-program programs/markers.yaml --game pushluck.yaml --scenario two \
  --games 4 --against random --sample-every 5 --blunders /tmp/repro09 2>&1 | tail -2
timeout 60 stratagem show /tmp/repro09/blunder-1.json 2>&1 | grep -E 'runner #|red:|to decide|^  (throw|stop)'
rm -rf /tmp/repro09
