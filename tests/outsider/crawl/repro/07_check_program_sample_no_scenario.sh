#!/bin/sh
# Repro 07: `check-program --sample N` plays its sample games in the game's default scenario
# only, and takes no --scenario (evaluate-program does). In crawl's default scenario (cellar)
# there is no slinger, so every slinger rule is hinted "always false" although the lair
# scenario has two slingers. Expected: `--scenario` as evaluate-program has, or the hint naming
# the scenario it sampled.
cd "$(dirname "$0")/.."
stratagem check-program monsters.yaml --game crawl.yaml --sample 2 2>&1 | grep -c 'always false'
stratagem check-program monsters.yaml --game crawl.yaml --sample 2 --scenario lair 2>&1; echo "exit status $?"
