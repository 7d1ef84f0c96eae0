#!/bin/sh
# The report's "losses and kills" lines say "by SIDE" for the side that owned the
# units: in Hunt, where only the fox ever removes a goose, it prints
# "goose: lost 0.00 by fox, N by geese" -- which reads as geese killing geese.
set -e
here=$(cd "$(dirname "$0")/.." && pwd)
d=$(mktemp -d)
stratagem arena "$here/hunt.yaml" --agents program:$here/programs/hungry_fox.yaml,program:$here/programs/phalanx.yaml \
  --games 10 --db "$d/r.sqlite" --quiet >/dev/null
stratagem report "$d/r.sqlite" | grep -A2 "losses and kills"
rm -rf "$d"
