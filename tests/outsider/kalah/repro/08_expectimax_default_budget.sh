#!/bin/sh
# expectimax's default budget is 20,000 forward-model calls with no time cap
# (`stratagem agents`: "default budget: 20000 calls a decision"); on kalah.yaml that is
# ~10 s for the opening move (mcts's default is 1 s). Also note the doubled wording
# "it expects an expected +0.12". Run from /work/main.
time python tests/outsider/kalah/agents_timing.py expectimax mcts
