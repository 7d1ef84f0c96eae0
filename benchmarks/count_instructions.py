"""Machine instructions per step or per MCTS simulation, counted by valgrind's callgrind.

Wall-clock rates move with whatever else the machine runs; instruction counts do
not, so they tell whether an engine change made a step cheaper even on a busy
machine. The count is taken twice, for none and for N units of work, and the
difference is divided by the work done, so start-up and compilation drop out.

    python benchmarks/count_instructions.py [--game connect_four | GAME:SCENARIO] [--games 100]
                                            [--mode apply|playout|mcts] [--simulations 1000]

Modes:

``apply`` (default)
    random playouts through the public forward model, one ``game.apply`` a step
    (each step makes a new immutable state with its decision): instructions a step.
``playout``
    random playouts by ``game.playout``, the rollout of search (one private working
    state), all from one initial state: instructions a step.
``mcts``
    one search of ``--simulations`` simulations from the initial state, set up as in
    ``bench_mcts.py`` (UCT c = 2, one random rollout a simulation, no progressive
    widening, no tree reuse): instructions a simulation. With OpenSpiel installed,
    its Python ``MCTSBot`` on its C++ game of the same name is counted too, and the
    ratio printed (above 1: Stratagem's search needs fewer instructions).

Needs `valgrind` on the PATH (not a Python package: `apt install valgrind`). The
figures are for comparing revisions on one machine and Python build, not speeds.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys

# Each script takes the game and the amount of work, does the work after a warm-up,
# and prints how much it did ("units N") on standard error.
SCRIPTS = {
    "apply": """
import sys, stratagem
from stratagem.engine import Rng
name, _, scenario = sys.argv[1].partition(":")
game = stratagem.load(name, scenario=scenario or None)
rng = Rng(1)
def play(games):
    steps = 0
    for _ in range(games):
        state = game.new_state(rng.below(2**32))
        while state.decision is not None:
            options = state.decision.actions
            state = game.apply(state, options[rng.below(len(options))])
            steps += 1
    return steps
play(min(5, int(sys.argv[3])))
print("units", play(int(sys.argv[2])), file=sys.stderr)
""",
    "playout": """
import sys, stratagem
from stratagem.engine import Rng
name, _, scenario = sys.argv[1].partition(":")
game = stratagem.load(name, scenario=scenario or None)
rng = Rng(1)
start = game.new_state(0)
for _ in range(min(5, int(sys.argv[3]))):
    game.playout(start, rng)
calls = game.calls
for _ in range(int(sys.argv[2])):
    game.playout(start, rng)
print("units", game.calls - calls, file=sys.stderr)
""",
    "mcts": """
import sys, stratagem
from stratagem.agents import Budget, MCTSAgent
name, _, scenario = sys.argv[1].partition(":")
game = stratagem.load(name, scenario=scenario or None)
state = game.new_state(0)
def search(n, seed):
    agent = MCTSAgent(game, seed=seed, c=2.0, widening=0.0, reuse=False)
    agent.choose(state, state.decision, Budget(iterations=n))
search(50, 0)
if int(sys.argv[2]):
    search(int(sys.argv[2]), 1)
print("units", int(sys.argv[2]), file=sys.stderr)
""",
    "openspiel": """
import sys
import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts
game = pyspiel.load_game(sys.argv[1])
def search(n, seed):
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    bot = mcts.MCTSBot(game, 2.0, n, evaluator, random_state=np.random.RandomState(seed))
    bot.mcts_search(game.new_initial_state())
search(50, 0)
if int(sys.argv[2]):
    search(int(sys.argv[2]), 1)
print("units", int(sys.argv[2]), file=sys.stderr)
""",
}


def count(script: str, game: str, amount: int, warm: int) -> tuple[int, int]:
    """(instructions, units of work) for one run of ``script``.

    String hashing is fixed so both runs of a pair start up alike: with Python's
    per-run hash seed, start-up alone varies by about a million instructions.
    """
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
         sys.executable, "-c", SCRIPTS[script], game, str(amount), str(warm)],
        capture_output=True, text=True, check=True,
        env={**os.environ, "PYTHONHASHSEED": "0"}).stderr
    collected = re.search(r"Collected : (\d+)", out)
    units = re.search(r"^units (\d+)", out, re.MULTILINE)
    if collected is None or units is None:
        raise SystemExit(f"could not read callgrind's output:\n{out[-2000:]}")
    return int(collected.group(1)), int(units.group(1))


def per_unit(script: str, game: str, amount: int) -> tuple[float, int]:
    """Instructions per unit of work (the run of ``amount`` less the run of none)."""
    base, _ = count(script, game, 0, amount)
    total, units = count(script, game, amount, amount)
    if units == 0:
        raise SystemExit("no work was done")
    return (total - base) / units, units


def has_openspiel() -> bool:
    try:
        import pyspiel  # noqa: F401, PLC0415 - the optional peer, only when installed
        from open_spiel.python.algorithms import mcts  # noqa: F401, PLC0415 - the optional peer, only when installed
    except ImportError:
        return False
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Machine instructions per step or per MCTS simulation, counted by "
                    "callgrind.")
    parser.add_argument("--game", default="connect_four",
                        help="bundled game, GAME:SCENARIO for one of its scenarios "
                             "(default: %(default)s)")
    parser.add_argument("--mode", choices=("apply", "playout", "mcts"), default="apply",
                        help="what to count (default: %(default)s)")
    parser.add_argument("--games", type=int, default=100,
                        help="random playouts counted, modes apply and playout "
                             "(default: %(default)s)")
    parser.add_argument("--simulations", type=int, default=1000,
                        help="simulations of the search counted, mode mcts "
                             "(default: %(default)s)")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed; nothing to count", file=sys.stderr)
        return 2
    if args.mode != "mcts":
        each, steps = per_unit(args.mode, args.game, args.games)
        how = "game.apply" if args.mode == "apply" else "game.playout"
        print(f"{args.game}: {each:,.0f} instructions a step ({steps} steps in "
              f"{args.games} random playouts by {how})")
        return 0
    ours, _ = per_unit("mcts", args.game, args.simulations)
    print(f"{args.game}: stratagem MCTSAgent {ours:,.0f} instructions a simulation "
          f"({args.simulations} simulations)")
    if not has_openspiel():
        print("OpenSpiel is not installed: no peer counted", file=sys.stderr)
        return 0
    theirs, _ = per_unit("openspiel", args.game, args.simulations)
    print(f"{args.game}: OpenSpiel MCTSBot {theirs:,.0f} instructions a simulation; "
          f"ratio openspiel / stratagem {theirs / ours:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
