#!/bin/sh
# 12 (capability missing): a phase that repeats until a condition (chit pulls until the
# end-of-turn chit). Seen: "unknown key `repeat_until` in a phase — keys: name, order, steps,
# actions, max_actions, on_start, on_end, end_when, stuck". Workaround: six anchored copies.
cd "$(dirname "$0")"
stratagem validate 12_no_repeated_phase.yaml
grep -n -E '^    - (name: act|\{name: act)' ../chits.yaml
