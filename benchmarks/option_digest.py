"""A digest of every option list of seeded random games, per bundled set-up: run it under
two checkouts and compare the lines to see whether an engine change altered any game.

    PYTHONPATH=<old checkout>/src python benchmarks/option_digest.py [N] > old.txt
    PYTHONPATH=<new checkout>/src python benchmarks/option_digest.py [N] > new.txt
    diff old.txt new.txt

Each set-up plays N games (default 3) from seeds 0..N-1 in both chance modes, the moves
picked as the soak picks them (``soak.pick``), at most 800 steps a game; each line gives
the set-up, the steps played and a digest of the option lists and the outcomes. A change
meant to leave the games alone (a faster listing) must leave every line as it was.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import soak
from stratagem.engine import Rng

MAX_STEPS = 800


def digest(name: str, games: int) -> tuple[int, str]:
    """The steps played and the digest of ``games`` random games of one set-up."""
    game = soak.setup(name)
    h = hashlib.sha256()
    steps = 0
    for seed in range(games):
        for explicit in (False, True):
            state = game.new_state(seed, explicit_chance=explicit)
            rng = Rng(seed)
            made = 0
            while state.decision is not None and made < MAX_STEPS:
                h.update("|".join(map(str, state.decision.actions)).encode() + b"\n")
                state = game.apply(state, soak.pick(state, rng))
                made += 1
            h.update(repr(state.outcome).encode())
            steps += made
    return steps, h.hexdigest()[:16]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="?", type=int, default=3)
    args = ap.parse_args(argv)
    for name in soak.every_setup():
        steps, text = digest(name, args.games)
        print(f"{name} {steps} {text}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
