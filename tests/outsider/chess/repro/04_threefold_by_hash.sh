#!/bin/sh
# Threefold repetition has no built-in support (no position history, no position key):
# chess.yaml keeps a hash of each position in a keyed state parameter `hist`, indexed by the
# half-move clock, and counts equal hashes. This plays Ra1-a2 Ke8-e7 Ra2-a1 Ke7-e8 twice.
# Expected/seen: "Result: draw — threefold repetition (8 decisions)", and the hashes printed
# on the `game:` line (see finding 2).
cd "$(dirname "$0")/.."
rm -f /tmp/04_rep.json
stratagem new chess.yaml --scenario repetition --out /tmp/04_rep.json >/dev/null
for m in "move #2 to=a2" "move #1 to=e7" "move #2 to=a1" "move #1 to=e8" \
         "move #2 to=a2" "move #1 to=e7" "move #2 to=a1" "move #1 to=e8"; do
  stratagem move /tmp/04_rep.json "$m" > /tmp/04_out.txt
done
grep -E '^ *game:|^Result' /tmp/04_out.txt
