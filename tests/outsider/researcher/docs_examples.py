"""The docs' own snippets, run as written (README tour, interop bounds, tactical)."""
import stratagem
from stratagem.agents import Budget

# README: "Play against the computer" agent snippet
game = stratagem.load("pig")
state = game.new_state(seed=3)
for code in ("random", "skilled", "expectimax:depth=2"):
    bot = stratagem.agent(code, game, seed=1, budget=Budget(calls=500))
    choice = bot.choose(state, state.decision)     # a view and its decision
    print(code, choice.action, "—", choice.rationale)

# interop.md: the bounds table
from stratagem.interop.codec import declared_bounds
for name in ("tic_tac_toe", "connect_four", "pig", "skirmish"):
    print(name, declared_bounds(stratagem.load(name)))

# agents.md: the tactical agent example
from stratagem.agents.tactical import TacticalAgent
game = stratagem.load("broken_throne", "golden_combo")
agent = TacticalAgent(game, seed=1, calls=8000, weights={"friendly": 1.5})
state = game.new_state(0)
choice = agent.choose(state, state.decision)
print(choice.rationale)
print(str(choice.private)[:200])
