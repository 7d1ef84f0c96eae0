#!/bin/sh
# A round robin of three agents prints (and writes to --json/--csv) each agent's results
# over all its games and by seat, but not who beat whom: the pairings' results. To read
# "risky against cautious" one arena per pair was needed.
# Expected: a table of each pairing's wins (a cross table). Seen: none, in the terminal,
# the JSON (keys: game, scenario, tournament, games, scheduled, players, agents, seats)
# or the CSV.
cd "$(dirname "$0")/.."
A=program:programs/stop_after_1.yaml,program:programs/stop_after_3.yaml,program:programs/markers.yaml
rm -f /tmp/repro07.sqlite /tmp/repro07.json
timeout 120 stratagem arena pushluck.yaml --scenario two --agents $A --games 10 \
  --db /tmp/repro07.sqlite --json /tmp/repro07.json --quiet 2>&1 | sed -n '1,8p'
python3 -c "import json; print(sorted(json.load(open('/tmp/repro07.json'))))"
rm -f /tmp/repro07.sqlite /tmp/repro07.json
