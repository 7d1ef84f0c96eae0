"""MCTS simulations per second on connect four, Stratagem's beside OpenSpiel's, in one run.

    python benchmarks/bench_mcts.py [--simulations 2000] [--repeat 3] [--strength 0]
                                    [--json results.json]

Both searches start from connect four's initial state and run UCT with c = 2 and one
uniform random rollout per simulation:

``stratagem``
    ``MCTSAgent`` (``stratagem.agents.mcts``) on ``stratagem.load("connect_four")``,
    the game compiled from its rules file; no progressive widening and no tree reuse,
    so every search starts from an empty tree. One decision with a budget of
    ``--simulations`` iterations.
``openspiel``
    OpenSpiel's pure-Python ``MCTSBot`` (``open_spiel.python.algorithms.mcts``) with a
    ``RandomRolloutEvaluator`` (one rollout) on OpenSpiel's C++ ``connect_four``, its
    other settings at their defaults (among them ``solve=True``). One
    ``mcts_search`` with ``max_simulations=--simulations``.

The two take turns, ``--repeat`` searches each, after one short warm-up search each;
the figure is the median rate. The ratio ``stratagem / openspiel`` above 1 means
Stratagem's search is faster. Stratagem's search also reports the forward-model calls
it made (``game.calls``), which is the unit its call budgets count.

``--strength N`` (default ``$STRATAGEM_BENCH_STRENGTH``, or 0) also plays N games of
connect four and N of tic-tac-toe between MCTS (``--strength-iterations`` iterations a
move) and the random agent, seats alternating, and prints the results: the long form of
the strength tests in ``tests/test_agents_strength.py``.

``--simulations`` defaults to ``$STRATAGEM_BENCH_SIMULATIONS``, or 2000. Without
OpenSpiel (``pip install -e '.[bench]'``) only Stratagem's figures are reported.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

import stratagem
from stratagem.agents import Budget, MCTSAgent, make_agent
from stratagem.arena import play
from stratagem.provenance import load_average, source_revision

UCT_C = 2.0
WARMUP = 50
"""Simulations of the warm-up search of each side."""


def stratagem_search(simulations: int, seed: int) -> dict[str, float]:
    """One search by Stratagem's MCTS from the initial state: its rate and calls."""
    game = stratagem.load("connect_four")
    state = game.new_state(0)
    agent = MCTSAgent(game, seed=seed, c=UCT_C, widening=0.0, reuse=False)
    assert state.decision is not None
    gc.collect()
    calls = game.calls
    start = time.perf_counter()
    agent.choose(state, state.decision, Budget(iterations=simulations))
    seconds = time.perf_counter() - start
    return {"simulations_per_s": simulations / seconds, "seconds": seconds,
            "calls_per_simulation": (game.calls - calls) / simulations}


def openspiel_search(simulations: int, seed: int) -> dict[str, float]:
    """One search by OpenSpiel's Python MCTSBot on its C++ connect four: its rate."""
    import numpy as np  # noqa: PLC0415 - the optional peer (open-spiel), loaded only when compared
    import pyspiel  # noqa: PLC0415 - the optional peer (open-spiel), loaded only when compared
    from open_spiel.python.algorithms import mcts  # noqa: PLC0415 - the optional peer (open-spiel), loaded only when compared

    game = pyspiel.load_game("connect_four")
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    bot = mcts.MCTSBot(game, UCT_C, simulations, evaluator,
                       random_state=np.random.RandomState(seed))
    state = game.new_initial_state()
    gc.collect()
    start = time.perf_counter()
    bot.mcts_search(state)
    seconds = time.perf_counter() - start
    return {"simulations_per_s": simulations / seconds, "seconds": seconds}


def openspiel_version() -> str | None:
    """OpenSpiel's version when it can be imported, else ``None``."""
    try:
        importlib.import_module("pyspiel")
        importlib.import_module("open_spiel.python.algorithms.mcts")
    except ImportError:
        return None
    try:
        return version("open_spiel")
    except PackageNotFoundError:
        return "unknown"


def measure(simulations: int, repeat: int, with_openspiel: bool) -> dict[str, Any]:
    """Interleaved searches of each side; the median rate and every run."""
    sides: dict[str, Callable[[int, int], dict[str, float]]] = {"stratagem": stratagem_search}
    if with_openspiel:
        sides["openspiel"] = openspiel_search
    for search in sides.values():
        search(min(WARMUP, simulations), 0)
    runs: dict[str, list[dict[str, float]]] = {name: [] for name in sides}
    for r in range(repeat):
        for name, search in sides.items():
            runs[name].append(search(simulations, r + 1))
    result: dict[str, Any] = {"runs": runs, "median": {}}
    for name, done in runs.items():
        result["median"][name] = statistics.median(x["simulations_per_s"] for x in done)
    if "openspiel" in runs:
        per_run = [a["simulations_per_s"] / b["simulations_per_s"]
                   for a, b in zip(runs["stratagem"], runs["openspiel"], strict=True)]
        result["ratio"] = result["median"]["stratagem"] / result["median"]["openspiel"]
        result["ratio_range"] = [min(per_run), max(per_run)]
    result["calls_per_simulation"] = statistics.median(
        x["calls_per_simulation"] for x in runs["stratagem"])
    return result


def strength(games: int, iterations: int) -> dict[str, dict[str, int]]:
    """MCTS against random, seats alternating: wins, losses and draws per game."""
    results: dict[str, dict[str, int]] = {}
    for name in ("connect_four", "tic_tac_toe"):
        game = stratagem.load(name)
        tally = {"win": 0, "loss": 0, "draw": 0}
        for i in range(games):
            seat = i % 2
            agents: list[Any] = ["random", "random"]
            agents[seat] = make_agent(f"mcts:iterations={iterations}", game, seed=10_000 + i)
            outcome = play(game, agents, seed=i).outcome
            key = "draw" if outcome.is_draw else "win" if seat in outcome.winners else "loss"
            tally[key] += 1
        results[name] = tally
    return results


def run(simulations: int, repeat: int, games: int, iterations: int) -> dict[str, Any]:
    """The whole report, as a dict (what ``--json`` writes)."""
    version = openspiel_version()
    report: dict[str, Any] = {
        "benchmark": "mcts_connect_four",
        "stratagem_version": stratagem.__version__,
        "stratagem_revision": source_revision(),
        "openspiel_version": version,
        "python": platform.python_version(),
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "simulations": simulations,
        "repeat": repeat,
        "uct_c": UCT_C,
        "search": measure(simulations, repeat, version is not None),
        "notes": [],
    }
    if version is None:
        report["notes"].append("pyspiel is not importable: OpenSpiel's MCTSBot is left out "
                               "(pip install -e '.[bench]')")
    if games:
        report["strength"] = {"games": games, "iterations": iterations,
                              "results": strength(games, iterations)}
    report["load_average"] = load_average()
    return report


def _count(text: str, least: int) -> int:
    value = int(text)
    if value < least:
        raise argparse.ArgumentTypeError(f"must be at least {least}, not {text}")
    return value


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line (see the module's docstring)."""
    parser = argparse.ArgumentParser(
        description="MCTS simulations/s on connect four, Stratagem beside OpenSpiel.")
    parser.add_argument("--simulations", type=lambda t: _count(t, 1),
                        default=os.environ.get("STRATAGEM_BENCH_SIMULATIONS", "2000"),
                        help="simulations per search (default: $STRATAGEM_BENCH_SIMULATIONS "
                             "or 2000)")
    parser.add_argument("--repeat", type=lambda t: _count(t, 1), default=3,
                        help="searches of each side; the figure is their median (default: 3)")
    parser.add_argument("--strength", type=lambda t: _count(t, 0),
                        default=os.environ.get("STRATAGEM_BENCH_STRENGTH", "0"),
                        help="games against random per game, 0 for none (default: "
                             "$STRATAGEM_BENCH_STRENGTH or 0)")
    parser.add_argument("--strength-iterations", type=lambda t: _count(t, 1), default=200,
                        help="MCTS iterations a move in the strength games (default: 200)")
    parser.add_argument("--json", type=Path, metavar="PATH",
                        help="also write the full report, every run included, to PATH")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark, print the figures, optionally write JSON; the exit status."""
    args = parse_args(argv)
    report = run(args.simulations, args.repeat, args.strength, args.strength_iterations)
    revision = report["stratagem_revision"]
    version = report["openspiel_version"]
    print(f"stratagem {report['stratagem_version']}" + (f" ({revision})" if revision else "")
          + (f", OpenSpiel {version}" if version else "")
          + f"; Python {report['python']} on {report['platform']}, {report['cpus']} CPUs")
    print(f"connect four, initial state, UCT c={UCT_C:g}, one random rollout a simulation; "
          f"median of {args.repeat} searches of {args.simulations} simulations\n")
    search = report["search"]
    print(f"{'search':<40} {'simulations/s':>14}")
    print(f"{'stratagem MCTSAgent (rules-file game)':<40} {search['median']['stratagem']:>14,.0f}")
    if "openspiel" in search["median"]:
        print(f"{'OpenSpiel Python MCTSBot (C++ game)':<40} "
              f"{search['median']['openspiel']:>14,.0f}")
        low, high = search["ratio_range"]
        print(f"\nratio stratagem / openspiel: {search['ratio']:.3g} "
              f"(one search's ratio: {low:.3g} to {high:.3g})")
    print(f"stratagem forward-model calls per simulation: {search['calls_per_simulation']:.1f}")
    if "strength" in report:
        s = report["strength"]
        print(f"\nMCTS ({s['iterations']} iterations a move) against random, "
              f"{s['games']} games each, seats alternating:")
        for name, tally in s["results"].items():
            print(f"  {name}: {tally['win']} won, {tally['loss']} lost, {tally['draw']} drawn")
    for note in report["notes"]:
        print(f"\nnote: {note}")
    if report["load_average"] is not None:
        print(f"\nload average at the end: {', '.join(map(str, report['load_average']))}")
    if args.json is not None:
        args.json.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
        print(f"\nwrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
