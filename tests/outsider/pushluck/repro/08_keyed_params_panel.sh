#!/bin/sh
# Expected: a compact way to show a keyed parameter to people (only the keys that are
# not 0, or a row of numbers, as `display: count` does for a unit's parameter).
# Seen: "Red: climb[2] 0, climb[3] 0, ... runner[12] 0" - 22 entries per player per
# drawing; `display: show` is for units only, and `hide` can only drop them.
# Workaround in pushluck.yaml: a board drawn as the columns, with pieces (cubes and
# runners) that effects move to follow the numbers, and `display: hide: [perm, temp]`.
cd "$(dirname "$0")"
printf 'step col=7\n' | timeout 60 stratagem play 08_keyed_params_panel.yaml --agents human,random --seed 1 2>&1 | grep -E '^(Red|Blue):' | head -2
