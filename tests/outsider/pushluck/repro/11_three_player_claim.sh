#!/bin/sh
# Three players, one program in every seat, 120 games = 20 deals (each played in 6 seat
# orders, all alike). The report claims "blue wins more than an even share: 55.0%
# (34.2-74.2%, n=20)". One game per deal over 420 other deals (../seat_advantage.py,
# seeds 0-149, 1000-1119, 2000-2149, same rules) gave red 41.7%, blue 33.6%, green 24.8%.
# Each of the three sides is tested at 95% with no allowance for testing three, on 20
# deals; the claim is what the test says, but a designer reads it as blue's advantage.
# Expected: a caution on few deals and several sides (or a corrected test).
# (variants/pushluck_four_rolls.yaml is the version of the rules the claim was seen on;
# the programs do not search, so finding 1 does not touch them.)
cd "$(dirname "$0")/.."
P=program:programs/stop_after_2.yaml
rm -f /tmp/repro11.sqlite
timeout 120 stratagem arena variants/pushluck_four_rolls.yaml --scenario three --agents $P,$P,$P \
  --games 120 --db /tmp/repro11.sqlite --quiet 2>&1 | tail -3 | head -2
rm -f /tmp/repro11.sqlite
