#!/bin/sh
# Repro 10: the rules sheet of crawl.yaml
#  - lists the six monster-ability cards (entity types that live only in a table zone) under
#    "Units", and with their default symbols: `strike` and `stalk` both print as "s", the
#    same symbol as the skeleton unit; `validate` says nothing of the clash;
#  - prints the two item types (`items:` treasure, potion) with no words, although each has a
#    `description:` (entity types' descriptions are printed beside them).
# Expected: cards under their own heading (or no symbol), and the items' descriptions shown.
cd "$(dirname "$0")/.."
stratagem rules crawl.yaml | grep -E '^(Units|s |\$ |! )'
grep -n -A2 -E '^  (treasure|potion):' crawl.yaml | grep description
