"""One agent against another on one game: wins, draws and losses with an interval.

    python benchmarks/bench_pair.py GAME FIRST SECOND [--games 10] [--first-seed 0] [--jobs 2]

``GAME`` is ``name`` or ``name:scenario``; ``FIRST`` and ``SECOND`` are roster codes
(``tactical:calls=8000,blunder=0.3``). Game ``i`` uses seed ``first_seed + i`` and puts
``FIRST`` in seat ``seed % 2``, so both agents hold both sides equally often. It prints the
first agent's wins, draws and losses, its score (a draw counts half) with the Wilson 95%
interval, its score in each seat (how much the side decides shows there), the mean steps
and seconds a game. Give budgets in calls for figures that repeat on any machine.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

import stratagem
from stratagem.arena.stats import wilson


def load(text: str) -> stratagem.Game:
    """A game named ``name`` or ``name:scenario``."""
    name, _, scenario = text.partition(":")
    return stratagem.load(name, scenario) if scenario else stratagem.load(name)


def play_one(task: tuple[str, str, str, int]) -> tuple[int, int, float, int, float]:
    """Seed, the first agent's seat, its score, steps and seconds of one game."""
    game_name, first, second, seed = task
    game = load(game_name)
    seat = seed % 2
    agents = [second, second]
    agents[seat] = first
    start = time.perf_counter()
    result = stratagem.play(game, agents, seed=seed)
    outcome = result.outcome
    score = 0.5 if outcome.is_draw else 1.0 if seat in outcome.winners else 0.0
    return seed, seat, score, len(result.state.history), time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", help="name or name:scenario")
    parser.add_argument("first", help="the agent whose score is reported")
    parser.add_argument("second", help="its opponent")
    parser.add_argument("--games", type=int, default=10, help="games to play (default 10)")
    parser.add_argument("--first-seed", type=int, default=0, help="seed of the first game")
    parser.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    args = parser.parse_args()
    load(args.game)  # a bad name fails here, with one line, before any worker starts
    tasks = [(args.game, args.first, args.second, args.first_seed + i)
             for i in range(args.games)]
    start = time.time()
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(play_one, tasks))
    wins = sum(r[2] == 1 for r in results)
    draws = sum(r[2] == 0.5 for r in results)
    score = sum(r[2] for r in results)
    low, high = wilson(score, len(results))
    by_seat = [sum(r[2] for r in results if r[1] == s) for s in (0, 1)]
    print(f"{args.game}: {args.first} vs {args.second}: {wins}-{draws}-"
          f"{len(results) - wins - draws}, score {score / len(results):.2f}, Wilson 95% "
          f"{low:.2f}-{high:.2f}; points in seat 0: {by_seat[0]:g}, in seat 1: {by_seat[1]:g}; "
          f"{sum(r[3] for r in results) / len(results):.0f} steps and "
          f"{sum(r[4] for r in results) / len(results):.1f} s a game; {time.time() - start:.0f} s")


if __name__ == "__main__":
    main()
