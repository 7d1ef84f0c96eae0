#!/bin/sh
# 03: where does a program answer a mid-effect `choose` asked during the enemy's turn?
# Expected: docs/programs.md says a `choose` rule reads the value the rules' `choose` binds,
#           but not in which part of a state it goes; the card's how-to says "When the game
#           asks you to answer (a shot, a fight, the enemy's move), go down the state's
#           reactions". So `reactions:` — or, if that is wrong, a check-program problem.
# Seen:     under `reactions:` check-program says "ok", and evaluate-program reports
#           "rule reactions 1: 0 (never used)" and "fallback acted 6 times" (every retreat
#           went to the fallback). Under `steps: main:` (the enemy's step) it acts every time.
#           Under `rules:` it acts too (what blue_ai.yaml does; its card then prints it as
#           "Steps — at every decision").
cd "$(dirname "$0")"
for p in 03_choose_rule_under_reactions.yaml 03_choose_rule_under_step.yaml; do
  echo "== $p"
  stratagem check-program $p --game 02_single_option_choose_silent.yaml
  stratagem evaluate-program $p --game 02_single_option_choose_silent.yaml --scenario two_options \
    --games 6 --against random --sample-every 0 | grep -E 'fallback|rule'
done
