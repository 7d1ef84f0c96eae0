"""A/B of the engine's random-playout speed: the same random games under two source trees,
measured in processor time, the trees' processes alternating, best of N.

    python benchmarks/ab_playouts.py --before /path/to/old/src --after src \\
        --game tests/stratega/kill_the_king_native.yaml --games 4 --rounds 5

Each run starts a fresh process with ``PYTHONPATH`` set to one tree, plays ``--games``
random games (seeds 0, 1, …, one uniform draw from ``game.legal_actions`` a step, the
draws from ``Rng(1)``) and reports steps and processor seconds; the trees take turns
``--rounds`` times, and the best run of each is kept (the least disturbed by other jobs
on a shared machine). Both trees must play the same number of steps: the script says so
when they do not (a change of results, not of speed). ``--lazy`` draws with
``Game.random_action`` instead, in the tree that has it.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections.abc import Sequence

CHILD = r"""
import json, sys, time
import os
import stratagem
from stratagem.engine import Rng, options
if os.environ.get("STRATAGEM_KEEP_OPTIONS") in ("0", "1"):
    options.KEEP_OPTIONS = os.environ["STRATAGEM_KEEP_OPTIONS"] == "1"
name, scenario, games, lazy = sys.argv[1], sys.argv[2] or None, int(sys.argv[3]), sys.argv[4] == "1"
game = stratagem.load(name, scenario) if scenario else stratagem.load(name)
draw = getattr(game, "random_action", None) if lazy else None
rng = Rng(1)
steps = 0
t0 = time.process_time()
for seed in range(games):
    s = game.new_state(seed)
    while s.decision is not None:
        if draw is not None:
            a = draw(s, rng)
        else:
            acts = game.legal_actions(s)
            a = acts[rng.below(len(acts))]
        s = game.apply(s, a)
        steps += 1
print(json.dumps({"steps": steps, "cpu": time.process_time() - t0, "lazy": draw is not None}))
"""


def run_one(src: str, game: str, scenario: str, games: int, lazy: bool,
            keep: str = "") -> dict[str, float]:
    """One process over tree ``src``: steps and processor seconds (``keep``: "0" or "1"
    sets ``options.KEEP_OPTIONS``, "" leaves the tree's default)."""
    env = {**os.environ, "PYTHONPATH": os.path.abspath(src), "STRATAGEM_KEEP_OPTIONS": keep}
    out = subprocess.run([sys.executable, "-c", CHILD, game, scenario, str(games),
                          "1" if lazy else "0"], env=env, capture_output=True, text=True,
                         check=True)
    result: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--before", required=True, help="source folder of the old tree")
    p.add_argument("--after", default="src", help="source folder of the new tree")
    p.add_argument("--game", default="tests/stratega/kill_the_king_native.yaml")
    p.add_argument("--scenario", default="")
    p.add_argument("--games", type=int, default=4)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--lazy", action="store_true", help="draw with Game.random_action (after)")
    p.add_argument("--keep-before", default="", choices=["", "0", "1"],
                   help="options.KEEP_OPTIONS in the before runs (default: the tree's)")
    p.add_argument("--keep-after", default="", choices=["", "0", "1"],
                   help="options.KEEP_OPTIONS in the after runs (default: the tree's)")
    args = p.parse_args(argv)
    best: dict[str, dict[str, float]] = {}
    for _ in range(args.rounds):
        for label, src, lazy, keep in (("before", args.before, False, args.keep_before),
                                       ("after", args.after, args.lazy, args.keep_after)):
            r = run_one(src, args.game, args.scenario, args.games, lazy, keep)
            if label not in best or r["cpu"] < best[label]["cpu"]:
                best[label] = r
    b, a = best["before"], best["after"]
    print(f"{args.game}{':' + args.scenario if args.scenario else ''}, {args.games} games, "
          f"best of {args.rounds}")
    for label, r in (("before", b), ("after", a)):
        print(f"  {label:6} {int(r['steps']):7} steps  {r['cpu']:7.2f} s  "
              f"{r['steps'] / r['cpu']:8.0f} steps/s{'  (lazy draw)' if r['lazy'] else ''}")
    if b["steps"] != a["steps"]:
        print("  note: the trees played different games (the draws differ)")
    print(f"  speed-up {(a['steps'] / a['cpu']) / (b['steps'] / b['cpu']):.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
