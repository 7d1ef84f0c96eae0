"""A mancala's whole state is a count on each place, and no drawing of the board shows it.

docs/rules.md `display` offers only a static glyph/label per entity type (and `health`,
a bar for a parameter with a max); docs/interop.md says observation_string(p) is "a
readable text of what player p sees". Here: the text board, the OpenSpiel strings and
the PNG show which pits exist, but not one seed count (only the side table under the
terminal board, and the observation tensor, carry them).
Run from /work/main: python tests/outsider/kalah/repro/04_counts_not_on_board.py
"""
import subprocess, tempfile, os
import stratagem
from stratagem.interop import openspiel_game

RULES = "tests/outsider/kalah/kalah.yaml"
game = stratagem.load(RULES, "test_capture")   # pits hold 0, 1, 2, 3, 5 seeds
state = game.new_state(seed=0)
print("--- game.render(state):")
print(game.render(state))
spiel = openspiel_game.load_game(game)        # a compiled Game is accepted (undocumented)
print("--- OpenSpiel observation_string(0):")
print(spiel.new_initial_state().observation_string(0))
with tempfile.TemporaryDirectory() as d:
    f = os.path.join(d, "g.json")
    subprocess.run(["stratagem", "new", RULES, "--scenario", "test_capture", "--out", f], check=True,
                   stdout=subprocess.DEVNULL)
    svg = os.path.join(d, "g.svg")
    subprocess.run(["stratagem", "show", f, "--svg", svg], check=True, stdout=subprocess.DEVNULL)
    text = open(svg).read()
    print("--- SVG: text elements:", sorted(set(__import__("re").findall(r">([^<>]{1,12})</text>", text))))
