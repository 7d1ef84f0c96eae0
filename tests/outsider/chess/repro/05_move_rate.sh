#!/bin/sh
# Move rate of chess.yaml: random play through the Python API, and what `mcts` (default
# budget, 1 s) manages in the opening, beside connect_four for scale.
cd "$(dirname "$0")/.."
timeout 120 python bench.py 3
timeout 60 stratagem play chess.yaml --agents mcts,random --seed 1 --explain 2>&1 | sed -n 3,4p
timeout 60 stratagem play connect_four --agents mcts,random --seed 1 --explain 2>&1 | sed -n 3,4p
