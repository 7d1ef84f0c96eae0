#!/bin/sh
# Two random agents (the same agent under two codes) on a bundled game.
# The seat-swapped game of each deal is an exact repeat, so the report keeps one
# copy of each -- always the one with the first-listed agent in the first seat --
# and then reads the side effect as an agent effect: it warns that "the agents
# differ in strength" while its own table shows both at 50.0%, and `report`
# gives "random as x" and "random:calls=1000000 as o" only.
set -e
d=$(mktemp -d)
stratagem arena tic_tac_toe --agents random,random:calls=1000000 --games 40 \
  --db "$d/mirror.sqlite" --quiet
stratagem report "$d/mirror.sqlite" | grep -E "differ in strength| as (x|o) wins"
# The same with one code twice: the per-agent lines of `report` are per-side lines.
stratagem arena tic_tac_toe --agents random,random --games 40 --db "$d/same.sqlite" --quiet >/dev/null
stratagem report "$d/same.sqlite" | grep -E "random#[12] (as|wins)"
rm -rf "$d"
