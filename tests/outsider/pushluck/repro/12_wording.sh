#!/bin/sh
# Small slips in words (expected / seen):
#  - "1 player" / "(1 players)" in the rules sheet's scenario list;
#  - "after 1 decision" / "after 1 decisions" when a person leaves;
#  - "1 decision deep" / "searched 1 decisions deep" (expectimax:depth=1);
#  - "an entity" / "expected a entity";
#  - the scenario's `state:` (the turn limit the solitaire plays under) is not on the
#    rules sheet; only its description says it.
cd "$(dirname "$0")"
timeout 60 stratagem rules ../pushluck.yaml --scenario solo 2>/dev/null | grep -E '^    solo |^  win'
printf '' | timeout 60 stratagem play ../pushluck.yaml --scenario solo --agents human --seed 5 2>&1 | grep 'left the game'
timeout 60 python3 -c "
import stratagem
g = stratagem.load('../pushluck.yaml', 'two'); s = g.new_state(seed=1); s = g.apply(s, g.legal_actions(s)[0])
print(stratagem.agent('expectimax:depth=1', g, seed=1).choose(s, s.decision).rationale)"
timeout 60 stratagem validate 12_wording.yaml 2>&1
