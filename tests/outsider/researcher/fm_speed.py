"""Step 1c: random playouts per second, by hand (legal_actions+apply) and by game.playout."""
import time
import stratagem
from stratagem.engine import Rng


def by_hand(game, seed):
    s, rng, n = game.new_state(seed=seed), Rng(seed), 0
    while s.decision is not None:
        opts = game.legal_actions(s)
        s = game.apply(s, opts[rng.below(len(opts))])
        n += 1
    return n


def rate(fn, game, secs=3.0):
    t0, games, steps = time.perf_counter(), 0, 0
    while time.perf_counter() - t0 < secs:
        steps += fn(game, games)
        games += 1
    dt = time.perf_counter() - t0
    return games / dt, steps / dt


for name in ("connect_four", "skirmish"):
    game = stratagem.load(name)
    g, st = rate(by_hand, game)
    print(f"{name:13s} by hand:      {g:8.1f} playouts/s  {st:9.0f} decisions/s")
    fast = lambda game, i: (game.playout(game.new_state(seed=i), Rng(i)), 0)[1]
    g, _ = rate(fast, game)
    print(f"{name:13s} game.playout: {g:8.1f} playouts/s")

# context: OpenSpiel's C++ connect four driven from Python the same way
try:
    import random
    import pyspiel
    sg = pyspiel.load_game("connect_four")

    def spiel_playout(_, i):
        s, r, n = sg.new_initial_state(), random.Random(i), 0
        while not s.is_terminal():
            s.apply_action(r.choice(s.legal_actions()))
            n += 1
        return n
    g, st = rate(spiel_playout, None)
    print(f"{'pyspiel c4':13s} by hand:      {g:8.1f} playouts/s  {st:9.0f} decisions/s")
except ImportError:
    pass
