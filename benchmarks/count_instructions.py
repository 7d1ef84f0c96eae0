"""Machine instructions per random-playout step, counted by valgrind's callgrind.

Wall-clock rates move with whatever else the machine runs; instruction counts do
not, so they tell whether an engine change made a step cheaper even on a busy
machine. The count is taken twice, for 0 and for N games, and the difference is
divided by the steps played, so start-up and compilation drop out.

    python benchmarks/count_instructions.py [--game connect_four] [--games 100]

Needs `valgrind` on the PATH (not a Python package: `apt install valgrind`). The
figure is for comparing revisions on one machine and Python build, not a speed.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys

PLAYOUTS = """
import sys, stratagem
from stratagem.engine import Rng
game = stratagem.load(sys.argv[1])
rng = Rng(1)
steps = 0
for _ in range(int(sys.argv[2])):
    state = game.new_state(rng.below(2**32))
    while state.decision is not None:
        options = state.decision.actions
        state = game.apply(state, options[rng.below(len(options))])
        steps += 1
print("steps", steps, file=sys.stderr)
"""


def count(game: str, games: int) -> tuple[int, int]:
    """(instructions, steps) for a run of ``games`` random playouts."""
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
         sys.executable, "-c", PLAYOUTS, game, str(games)],
        capture_output=True, text=True, check=True).stderr
    collected = re.search(r"Collected : (\d+)", out)
    steps = re.search(r"^steps (\d+)", out, re.MULTILINE)
    if collected is None or steps is None:
        raise SystemExit(f"could not read callgrind's output:\n{out[-2000:]}")
    return int(collected.group(1)), int(steps.group(1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Machine instructions per random-playout step, counted by callgrind.")
    parser.add_argument("--game", default="connect_four",
                        help="bundled game (default: %(default)s)")
    parser.add_argument("--games", type=int, default=100,
                        help="random playouts counted (default: %(default)s)")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed; nothing to count", file=sys.stderr)
        return 2
    base, _ = count(args.game, 0)
    total, steps = count(args.game, args.games)
    if steps == 0:
        print("no steps were played", file=sys.stderr)
        return 2
    print(f"{args.game}: {(total - base) / steps:,.0f} instructions a step "
          f"({steps} steps in {args.games} random playouts)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
