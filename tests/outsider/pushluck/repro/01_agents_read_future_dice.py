"""Past about 500 combinations of dice, the search agents value an action by one roll.

01_agents_read_future_dice.yaml: `safe` is a sure draw; `gamble` rolls four d6 with four
`roll` effects (1296 combinations) and wins on any six (51.8%), else loses: worth
+0.035 on average, so an agent that weighs the exact outcomes gambles.

Expected (docs: osla "each action valued by the exact expected value of its outcomes",
expectimax and mcts "exact chance nodes"; README: a view withholds "the dice to come"):
the same choice for every game seed, and a value near +0.04 for gamble.

Seen:
- given the state (as README's example does: `bot.choose(state, state.decision)`), each
  agent values gamble by the game's own next roll: +1.00 and gamble when it holds a six,
  -1.00 and safe when not; mcts calls it "a certain win";
- given the view (what `stratagem play` gives), each values it by the same stand-in roll
  whatever the seed: -1.00, "a certain loss", and plays safe every time.
With three d6 and a d2 (432 combinations) osla values gamble at the exact figure; with
three d6 and a d3 (648) it values it by one roll.

    cd tests/outsider/pushluck/repro && timeout 120 python3 01_agents_read_future_dice.py
"""
from pathlib import Path

import stratagem

game = stratagem.load(str(Path(__file__).with_suffix(".yaml")))
s0 = game.new_state(seed=0)
ev = sum(p * after.players[0].params["points"]
         for p, after in game.outcomes(s0, game.parse_action(s0, "gamble")))
print(f"exact expected points of gamble (game.outcomes): {ev:+.3f}")
for code in ["osla", "osla:calls=100000", "expectimax", "mcts:calls=300", "greedy-turn"]:
    row = []
    for seed in range(6):
        state = game.new_state(seed=seed)
        view = state.view(0)
        real = game.apply(state, game.parse_action(state, "gamble")).players[0].params["points"]
        on_state = stratagem.agent(code, game, seed=1).choose(state, state.decision).action
        on_view = stratagem.agent(code, game, seed=1).choose(view, view.decision).action
        row.append(f"{real:+d}:{on_state}/{on_view}")
    print(f"{code:18} real roll:choice from the state/from the view, seeds 0-5: {' '.join(row)}")
state = game.new_state(seed=0)
view = state.view(0)
print("mcts from the state:", stratagem.agent("mcts:calls=300", game, seed=1).choose(state, state.decision).rationale)
print("mcts from the view: ", stratagem.agent("mcts:calls=300", game, seed=1).choose(view, view.decision).rationale)
