#!/bin/sh
# 05: `display: show` reaches the rules sheet.
# Expected: docs/cli.md says "The units' full statistics are in `stratagem rules GAME`";
#           `show` is documented as what players see "on a unit" (and on a listed card).
# Seen:     with `show: [formation]` the sheet's Units table lists only "formation 1":
#           att, dfn and mp are gone. Without `show`, the cup lists "chit #1, chit #2"
#           with nothing to tell which formation each chit is.
cd "$(dirname "$0")"
stratagem rules 05_display_show_hides_stats_on_rules_sheet.yaml | sed -n '/Units/,/Cards/p'
sed '/^display:/,/show:/d' 05_display_show_hides_stats_on_rules_sheet.yaml > /tmp/repro05_noshow.yaml
echo "--- without display: show"
stratagem rules /tmp/repro05_noshow.yaml | sed -n '/Units/,/Cards/p'
stratagem new /tmp/repro05_noshow.yaml --seed 1 --out /tmp/repro05.json --force | grep 'cup'
