"""Where a random playout's time goes: cProfile over N random games, one `game.apply` a
step, the hottest functions by own time and by cumulative time.

    python benchmarks/profile_playouts.py GAME [N] [--scenario NAME] [--top 30]

GAME is a bundled game's name or a rules file (`tests/stratega/kill_the_king_native.yaml`).
Also `--cpu`: no profiler, only the processor time a step (for A/B runs of two checkouts,
`PYTHONPATH=<checkout>/src`, alternating).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import time

import stratagem


def play(game: stratagem.Game, n: int) -> int:
    """Play ``n`` random games (seeds 0..n-1, choices from one seeded generator)."""
    pick = random.Random(1)
    steps = 0
    for seed in range(n):
        s = game.new_state(seed=seed)
        while s.decision is not None:
            options = game.legal_actions(s)
            s = game.apply(s, options[pick.randrange(len(options))])
            steps += 1
    return steps


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("games", nargs="?", type=int, default=10)
    ap.add_argument("--scenario", default=None)
    ap.add_argument("--top", type=int, default=30)
    ap.add_argument("--cpu", action="store_true", help="time only, no profiler")
    a = ap.parse_args(argv)
    game = stratagem.load(a.game, scenario=a.scenario)
    if a.cpu:
        start = time.process_time()
        steps = play(game, a.games)
        spent = time.process_time() - start
        print(f"{a.game}: {steps} steps, {spent:.2f} s of processor time, "
              f"{steps / spent:.0f} steps per processor second")
        return 0
    prof = cProfile.Profile()
    steps = prof.runcall(play, game, a.games)
    print(f"{a.game}: {steps} steps", file=sys.stderr)
    stats = pstats.Stats(prof)
    stats.sort_stats("tottime").print_stats(a.top)
    stats.sort_stats("cumtime").print_stats(a.top)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
