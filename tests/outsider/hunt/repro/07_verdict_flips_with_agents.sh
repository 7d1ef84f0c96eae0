#!/bin/sh
# The same rules (hunt.yaml's variant fill=2), two "equal agents on both sides"
# line-ups, opposite verdicts: osla,osla finds the geese ahead, mcts,mcts the fox.
# Nothing in the docs says which agents to balance an asymmetric game with, and the
# report cannot say that its verdict is the agents'. (About 90 s on 2 busy cores.)
set -e
here=$(cd "$(dirname "$0")/.." && pwd)
d=$(mktemp -d)
"$here/variant.sh" "$d/fill2.yaml" fill=2 jump_need=3 hunger=4 patience=30
nice -n 10 stratagem arena "$d/fill2.yaml" --agents osla,osla --games 40 --db "$d/osla.sqlite" --quiet | tail -2 | head -1
nice -n 10 stratagem arena "$d/fill2.yaml" --agents mcts:calls=40,mcts:calls=40 --games 12 --db "$d/mcts.sqlite" --quiet | grep -E "^ mcts.*(fox|geese)"
rm -rf "$d"
