"""Random playout speed: kalah.yaml through stratagem's forward model vs OpenSpiel's C++ mancala."""
import random, time, statistics
import stratagem

RULES = "tests/outsider/kalah/kalah.yaml"
t = time.perf_counter(); game = stratagem.load(RULES); print(f"load: {time.perf_counter() - t:.2f} s")

def raw_playouts(n):
    decisions = 0
    for seed in range(n):
        rng = random.Random(seed)
        s = game.new_state(seed=seed)
        while s.outcome is None:
            acts = s.decision.actions
            s = game.apply(s, acts[rng.randrange(len(acts))])
            decisions += 1
    return decisions

for label, fn in [("raw loop (state.decision.actions + game.apply)", raw_playouts)]:
    t = time.perf_counter(); d = fn(100); el = time.perf_counter() - t
    print(f"{label}: 100 games, {d} decisions, {el:.2f} s = {100/el:.1f} games/s, {d/el:.0f} decisions/s")

t = time.perf_counter()
for seed in range(100):
    r = stratagem.play(game, ["random", "random"], seed=seed)
el = time.perf_counter() - t
print(f"stratagem.play random vs random: 100 games, {el:.2f} s = {100/el:.1f} games/s")

try:
    import pyspiel
    sp = pyspiel.load_game("mancala")
    t = time.perf_counter(); d = 0
    for seed in range(1000):
        rng = random.Random(seed); s = sp.new_initial_state()
        while not s.is_terminal():
            la = s.legal_actions(); s.apply_action(la[rng.randrange(len(la))]); d += 1
    el = time.perf_counter() - t
    print(f"OpenSpiel mancala (C++ via pyspiel): 1000 games, {d} decisions, {el:.2f} s = {1000/el:.0f} games/s, {d/el:.0f} decisions/s")
    from stratagem.interop.openspiel_agents import SpielGame
    sg = SpielGame(sp)
    t = time.perf_counter()
    for seed in range(100):
        stratagem.play(sg, ["random", "random"], seed=seed)
    el = time.perf_counter() - t
    print(f"stratagem.play on SpielGame(mancala): 100 games, {el:.2f} s = {100/el:.1f} games/s")
except ImportError as e:
    print("pyspiel not importable:", e)
