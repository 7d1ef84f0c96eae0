"""Where a game's option listing spends its time, by rule: each action's conditions, target
lists and target conditions, timed and counted over random playouts.

    python benchmarks/profile_conditions.py GAME [N] [--scenario NAME] [--top 25]

GAME is a bundled game's name or a rules file. Each line gives the seconds spent in one
part of the rules, how many times it ran, and which part: `(action, 'cond', label)` for
an action's `when`, `(action, 'from', target)` for a target's list, `(action,
'where:TARGET', label)` for a target's condition. The counts are the same from run to
run (seeded playouts); the seconds include the timers' own cost and move with the load.
A rule writer reads it to see which condition to make cheaper; an engine change that
skips candidates shows as a smaller count.
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import random
import sys
import time
from collections.abc import Callable
from typing import Any

import stratagem


def _timed(key: tuple[str, str, str], f: Callable[..., Any], seconds: dict[Any, float],
           calls: collections.Counter[Any]) -> Callable[..., Any]:
    def timed(*args: Any) -> Any:
        start = time.perf_counter()
        try:
            return f(*args)
        finally:
            seconds[key] += time.perf_counter() - start
            calls[key] += 1
    return timed


def instrument(game: stratagem.Game) -> tuple[dict[Any, float], collections.Counter[Any]]:
    """Wrap every action's conditions and targets of ``game`` in timers (the game is changed
    in place: use it for profiling only)."""
    seconds: dict[Any, float] = collections.defaultdict(float)
    calls: collections.Counter[Any] = collections.Counter()
    for name, at in game.action_types.items():
        conds = tuple(dataclasses.replace(c, test=_timed((name, "cond", c.label), c.test,
                                                         seconds, calls))
                      for c in at.conditions)
        object.__setattr__(at, "conditions", conds)
        at.__post_init__()  # the tests it keeps apart for actors and for all
        for t in at.targets:
            object.__setattr__(t, "candidates",
                               _timed((name, "from", t.name), t.candidates, seconds, calls))
            object.__setattr__(t, "conditions", tuple(
                dataclasses.replace(c, test=_timed((name, "where:" + t.name, c.label), c.test,
                                                   seconds, calls))
                for c in t.conditions))
    return seconds, calls


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("games", nargs="?", type=int, default=5)
    ap.add_argument("--scenario", default=None)
    ap.add_argument("--top", type=int, default=25)
    args = ap.parse_args(argv)
    game = stratagem.load(args.game, scenario=args.scenario)
    seconds, calls = instrument(game)
    pick = random.Random(1)
    steps = 0
    start = time.perf_counter()
    for seed in range(args.games):
        state = game.new_state(seed=seed)
        while state.decision is not None:
            options = state.decision.actions
            state = game.apply(state, options[pick.randrange(len(options))])
            steps += 1
    total = time.perf_counter() - start
    print(f"{args.game}: {args.games} random games, {steps} steps, {total:.2f} s")
    for key, spent in sorted(seconds.items(), key=lambda kv: -kv[1])[:args.top]:
        print(f"{spent:8.3f} s {calls[key]:9d}  {key}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
