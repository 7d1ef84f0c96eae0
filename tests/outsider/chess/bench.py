"""Move rate of random play in chess.yaml through the Python API, split into legal_actions and apply."""
import random
import sys
import time
from pathlib import Path

import stratagem

RULES = str(Path(__file__).with_name("chess.yaml"))
games = int(sys.argv[1]) if len(sys.argv) > 1 else 3
game = stratagem.load(RULES)
t_legal = t_apply = 0.0
plies = 0
for seed in range(games):
    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    while state.outcome is None:
        t0 = time.perf_counter()
        acts = game.legal_actions(state)
        t1 = time.perf_counter()
        state = game.apply(state, rng.choice(acts))
        t2 = time.perf_counter()
        t_legal += t1 - t0
        t_apply += t2 - t1
        plies += 1
    print(f"game {seed}: {state.outcome.reason}", flush=True)
total = t_legal + t_apply
print(f"{plies} plies in {total:.1f} s: {plies / total:.0f} random moves/s "
      f"(legal_actions {1000 * t_legal / plies:.1f} ms, apply {1000 * t_apply / plies:.1f} ms per ply)")
