#!/bin/sh
# rules.md: "A loose rules file's words are ... the folder's README.md when the file
# is the folder's only rules file." A programmed opponent (docs/programs.md) saved
# beside the rules counts as a second rules file: `stratagem rules` then silently
# drops the README (and so does `?` at the terminal).
set -e
here=$(cd "$(dirname "$0")/.." && pwd)
d=$(mktemp -d)
cp "$here/hunt.yaml" "$here/README.md" "$d/"
echo "== hunt.yaml + README.md:";               (cd "$d" && stratagem rules hunt.yaml | head -3)
cp "$here/programs/phalanx.yaml" "$d/"
echo "== the same plus phalanx.yaml (a program):"; (cd "$d" && stratagem rules hunt.yaml | head -3)
rm -rf "$d"
