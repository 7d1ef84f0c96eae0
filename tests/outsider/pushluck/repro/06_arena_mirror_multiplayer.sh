#!/bin/sh
# First-player advantage at a table of four, one agent in every seat: the arena plays
# each deal in all 24 seat orders, which with the same agent everywhere is the same game
# 24 times (repeats count once). 48 games are 2 distinct games, and the report asks for
# `--games 240` to reach 10 deals. Expected: a way to play one game per deal when the
# entrants are alike (or to rotate the seats less). Workaround: ../seat_advantage.py.
cd "$(dirname "$0")/.."
P=program:programs/markers.yaml
rm -f /tmp/repro06.sqlite
timeout 120 stratagem arena pushluck.yaml --scenario four --agents $P,$P,$P,$P --games 48 \
  --db /tmp/repro06.sqlite --quiet 2>&1 | tail -4
rm -f /tmp/repro06.sqlite
