"""Solitaire, round 12 (two boxes left, no reroll left): how do the agents value two
boxes worth different points, when every look-ahead from here reaches the game's end?

Plays the Steady program from seed 0 on until such a position comes up, then asks each
agent named on the command line to choose there: python last_round.py mcts osla ...
"""
import sys
import stratagem
from tally_check import points, dice_of

game = stratagem.load("dice_sheet.yaml", "solo")
prog = stratagem.agent("program:programs/steady.yaml", game, seed=1)
for seed in range(200):
    state = game.new_state(seed=seed)
    found = False
    while state.outcome is None:
        acts = game.legal_actions(state)
        if state.round == 12 and not any(a.type == "reroll" for a in acts):
            pts = {dict(a.targets)["box"]: points(dice_of(state, 0), dict(a.targets)["box"]) for a in acts}
            found = len(set(pts.values())) > 1
            break
        state = game.apply(state, prog.choose(state, state.decision).action)
    if found:
        break
print(f"seed {seed}, round {state.round}, dice {dice_of(state, 0)}, the options worth {pts}")
for code in sys.argv[1:]:
    ch = stratagem.agent(code, game, seed=1).choose(state, state.decision)
    print(f"{code}: {ch.action} | {ch.rationale} | {ch.private}")
