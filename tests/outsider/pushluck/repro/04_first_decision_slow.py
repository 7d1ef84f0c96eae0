"""The first decision of a search agent on pushluck takes 1-2 s more than its budget.

Expected (docs/agents.md: osla is bounded in calls; expectimax "about a second"): a
first decision within the budget, as the later ones are. Seen: building the first agent
for a game object takes 1.1-2.3 s on pushluck (0.06 s on pig), and the time is not
counted against the agent's budget, so a 1-second expectimax's first decision takes
about 3 s. Later agents for the same game object are built at once.

    cd tests/outsider/pushluck/repro && timeout 120 python3 04_first_decision_slow.py
"""
import time
from pathlib import Path

import stratagem

RULES = str(Path(__file__).parent.parent / "pushluck.yaml")
for name, scenario in (("pig", None), (RULES, "two")):
    game = stratagem.load(name, scenario) if scenario else stratagem.load(name)
    state = game.new_state(seed=1)
    state = game.apply(state, game.legal_actions(state)[0])
    for code in ("osla", "osla", "expectimax:seconds=0.2", "expectimax:seconds=0.2"):
        t = time.perf_counter()
        agent = stratagem.agent(code, game, seed=1)
        built = time.perf_counter() - t
        agent.choose(state, state.decision)
        print(f"{Path(name).name:14} {code:24} built in {built:5.2f} s, "
              f"first choice after {time.perf_counter() - t:5.2f} s")
