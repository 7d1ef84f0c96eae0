#!/bin/sh
# Repro 06: a programmed opponent written for one side is seated only on that side, so a
# tournament `random,program:monsters.yaml` has no seat-rotated pairs at all. The report
# still warns "the agents differ in strength (...): figures over all games mix the agents
# with the sides; read the side effect from the seat-rotated pairs ...".
# docs/arena.md says that warning comes "only when the sign test on those pairs finds one
# agent stronger"; here there are no pairs, the figures quoted are Wilson intervals over all
# games, and the advice points at pairs that cannot exist (agent and side are one here).
# Expected: a note that agent and side cannot be told apart in this line-up (or no warning).
cd "$(dirname "$0")/.."
rm -f /tmp/crawl_repro06.sqlite
stratagem arena crawl.yaml --scenario cellar --agents random,program:monsters.yaml --games 10 \
  --db /tmp/crawl_repro06.sqlite --quiet >/dev/null 2>&1
stratagem report /tmp/crawl_repro06.sqlite | grep -E 'warning|claim|seat-rotated|side effect'
