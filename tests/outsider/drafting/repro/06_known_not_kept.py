"""Finding 4: determinize breaks a private parameter's `known` condition.
Usage: python repro/06_known_not_kept.py"""
import pathlib
from collections import Counter
import stratagem
game = stratagem.load(str(pathlib.Path(__file__).with_suffix(".yaml")))
s = game.new_state(seed=0)
s = game.apply(s, game.legal_actions(s)[0])          # ann: secret = hint = 37
view = s.view(1)                                    # bob, to decide
print("true:", s.players[0].params["secret"], "hint:", view.players[0].params["hint"],
      "withheld:", set(view.withheld(0)))
print("ann's secret in 200 of bob's worlds:",
      dict(Counter(game.determinize(view, k).players[0].params["secret"] for k in range(200))))
