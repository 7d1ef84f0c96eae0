#!/bin/sh
# Expected: the names used where squares are written (they are: "to b2"), without a list of
# every name under every board. Seen: a `places:` line of all names after each board, and a
# `Places` table of every square in the rules sheet (64 lines for chess).
cd "$(dirname "$0")"
stratagem new 06_places_listing.yaml --out /tmp/06_places.json --force | grep -n 'places:'
stratagem rules 06_places_listing.yaml | sed -n '/Places/,/Actions/p'
