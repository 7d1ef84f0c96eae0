"""Do the search agents find the best move in small Kalah endgames?

Endgames are reached by random play (seeded) until at most MAXSEEDS seeds are left in
the pits; each is solved exactly by a plain minimax over game.apply (extra turns
included: the player to move is read from state.decision), and each agent's choice
is compared with the set of moves that keep the best result (win/draw/loss: what the
agents optimise, not the margin). Only positions where that choice matters are kept.
"""
import random, sys, time
from functools import lru_cache
import stratagem

game = stratagem.load("tests/outsider/kalah/kalah.yaml")
MAXSEEDS = int(sys.argv[1]) if len(sys.argv) > 1 else 8

def key(s):
    return (tuple(sorted((e.id, e.params["seeds"]) for e in s.entities.values())),
            s.decision.player if s.decision else -1)

memo = {}
def value(s):
    """Final (south store - north store) under best play by both."""
    if s.outcome is not None:
        sc = s.outcome.scores
        return sc[0] - sc[1]
    k = key(s)
    if k in memo:
        return memo[k]
    vals = [value(game.apply(s, a)) for a in s.decision.actions]
    v = max(vals) if s.decision.player == 0 else min(vals)
    memo[k] = v
    return v

def endgames(n):
    out = []
    seed = 0
    while len(out) < n:
        rng = random.Random(seed); s = game.new_state(seed=seed); seed += 1
        while s.outcome is None:
            pits = sum(e.params["seeds"] for e in s.entities.values() if e.type == "pit")
            if pits <= MAXSEEDS and len(s.decision.actions) > 1:
                sgn = lambda v: (v > 0) - (v < 0)
                vals = {str(a): sgn(value(game.apply(s, a))) for a in s.decision.actions}
                sign = 1 if s.decision.player == 0 else -1
                best = max(sign * v for v in vals.values())
                worst = min(sign * v for v in vals.values())
                if best != worst:          # only positions where the choice matters
                    out.append((s, {a for a, v in vals.items() if sign * v == best}, vals))
                    break
            a = s.decision.actions; s = game.apply(s, a[rng.randrange(len(a))])
    return out

t = time.perf_counter()
positions = endgames(int(sys.argv[2]) if len(sys.argv) > 2 else 12)
print(f"{len(positions)} endgames (<= {MAXSEEDS} seeds in pits) solved in {time.perf_counter() - t:.1f} s, {len(memo)} positions")
codes = sys.argv[3:] or ["random", "osla", "greedy-turn", "expectimax:calls=2000", "mcts:calls=2000", "casual"]
for code in codes:
    right = 0; t = time.perf_counter()
    for i, (s, best, vals) in enumerate(positions):
        bot = stratagem.agent(code, game, seed=i)
        c = bot.choose(s, s.decision)
        right += str(c.action) in best
    print(f"{code:24s} best move in {right}/{len(positions)}  ({time.perf_counter() - t:.1f} s)")
