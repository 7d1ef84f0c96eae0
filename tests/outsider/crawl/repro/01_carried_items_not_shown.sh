#!/bin/sh
# Expected: after the pick-up, `show` (and the terminal table) says hero #1 carries treasure #2.
# Seen: the treasure vanishes from the board and the unit list; nothing says who holds it.
cd "$(dirname "$0")"
rm -f /tmp/carry.json
stratagem new 01_carried_items_not_shown.yaml --seed 0 --out /tmp/carry.json >/dev/null
stratagem move /tmp/carry.json "take #1 item=#2"
stratagem show /tmp/carry.json
# The same at the terminal's table (the side table lists units, hit points and changed
# parameters, not what they carry):
printf 'take #1 item=#2\n' | stratagem play 01_carried_items_not_shown.yaml --agents human,random --seed 0 2>&1 | tail -8
