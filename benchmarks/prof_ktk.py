"""Profile random playouts of one game with cProfile: where a step's time goes.

    python benchmarks/prof_ktk.py tests/stratega/kill_the_king_native.yaml 20

Plays N random games (seeds 0 to N-1, one uniform draw from ``game.legal_actions`` a
step, draws from ``random.Random(1)``) under cProfile, prints the steps taken, then the
30 functions with the most time of their own and the 40 with the most time in all.
"""

from __future__ import annotations

import cProfile
import pstats
import random
import sys

import stratagem


def playouts(game: stratagem.Game, games: int) -> int:
    """``games`` random games; the steps taken."""
    rng = random.Random(1)
    steps = 0
    for seed in range(games):
        state = game.new_state(seed=seed)
        while state.decision is not None:
            actions = game.legal_actions(state)
            state = game.apply(state, actions[rng.randrange(len(actions))])
            steps += 1
    return steps


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__)
        return 2
    game = stratagem.load(argv[0])
    profile = cProfile.Profile()
    steps = profile.runcall(playouts, game, int(argv[1]))
    print(f"{steps} steps")
    stats = pstats.Stats(profile)
    stats.sort_stats("tottime").print_stats(30)
    stats.sort_stats("cumtime").print_stats(40)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
