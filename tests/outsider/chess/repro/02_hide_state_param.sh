#!/bin/sh
# Expected: the `game:` lines show only `shown`; seen: bookkeeping and memo[0] are printed too.
cd "$(dirname "$0")"
stratagem validate 02_hide_state_param.yaml
stratagem new 02_hide_state_param.yaml --out /tmp/02_hide.json --force >/dev/null
stratagem move /tmp/02_hide.json tick | grep 'game:'
stratagem play 02_hide_state_param.yaml --agents random,random --seed 1 | grep '^game:'
# and `hide: [memo]` (the keyed parameter by its name) is refused:
sed 's/hide: \[bookkeeping, "memo\[0\]", "memo\[1\]"\]/hide: [bookkeeping, memo]/' 02_hide_state_param.yaml > /tmp/02_hide_keyed.yaml
stratagem validate /tmp/02_hide_keyed.yaml
