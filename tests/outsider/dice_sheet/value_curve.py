"""How osla's values grow with the solitaire score: a Steady game from seed 6, and at the
first decision of each round osla's figures beside the score written so far."""
import stratagem
game = stratagem.load("dice_sheet.yaml", "solo")
prog = stratagem.agent("program:programs/steady.yaml", game, seed=1)
osla = stratagem.agent("osla", game, seed=1)
state = game.new_state(seed=6)
last = 0
while state.outcome is None:
    if state.round != last:
        last = state.round
        total = sum(max(0, v) for k, v in state.players[0].params.items() if k.startswith("sheet["))
        ch = osla.choose(state, state.decision)
        print(f"round {state.round:2d}, sheet so far {total:3d}: {str(ch.private)[:110]}")
    state = game.apply(state, prog.choose(state, state.decision).action)
print("final", state.outcome.scores)
