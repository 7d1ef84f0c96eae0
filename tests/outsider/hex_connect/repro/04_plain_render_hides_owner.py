"""`game.render(state)` (the plain board of logs and ForwardModel.render) and the
OpenSpiel bridge's `str(state)` / `observation_string(p)` draw every stone as its
type's symbol, with no mark of its owner, and a hex board as a square grid. In a
game whose two sides play the same piece (Hex, Go, Reversi, connect-four-like
games written with one `stone` type), the text cannot tell red's stones from
blue's. (The terminal board of `stratagem play`/`show` does mark them: `Or`, `Ob`.)

    python 04_plain_render_hides_owner.py

Expected: the owner shown (as the terminal board does, `Or`/`Ob`, or a letter per
side), or at least in the bridge's observation_string, which interop.md calls "a
readable text of what player p sees".
Got: `O` for both sides.
"""
import os

import stratagem
from stratagem.interop import openspiel_game

RULES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "hex.yaml")
game = stratagem.load(RULES, scenario="small")
state = game.new_state(seed=0)
for text in ("place cell=(0,0)", "place cell=(4,0)"):  # red, then blue
    state = game.apply(state, game.parse_action(state, text))
print(game.render(state))
print("owners:", {e.id: game.players[e.owner] for e in state.entities.values()})

spiel = openspiel_game.load_game(RULES, scenario="small")
s = spiel.new_initial_state()
s.apply_action(0)   # red on (0,0)
s.apply_action(3)   # blue on (4,0)
print(s.observation_string(0))
