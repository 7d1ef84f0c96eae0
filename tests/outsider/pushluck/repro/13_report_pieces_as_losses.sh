#!/bin/sh
# The balance report's per-unit figures read a push-your-luck game as a battle: runners
# taken off at the end of every turn are "lost" (about 35 a side a game), a claim that
# clears the other players' cubes from a column is a "kill" by the action `stop`, and
# every action is "used in 100% of its games". docs/arena.md says to read losses as
# pieces taken off where pieces go home; still, nothing here tells a designer what they
# would ask of this game (rolls per turn, busts, turns to win).
# Expected: a way to leave these figures out, or figures of the designer's own (an
# expression counted per game, as evaluate-program's --measure does for programs).
cd "$(dirname "$0")/.."
P=program:programs/stop_after_2.yaml
rm -f /tmp/repro13.sqlite
timeout 120 stratagem arena pushluck.yaml --scenario two --agents $P,$P --games 20 --db /tmp/repro13.sqlite --quiet >/dev/null 2>&1
timeout 60 stratagem report /tmp/repro13.sqlite 2>&1 | grep -E 'runner:|cube:|killed|action throw' | head -5
rm -f /tmp/repro13.sqlite
