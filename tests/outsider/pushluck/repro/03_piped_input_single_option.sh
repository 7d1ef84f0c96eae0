#!/bin/sh
# Piped input for a dice game cannot be written ahead: whether a decision has one option
# (taken without asking, docs/cli.md) depends on the roll, and no option asks anyway.
# The script below means, for every turn: pair at random, roll once more, pair at random,
# stop. In round 3 the roll 4,4,4,5 leaves one pairing, which is taken without asking,
# so the line meant for it ("random") answers the roll-or-stop prompt instead
# ("picked at random: throw") and every later line is one prompt off.
# Expected: a way to have every decision asked (or to say "the only option" in the
# script); seen: the lines shift.
cd "$(dirname "$0")/.."
{ printf '7\nthrow\nrandom\nstop\n'; for i in $(seq 1 14); do printf 'random\nthrow\nrandom\nstop\n'; done; } |
  timeout 120 stratagem play pushluck.yaml --scenario solo --agents human --seed 5 2>&1 |
  grep -E '^round 3|4, 4, 4, 5|only option: taken|picked at random: (throw|stop)' | sed -n '1,12p'
