#!/bin/sh
# Seen: after the bite the treasure is nowhere (board empty but for the rat).
# Expected (for a crawl): a way to drop what a fallen unit carries, e.g. `drop_on_death`.
cd "$(dirname "$0")"
stratagem new 13_items_vanish_with_their_carrier.yaml --seed 0 --out /tmp/crawl_vanish.json --force >/dev/null
stratagem move /tmp/crawl_vanish.json "end_turn #1" >/dev/null
stratagem move /tmp/crawl_vanish.json "bite #2 target=#1"
