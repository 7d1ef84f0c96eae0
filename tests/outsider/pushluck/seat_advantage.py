"""First-player advantage: the same agent in every seat, one game per seed.

    timeout 120 python3 seat_advantage.py SCENARIO GAMES [AGENT] [FIRST_SEED]

The arena replays each deal in every seat order (24 for four players), which with one
agent in every seat plays the same game again; here every game is a new deal.
"""

import math
import sys
from collections import Counter
from pathlib import Path

import stratagem

HERE = Path(__file__).parent


def wilson(k, n, z=1.96):
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (c - h, c + h)


def main():
    scenario, games = sys.argv[1], int(sys.argv[2])
    agent = sys.argv[3] if len(sys.argv) > 3 and sys.argv[3] != "-" else f"program:{HERE / 'programs/stop_after_2.yaml'}"
    first = int(sys.argv[4]) if len(sys.argv) > 4 else 0
    game = stratagem.load(str(HERE / "pushluck.yaml"), scenario)
    seats = {"two": 2, "three": 3, "four": 4}[scenario.replace("_equal", "")]
    wins = Counter()
    for seed in range(first, first + games):
        result = stratagem.play(game, [agent] * seats, seed=seed)
        for w in result.outcome.winners:
            wins[w] += 1
    print(f"{scenario}: {games} games (seeds {first}-{first + games - 1}), {agent.split('/')[-1]} in every seat")
    for s in range(seats):
        lo, hi = wilson(wins[s], games)
        print(f"  seat {s + 1} ({game.players[s]}): {wins[s]} wins, {wins[s] / games:.1%} "
              f"(95% Wilson {lo:.1%}-{hi:.1%}; even share {1 / seats:.1%})")


if __name__ == "__main__":
    main()
