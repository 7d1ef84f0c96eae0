"""docs/interop.md says a game is registered "in the set-up it was loaded with", but shows
no way to load a scenario: load_game(path) takes no scenario, aec_env(path, scenario=...)
is a TypeError. Passing a compiled `stratagem.load(path, scenario)` works for both, undocumented.
"""
import stratagem
from stratagem.interop import openspiel_game
from stratagem.interop.pettingzoo_env import aec_env

R = "tests/outsider/kalah/kalah.yaml"
for name, f in [
    ("openspiel_game.load_game(R, scenario='seeds6')", lambda: openspiel_game.load_game(R, scenario="seeds6")),
    ("aec_env(R, scenario='seeds6')", lambda: aec_env(R, scenario="seeds6")),
    ("openspiel_game.load_game(stratagem.load(R, 'seeds6'))", lambda: openspiel_game.load_game(stratagem.load(R, "seeds6"))),
    ("aec_env(stratagem.load(R, 'seeds6'))", lambda: aec_env(stratagem.load(R, "seeds6"))),
]:
    try:
        f(); print("ok  ", name)
    except Exception as e:
        print("ERR ", name, "->", type(e).__name__, e)
