"""Card games: how long exact outcomes of a re-deal and a determinization take.

Runs the re-deal of the sixteen-card test deck (``tests/card_games/redeal.yaml``: gather,
shuffle, burn one, deal one to each of two players) through ``Game.outcomes`` — merged,
one outcome per distinct deal — and determinizes a view of the Letters test game (a
Love Letter-like game with a shared deck); and the own-deck re-deal
(``tests/card_games/redeal_own.yaml``: north's sixteen cards in a deck of north's own
that no one sees, gathered, one burned, two dealt), whose draws list one value per face.
Prints the median of ``--repeat`` timed runs
(the re-deal's in wall-clock and in CPU time: on a shared, loaded machine the CPU time
is the fairer figure)::

    python benchmarks/bench_cards.py --repeat 5
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from stratagem.rules import load_rules

CARDS = Path(__file__).resolve().parents[1] / "tests" / "card_games"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="timed runs of each workload")
    args = parser.parse_args(argv)

    game = load_rules(CARDS / "redeal.yaml")
    s = game.new_state(seed=1)
    redeal = next(a for a in game.legal_actions(s) if a.type == "redeal")
    times, cpu, count = [], [], 0
    for _ in range(args.repeat):
        t0, c0 = time.perf_counter(), time.process_time()
        count = len(game.outcomes(s, redeal))
        times.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
    print(f"re-deal of 16 cards: {count} merged outcomes (3360 unmerged), median "
          f"{statistics.median(times) * 1000:.0f} ms wall, "
          f"{statistics.median(cpu) * 1000:.0f} ms of CPU, over {args.repeat} runs")

    own = load_rules(CARDS / "redeal_own.yaml")
    s = own.new_state(seed=0)
    redeal = next(a for a in own.legal_actions(s) if a.type == "redeal")
    times, cpu, count, calls = [], [], 0, 0
    for _ in range(args.repeat):
        t0, c0, n0 = time.perf_counter(), time.process_time(), own.runtime.calls
        count = len(own.outcomes(s, redeal))
        times.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
        calls = own.runtime.calls - n0
    print(f"re-deal of 16 cards from an own deck: {count} merged outcomes in {calls} "
          f"forward-model calls (3360 in 3617 card by card), median "
          f"{statistics.median(times) * 1000:.0f} ms wall, "
          f"{statistics.median(cpu) * 1000:.0f} ms of CPU, over {args.repeat} runs")

    letters = load_rules(CARDS / "letters.yaml")
    view = letters.new_state(seed=1).view(0)
    n = 1000
    times = []
    for r in range(args.repeat):
        t0 = time.perf_counter()
        for i in range(n):
            letters.determinize(view, r * n + i)
        times.append(time.perf_counter() - t0)
    print(f"determinize a Letters view (14 hidden cards): "
          f"{statistics.median(times) / n * 1e6:.0f} µs each, median over {args.repeat} runs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
