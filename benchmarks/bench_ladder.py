"""The difficulty ladder: each level against the next, with intervals and ratings.

    python benchmarks/bench_ladder.py [--games 40] [--on connect_four] [--jobs 1]
                                      [--levels novice,casual,skilled,expert,master]
                                      [--first-seed 0] [--check] [--json ladder.json]

For every game named by ``--on`` (``name`` or ``name:scenario``) and every pair of adjacent
levels (novice against casual, casual against skilled, ...), plays ``--games`` games
(default ``$STRATAGEM_LADDER_GAMES``, or 40) with ``stratagem.play``: game ``i`` uses seed
``first_seed + i`` and puts the stronger level in seat ``i % 2``, so both levels play both
sides equally often. Levels
play with their budgets in forward-model calls alone (a level's own budget also has a time
limit, which would make the games depend on the machine and its load), so the same command
plays the same games on any machine; ``--timed`` keeps the levels' time limits.

It prints, for each pair, the stronger level's wins, draws and losses, its score (a draw
counts half) and the Wilson 95% interval of that score, and marks a pair "clear" when the
interval lies wholly above one half. Then a rating per level, per game and over all games:
a Bradley-Terry fit of every game played (a draw is half a win to each side), on the Elo
scale (400 points for odds of ten to one), with the weakest level fixed at 1000. What a
level is depends on the game (``agents.levels``): the tactical agent at the level's depth and
noise in tactics games (Broken Throne, Skirmish), a search agent in the others. Each
adjacent pair also gets one imagined draw, so that a pair the stronger side swept still
has a finite rating gap. Only two-player games can be laddered.

The JSON report (``--json``) also holds every game played (seed, seats, score) and each
pair's score by the stronger level's seat, so that runs over other seeds can be pooled and
a side's advantage seen. ``--jobs N`` plays games in N processes. ``--check`` makes the exit
status 1 when some pair is not clear.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any

import stratagem
from stratagem.agents.levels import LEVELS
from stratagem.arena.stats import wilson  # a draw counts as half a win: score / n
from stratagem.provenance import load_average, source_revision

ANCHOR = 1000.0
"""The weakest level's rating."""
PRIOR_DRAWS = 1
"""Imagined draws added to each adjacent pair in the rating fit."""


@dataclass(frozen=True)
class Played:
    """One game of the ladder and its result for the stronger level."""

    game: str
    lower: str
    upper: str
    seed: int
    upper_seat: int
    score: float
    """1 for a win of the stronger level, 0.5 for a draw, 0 for a loss."""
    decisions: int
    seconds: float


def load(text: str) -> stratagem.Game:
    """A game named ``name`` or ``name:scenario``."""
    name, _, scenario = text.partition(":")
    return stratagem.load(name, scenario) if scenario else stratagem.load(name)


def untimed(level: str, game: stratagem.Game) -> str:
    """The roster code of ``level`` with its budget in ``game`` in forward-model calls alone."""
    calls = next(lv for lv in LEVELS if lv.name == level).budget_for(game).calls
    return level if calls is None else f"{level}:calls={calls}"


def play_one(game_name: str, lower: str, upper: str, seed: int,
             timed: bool = False) -> Played:
    """Play game ``seed`` of a pair, the stronger level in seat ``seed % 2``; each level on
    its budget in calls alone unless ``timed``."""
    game = load(game_name)
    seat = seed % 2
    codes = (lower, upper) if timed else (untimed(lower, game), untimed(upper, game))
    agents = [codes[0], codes[0]]
    agents[seat] = codes[1]
    start = time.perf_counter()
    result = stratagem.play(game, agents, seed=seed)
    seconds = time.perf_counter() - start
    outcome = result.outcome
    score = 0.5 if outcome.is_draw else 1.0 if seat in outcome.winners else 0.0
    return Played(game_name, lower, upper, seed, seat, score, len(result.state.history), seconds)


def bradley_terry(levels: Sequence[str], games: Sequence[Played],
                  rounds: int = 10_000) -> dict[str, float]:
    """Elo-scale ratings from every game by minorization-maximization (Hunter, 2004).

    Each level's strength ``g`` solves ``wins_i = sum_j n_ij * g_i / (g_i + g_j)``;
    draws are half a win to each side, and each adjacent pair gets ``PRIOR_DRAWS``.
    """
    index = {name: i for i, name in enumerate(levels)}
    k = len(levels)
    wins = [0.0] * k
    meetings = [[0.0] * k for _ in range(k)]
    for g in games:
        u, lo = index[g.upper], index[g.lower]
        wins[u] += g.score
        wins[lo] += 1 - g.score
        meetings[u][lo] += 1
        meetings[lo][u] += 1
    for i in range(k - 1):
        for a, b in ((i, i + 1), (i + 1, i)):
            meetings[a][b] += PRIOR_DRAWS
            wins[a] += PRIOR_DRAWS / 2
    strength = [1.0] * k
    for _ in range(rounds):
        new = []
        for i in range(k):
            denominator = sum(meetings[i][j] / (strength[i] + strength[j])
                              for j in range(k) if meetings[i][j])
            new.append(wins[i] / denominator if denominator else strength[i])
        norm = new[0]
        new = [s / norm for s in new]
        done = max(abs(a - b) / b for a, b in zip(new, strength, strict=True)) < 1e-12
        strength = new
        if done:
            break
    return {name: ANCHOR + 400 * math.log10(strength[i]) for name, i in index.items()}


def summarise(levels: Sequence[str], games: Sequence[Played]) -> list[dict[str, Any]]:
    """Per adjacent pair: wins, draws and losses of the stronger level, score and interval."""
    rows = []
    for lower, upper in pairwise(levels):
        mine = [g for g in games if g.lower == lower and g.upper == upper]
        n = len(mine)
        score = sum(g.score for g in mine)
        low, high = wilson(score, n)
        rows.append({
            "lower": lower, "upper": upper, "games": n,
            "wins": sum(g.score == 1 for g in mine), "draws": sum(g.score == 0.5 for g in mine),
            "losses": sum(g.score == 0 for g in mine),
            "score": score / n if n else 0.0, "wilson95": [low, high], "clear": low > 0.5,
            "score_by_seat": [sum(g.score for g in mine if g.upper_seat == s)
                              / max(1, sum(g.upper_seat == s for g in mine)) for s in (0, 1)],
            "seconds_per_game": sum(g.seconds for g in mine) / n if n else 0.0,
        })
    return rows


def run(on: Sequence[str], levels: Sequence[str], games: int, first_seed: int,
        jobs: int, timed: bool = False) -> dict[str, Any]:
    """Play the ladder; the whole report as a dict (what ``--json`` writes)."""
    tasks = [(name, lower, upper, first_seed + i, timed) for name in on
             for lower, upper in pairwise(levels) for i in range(games)]
    load_start = load_average()
    start = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            played = list(pool.map(play_one, *zip(*tasks, strict=True)))
    else:
        played = [play_one(*t) for t in tasks]
    report: dict[str, Any] = {
        "benchmark": "difficulty_ladder",
        "stratagem_version": stratagem.__version__,
        "stratagem_revision": source_revision(),
        "python": platform.python_version(), "platform": platform.platform(),
        "cpus": os.cpu_count(), "jobs": jobs, "games_per_pair": games, "timed": timed,
        "first_seed": first_seed, "levels": list(levels),
        "definitions": {lv.name: lv.description for lv in LEVELS if lv.name in levels},
        "games": {}, "ratings_all_games": bradley_terry(levels, played),
        "seconds": time.perf_counter() - start,
        "load_average": {"start": load_start, "end": load_average()},
    }
    for name in on:
        mine = [g for g in played if g.game == name]
        report["games"][name] = {"pairs": summarise(levels, mine),
                                 "played": [asdict(g) for g in mine],
                                 "ratings": bradley_terry(levels, mine),
                                 "decisions_per_game": sum(g.decisions for g in mine)
                                 / max(1, len(mine))}
    return report


def _count(text: str, least: int) -> int:
    value = int(text)
    if value < least:
        raise argparse.ArgumentTypeError(f"must be at least {least}, not {text}")
    return value


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line (see the module's docstring)."""
    parser = argparse.ArgumentParser(description="The difficulty ladder: adjacent levels "
                                                 "against each other, with ratings.")
    parser.add_argument("--games", type=lambda t: _count(t, 1),
                        default=os.environ.get("STRATAGEM_LADDER_GAMES", "40"),
                        help="games per pair and game (default: $STRATAGEM_LADDER_GAMES or 40)")
    parser.add_argument("--on", default="connect_four",
                        help="comma-separated games to play, each NAME or NAME:SCENARIO "
                             "(default: connect_four)")
    parser.add_argument("--levels", default=",".join(lv.name for lv in LEVELS),
                        help="comma-separated levels, weakest first (default: all five)")
    parser.add_argument("--first-seed", type=lambda t: _count(t, 0), default=0,
                        help="seed of the first game of each pair (default: 0)")
    parser.add_argument("--jobs", type=lambda t: _count(t, 1), default=1,
                        help="processes to play games in (default: 1)")
    parser.add_argument("--timed", action="store_true",
                        help="keep each level's time limit (default: its calls alone, so that "
                             "the games repeat on any machine)")
    parser.add_argument("--check", action="store_true",
                        help="exit with status 1 if some pair is not clear")
    parser.add_argument("--json", type=Path, metavar="PATH", help="also write the report")
    args = parser.parse_args(argv)
    args.on = [g.strip() for g in args.on.split(",") if g.strip()]
    args.levels = [lv.strip() for lv in args.levels.split(",") if lv.strip()]
    known = {lv.name for lv in LEVELS}
    if len(args.levels) < 2 or not set(args.levels) <= known:
        parser.error(f"--levels needs two or more of: {', '.join(lv.name for lv in LEVELS)}")
    for name in args.on:
        base = name.partition(":")[0]
        if base not in stratagem.list_games():
            parser.error(f"unknown game '{base}'")
        try:
            game = load(name)
        except stratagem.StratagemError as exc:
            parser.error(f"{name}: {exc}")
        if len(game.players) != 2:
            parser.error(f"{name} is not a two-player game")
    return args


def _percent(x: float) -> str:
    return f"{100 * x:.0f}%"


def main(argv: Sequence[str] | None = None) -> int:
    """Play the ladder, print the tables, optionally write JSON; the exit status."""
    args = parse_args(argv)
    report = run(args.on, args.levels, args.games, args.first_seed, args.jobs, args.timed)
    revision = report["stratagem_revision"]
    print(f"stratagem {report['stratagem_version']}" + (f" ({revision})" if revision else "")
          + f"; Python {report['python']} on {report['platform']}, {report['cpus']} CPUs, "
          f"{args.jobs} job(s)")
    print(f"{args.games} games per pair, seeds {args.first_seed}.."
          f"{args.first_seed + args.games - 1}, stronger level in seat i % 2, "
          f"{'levels timed' if args.timed else 'budgets in calls alone'}\n")
    for name, level in report["definitions"].items():
        print(f"  {name:<8} {level}")
    clear = True
    for name, part in report["games"].items():
        print(f"\n{name} ({part['decisions_per_game']:.0f} decisions a game)")
        print(f"  {'stronger vs weaker':<20} {'W-D-L':>9} {'score':>6} {'Wilson 95%':>12} "
              f"{'s/game':>7}")
        for row in part["pairs"]:
            low, high = row["wilson95"]
            wdl = f"{row['wins']}-{row['draws']}-{row['losses']}"
            mark = "clear" if row["clear"] else "NOT CLEAR"
            clear &= row["clear"]
            print(f"  {row['upper'] + ' vs ' + row['lower']:<20} {wdl:>9} "
                  f"{_percent(row['score']):>6} {_percent(low) + '-' + _percent(high):>12} "
                  f"{row['seconds_per_game']:>7.2f}  {mark}")
        ratings = "  ".join(f"{k} {v:.0f}" for k, v in part["ratings"].items())
        print(f"  ratings: {ratings}")
    ratings = "  ".join(f"{k} {v:.0f}" for k, v in report["ratings_all_games"].items())
    print(f"\nratings over all games (Bradley-Terry, Elo scale, {args.levels[0]} = "
          f"{ANCHOR:.0f}): {ratings}")
    loads = report["load_average"]
    if loads["start"] is not None:
        print(f"took {report['seconds']:.0f} s; load average at the start "
              f"{', '.join(map(str, loads['start']))}, at the end "
              f"{', '.join(map(str, loads['end']))}")
    if args.json is not None:
        args.json.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return 1 if args.check and not clear else 0


if __name__ == "__main__":
    sys.exit(main())
