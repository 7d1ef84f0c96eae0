"""An OpenSpiel game made from a scenario forgets it: its string, and a state saved by
pyspiel.serialize_game_and_state, name the bundled game only."""
import subprocess, sys
import pyspiel
import stratagem
from stratagem.interop import openspiel_game

g = openspiel_game.load_game(stratagem.load("skirmish", "ambush"))
print(g)                                   # stratagem_skirmish(...seed=0): no scenario
s = g.new_initial_state()
while s.is_chance_node():
    s.apply_action(s.chance_outcomes()[0][0])
text = pyspiel.serialize_game_and_state(g, s)
# another process (a saved state read back later) cannot load it:
later = ("import sys, pyspiel; from stratagem.interop import openspiel_game;"
         "openspiel_game.register(['skirmish']); pyspiel.deserialize_game_and_state(sys.stdin.read())")
r = subprocess.run([sys.executable, "-c", later], input=text, text=True, capture_output=True)
print(r.stderr.strip().splitlines()[-1])   # RulesChangedError: ... the rules file was changed since
