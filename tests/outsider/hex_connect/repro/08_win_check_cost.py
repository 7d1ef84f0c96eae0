"""How much of a Hex playout is the win check (finding: no connectivity function)?

Plays random playouts (Game.playout) of hex.yaml, and of the same rules with the
`end:` section replaced by a round limit that fills the board (no win check at
all: the engine's floor for a placement game on this board), for ~3 s each, and
prints both rates.

    python 08_win_check_cost.py
"""
import os
import tempfile
import time

import stratagem
from stratagem.engine import Rng

HERE = os.path.dirname(os.path.abspath(__file__))
text = open(os.path.join(HERE, "..", "hex.yaml")).read()
a, b = text.index("end:\n"), text.index("display:\n")
for n, scenario in ((5, "small"), (7, "medium"), (11, "standard")):
    no_check = text[:a] + f"end:\n  round_limit: {(n * n) // 2}\n\n" + text[b:]
    with tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False) as f:
        f.write(no_check)
    for label, rules in (("no win check", f.name), ("hex.yaml", os.path.join(HERE, "..", "hex.yaml"))):
        game = stratagem.load(rules, scenario=scenario)
        start, rng = game.new_state(seed=0), Rng(2)
        t0, k, moves = time.perf_counter(), 0, 0
        while time.perf_counter() - t0 < 3:
            end = game.playout(start, rng)
            k += 1
            moves += len(end.entities)
        dt = time.perf_counter() - t0
        print(f"{n:>2}x{n:<2} {label:<13} {k / dt:8.1f} playouts/s {moves / dt:8.0f} moves/s", flush=True)
    os.unlink(f.name)
