"""Options kept from state to state (``options.OptionMemo``): checked, counted and timed.

    python benchmarks/bench_options.py                      # every game and scenario
    python benchmarks/bench_options.py broken_throne skirmish
    STRATAGEM_OPTIONS_GAMES=20 python benchmarks/bench_options.py

For each bundled game and each of its scenarios, random games by ``game.apply``:

- checked: at every step, the options offered equal those of the same state rebuilt from
  its serialized form (worked out from nothing); any difference stops the run;
- counted: of the option entries (one action type, one actor or player) each action
  decision holds, not empty, the share carried over from the decision before rather
  than worked out;
- timed: steps per CPU second with the memo and with every option worked out afresh, in
  the same run (best of three alternating runs), and their ratio.

The memo is on by default only where it pays (``options.KEEP_OPTIONS`` ``None``,
``options.worth_keeping``); this script turns it on and off where it needs to.
``tests/test_options_incremental.py`` runs the check on a few steps of each game.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

import stratagem
from stratagem.engine import Rng, options


def _check(game: stratagem.Game, games: int) -> tuple[int, int, int]:
    """(steps, entries carried over, entries in all) along ``games`` random games."""
    options.KEEP_OPTIONS = True
    rng = Rng(1)
    steps = carried = total = 0
    for _ in range(games):
        state = game.new_state(rng.below(2**32))
        memo = state.memo
        while state.decision is not None:
            fresh = game.deserialize(game.serialize(state))
            if fresh.decision is None or fresh.decision.actions != state.decision.actions:
                raise SystemExit(f"{game.name}:{game.scenario}: kept options differ from "
                                 f"fresh ones at step {steps}")
            if state.memo is not memo and state.memo is not None:
                old = memo.entries if memo is not None else {}
                # Empty entries are left out: every one is the same empty tuple.
                total += sum(1 for v in state.memo.entries.values() if v)
                carried += sum(1 for k, v in state.memo.entries.items() if v and old.get(k) is v)
                memo = state.memo
            options_ = state.decision.actions
            state = game.apply(state, options_[rng.below(len(options_))])
            steps += 1
    return steps, carried, total


def _rate(game: stratagem.Game, games: int) -> float:
    rng = Rng(2)
    steps = 0
    start = time.process_time()
    for _ in range(games):
        state = game.new_state(rng.below(2**32))
        while state.decision is not None:
            options_ = state.decision.actions
            state = game.apply(state, options_[rng.below(len(options_))])
            steps += 1
    return steps / (time.process_time() - start)


def _timed(game: stratagem.Game, games: int) -> tuple[float, float]:
    """Steps per CPU second (with the memo, afresh), best of three alternating runs."""
    kept: list[float] = []
    fresh: list[float] = []
    try:
        for _ in range(3):
            options.KEEP_OPTIONS = False
            fresh.append(_rate(game, games))
            options.KEEP_OPTIONS = True
            kept.append(_rate(game, games))
    finally:
        options.KEEP_OPTIONS = None  # its default: where it pays
    return max(kept), max(fresh)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="bundled games (default: every one)")
    parser.add_argument("--count", type=int,
                        default=int(os.environ.get("STRATAGEM_OPTIONS_GAMES", "3")),
                        help="random games of each game and scenario (default: %(default)s)")
    args = parser.parse_args(argv)
    print(f"{'game':34} {'steps':>6} {'carried':>8} {'memo/s':>8} {'afresh/s':>9} {'ratio':>6}")
    for name in args.games or stratagem.list_games():
        for scenario in (None, *stratagem.load(name).scenarios):
            game = stratagem.load(name, scenario)
            steps, carried, total = _check(game, args.count)
            kept, fresh = _timed(game, args.count)
            share = f"{carried / total:.0%}" if total else "-"
            label = name if scenario is None else f"{name}:{scenario}"
            print(f"{label:34} {steps:6} {share:>8} {kept:8.0f} {fresh:9.0f} "
                  f"{kept / fresh:6.2f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
