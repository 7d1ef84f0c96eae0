#!/bin/sh
# In an asymmetric game the arena's seat is the side, so "first-player advantage"
# and "fox advantage" are one figure. To separate them the designer must write a
# variant that changes the phase's order (here with sed) and compare the two files.
set -e
here=$(cd "$(dirname "$0")/.." && pwd)
d=$(mktemp -d)
sed 's/      actions: \[step, jump, waddle\]/      order: {players: {first: geese}}\n      actions: [step, jump, waddle]/' \
  "$here/hunt.yaml" > "$d/geese_first.yaml"
for f in "$here/hunt.yaml" "$d/geese_first.yaml"; do
  nice -n 10 stratagem arena "$f" --agents osla,osla --games 20 --db "$d/$(basename "$f" .yaml).sqlite" --quiet | tail -2 | head -1
done
stratagem report "$d/geese_first.sqlite" --compare "$d/hunt.sqlite" | grep -E "^  (fox's win|no shift|the change)"
rm -rf "$d"
