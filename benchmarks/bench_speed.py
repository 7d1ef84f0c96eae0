"""Speed of a step in every bundled game, beside OpenSpiel's C++ connect four, in one run.

    python benchmarks/bench_speed.py [--seconds 1] [--repeat 3] [--only GAME,...]
                                     [--parts steps,curve,mcts,memory,instructions]
                                     [--json PATH]

One command prints every figure of issue 18's speed table:

``steps``
    For every bundled game (default scenario) and Broken Throne's ``medium`` and
    ``large`` battles: random playouts through the public forward model, one
    ``game.apply`` a step, as steps per second; beside them, in the same run and
    interleaved round by round, OpenSpiel's C++ ``connect_four`` driven from Python
    with the same random driver (the yardstick). The ratio ``steps/s / yardstick``
    is what compares across machines and loads.
``curve``
    Broken Throne's set-ups ordered by their number of units (8 to 26): steps per
    second and the ratio to the yardstick, so how a step's cost grows with the army.
``mcts``
    MCTS simulations per second on connect four, Stratagem's ``MCTSAgent`` beside
    OpenSpiel's Python ``MCTSBot`` on its C++ game (``bench_mcts.py``'s searches), and
    MCTS iterations per second on Broken Throne ``large`` from its initial state.
``memory``
    Bytes per retained state along a 200-step random game of Broken Throne, measured
    with ``tracemalloc``: all 200 states are kept, so what they share is counted once.
``instructions`` (not in the default parts: it needs valgrind and takes minutes)
    Instructions per ``game.apply`` step for each game, by ``count_instructions.py``.

Wall-clock rates depend on the machine and on what else it runs; the ratios measured
side by side, and the instruction counts, do not. Without OpenSpiel the yardstick and
its ratios are left out. ``--seconds`` defaults to ``$STRATAGEM_BENCH_SECONDS`` or 1.
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import json
import os
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import stratagem
from stratagem.agents import Budget, MCTSAgent
from stratagem.engine import Rng
from stratagem.provenance import load_average, source_revision

HERE = Path(__file__).resolve().parent
SETUPS = ("broken_throne:medium", "broken_throne:large")
"""Set-ups measured beside every bundled game's default."""
INSTRUCTION_GAMES = {"connect_four": 100, "tic_tac_toe": 100, "pig": 20, "high_card": 30,
                     "duel": 10, "court_letters": 5, "outpost": 3, "skirmish": 2,
                     "broken_throne": 2, "broken_throne:medium": 1, "broken_throne:large": 1,
                     "flower_war": 1, "frontier": 1, "elemental_duel": 1}
"""Random playouts counted under valgrind for each set-up (long games get fewer)."""
MEMORY_STEPS = 200
PARTS = ("steps", "curve", "mcts", "memory", "instructions")
DEFAULT_PARTS = ("steps", "curve", "mcts", "memory")

Work = Callable[[float], tuple[int, float]]


def _sibling(name: str) -> ModuleType:
    """Another script of benchmarks/, imported by its path."""
    spec = importlib.util.spec_from_file_location(name, HERE / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def load(setup: str) -> stratagem.Game:
    """A bundled game, ``GAME:SCENARIO`` for one of its scenarios."""
    name, _, scenario = setup.partition(":")
    return stratagem.load(name, scenario=scenario or None)


def stratagem_work(setup: str) -> Work:
    """Random playouts of ``setup`` by ``game.apply`` for about ``seconds``: (steps, time)."""
    game = load(setup)

    def work(seconds: float) -> tuple[int, float]:
        rng = Rng(1)
        steps = 0
        gc.collect()
        start = time.perf_counter()
        while True:
            state = game.new_state(rng.below(2**32))
            while state.decision is not None:
                options = state.decision.actions
                state = game.apply(state, options[rng.below(len(options))])
                steps += 1
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                return steps, elapsed
    return work


def yardstick_work(pyspiel: ModuleType) -> Work:
    """Random playouts of OpenSpiel's C++ connect four, the same driver: (steps, time)."""
    game = pyspiel.load_game("connect_four")

    def work(seconds: float) -> tuple[int, float]:
        rng = Rng(1)
        steps = 0
        gc.collect()
        start = time.perf_counter()
        while True:
            state = game.new_initial_state()
            while not state.is_terminal():
                options = state.legal_actions()
                state.apply_action(options[rng.below(len(options))])
                steps += 1
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                return steps, elapsed
    return work


def openspiel() -> ModuleType | None:
    try:
        return importlib.import_module("pyspiel")
    except ImportError:
        return None


def units(setup: str) -> int:
    """Units on the board at the start of ``setup``."""
    return len(load(setup).new_state(0).entities)


def measure_steps(setups: Sequence[str], seconds: float, repeat: int,
                  pyspiel: ModuleType | None) -> dict[str, Any]:
    """Steps/s of every set-up and of the yardstick, interleaved; medians and ratios."""
    works: dict[str, Work] = {}
    if pyspiel is not None:
        works["yardstick"] = yardstick_work(pyspiel)
    works.update((s, stratagem_work(s)) for s in setups)
    for work in works.values():
        work(min(0.2, seconds))
    rates: dict[str, list[float]] = {name: [] for name in works}
    ratios: dict[str, list[float]] = {name: [] for name in setups}
    for _ in range(repeat):
        stick = None
        for name, work in works.items():
            steps, elapsed = work(seconds)
            rates[name].append(steps / elapsed)
            if name == "yardstick":
                stick = steps / elapsed
            elif stick is not None:
                ratios[name].append(steps / elapsed / stick)
    out: dict[str, Any] = {}
    for name in works:
        row: dict[str, Any] = {"steps_per_s": statistics.median(rates[name])}
        if ratios.get(name):
            row["ratio"] = statistics.median(ratios[name])
            row["ratio_range"] = [min(ratios[name]), max(ratios[name])]
        out[name] = row
    return out


def broken_throne_setups() -> list[str]:
    """Broken Throne's default battle and its scenarios, fewest units first."""
    game = stratagem.load("broken_throne")
    setups = ["broken_throne", *(f"broken_throne:{s}" for s in game.scenarios)]
    return sorted(setups, key=lambda s: (units(s), s))


def measure_mcts(seconds: float, repeat: int, pyspiel: ModuleType | None) -> dict[str, Any]:
    """Connect four MCTS beside OpenSpiel's, and iterations/s on Broken Throne large."""
    bench_mcts = _sibling("bench_mcts")
    simulations = max(50, int(2000 * seconds))
    result: dict[str, Any] = {"connect_four": bench_mcts.measure(simulations, repeat,
                                                                 pyspiel is not None)}
    game = load("broken_throne:large")
    state = game.new_state(0)
    assert state.decision is not None
    iterations = max(10, int(200 * seconds))
    rates = []
    for r in range(repeat):
        agent = MCTSAgent(game, seed=r, reuse=False)
        gc.collect()
        start = time.perf_counter()
        agent.choose(state, state.decision, Budget(iterations=iterations))
        rates.append(iterations / (time.perf_counter() - start))
    result["broken_throne_large"] = {"iterations": iterations,
                                     "iterations_per_s": statistics.median(rates)}
    return result


def measure_memory(steps: int = MEMORY_STEPS, seed: int = 0) -> dict[str, Any]:
    """Bytes per retained state along a random Broken Throne game of ``steps`` steps."""
    game = stratagem.load("broken_throne")
    rng = Rng(seed)
    state = game.new_state(seed)
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    kept = [state]
    while len(kept) <= steps:
        if state.decision is None:
            state = game.new_state(rng.below(2**32))
        else:
            options = state.decision.actions
            state = game.apply(state, options[rng.below(len(options))])
        kept.append(state)
    gc.collect()
    used = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    alone = len(game.serialize(kept[-1]).encode())
    return {"states": len(kept) - 1, "bytes_per_state": used / (len(kept) - 1),
            "serialized_bytes_of_last": alone}


def measure_instructions(setups: Sequence[str]) -> dict[str, Any]:
    """Instructions per ``game.apply`` step, counted by callgrind (count_instructions.py)."""
    count = _sibling("count_instructions")
    out: dict[str, Any] = {}
    for setup in setups:
        games = INSTRUCTION_GAMES.get(setup, 1)
        each, steps = count.per_unit("apply", setup, games)
        out[setup] = {"instructions_per_step": each, "steps": steps, "games": games}
    return out


def _si(value: float) -> str:
    for size, suffix in ((1e6, "M"), (1e3, "k")):
        if value >= size:
            return f"{value / size:.3g}{suffix}"
    return f"{value:.3g}"


def report(result: dict[str, Any]) -> str:
    """The tables, as text."""
    lines: list[str] = []
    steps = result.get("steps")
    if steps:
        lines += ["set-up | steps/s | / OpenSpiel C++ connect four", "---|---:|---:"]
        for name, row in steps.items():
            ratio = f"{row['ratio']:.4f}" if "ratio" in row else ""
            lines.append(f"{name} | {_si(row['steps_per_s'])} | {ratio}")
    curve = result.get("curve")
    if curve:
        lines += ["", "Broken Throne set-up | units | steps/s | / yardstick", "---|---:|---:|---:"]
        for name, row in curve.items():
            ratio = f"{row['ratio']:.4f}" if "ratio" in row else ""
            lines.append(f"{name} | {row['units']} | {_si(row['steps_per_s'])} | {ratio}")
    mcts = result.get("mcts")
    if mcts:
        c4 = mcts["connect_four"]
        lines += ["", f"MCTS connect four: stratagem {c4['median']['stratagem']:,.0f} "
                      "simulations/s"]
        if "ratio" in c4:
            lines[-1] += (f", OpenSpiel MCTSBot {c4['median']['openspiel']:,.0f}, ratio "
                          f"{c4['ratio']:.3f}")
        bt = mcts["broken_throne_large"]
        lines.append(f"MCTS broken_throne large: {bt['iterations_per_s']:,.1f} iterations/s")
    memory = result.get("memory")
    if memory:
        lines += ["", f"memory: {memory['bytes_per_state']:,.0f} bytes per retained state "
                      f"({memory['states']} states of Broken Throne; one serialized: "
                      f"{memory['serialized_bytes_of_last']:,} bytes)"]
    counted = result.get("instructions")
    if counted:
        lines += ["", "set-up | instructions a step | steps counted", "---|---:|---:"]
        for name, row in counted.items():
            lines.append(f"{name} | {row['instructions_per_step']:,.0f} | {row['steps']}")
    return "\n".join(lines)


def run(parts: Sequence[str], seconds: float, repeat: int,
        only: Sequence[str] | None = None) -> dict[str, Any]:
    """The whole report, as a dict (what ``--json`` writes)."""
    pyspiel = openspiel()
    setups = list(only) if only else [*stratagem.list_games(), *SETUPS]
    result: dict[str, Any] = {"revision": source_revision(), "seconds": seconds,
                              "repeat": repeat, "openspiel": pyspiel is not None}
    if "steps" in parts:
        result["steps"] = measure_steps(setups, seconds, repeat, pyspiel)
    if "curve" in parts:
        curve_setups = broken_throne_setups()
        measured = measure_steps(curve_setups, seconds, repeat, pyspiel)
        result["curve"] = {s: {"units": units(s), **measured[s]} for s in curve_setups}
    if "mcts" in parts:
        result["mcts"] = measure_mcts(seconds, repeat, pyspiel)
    if "memory" in parts:
        result["memory"] = measure_memory()
    if "instructions" in parts:
        result["instructions"] = measure_instructions(
            [s for s in setups if s.partition(":")[0] in stratagem.list_games()])
    result["load_average"] = load_average()
    return result


def _positive(text: str) -> float:
    value = float(text)
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be a positive number, not {text}")
    return value


def _parts(text: str) -> list[str]:
    names = [p for p in text.split(",") if p]
    bad = [p for p in names if p not in PARTS]
    if bad or not names:
        raise argparse.ArgumentTypeError(f"parts are {', '.join(PARTS)}; not {text!r}")
    return names


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Steps/s of every bundled game beside "
                                     "OpenSpiel's C++ connect four, MCTS, memory.")
    parser.add_argument("--seconds", type=_positive,
                        default=os.environ.get("STRATAGEM_BENCH_SECONDS", "1"),
                        help="length of one timed run (default: $STRATAGEM_BENCH_SECONDS or 1)")
    parser.add_argument("--repeat", type=int, default=3, help="rounds; medians (default: 3)")
    parser.add_argument("--only", type=lambda t: [s for s in t.split(",") if s],
                        help="set-ups to measure (GAME or GAME:SCENARIO), default all")
    parser.add_argument("--parts", type=_parts, default=list(DEFAULT_PARTS),
                        help=f"what to measure, of {', '.join(PARTS)} (default: "
                             f"{','.join(DEFAULT_PARTS)})")
    parser.add_argument("--json", type=Path, metavar="PATH", help="also write the report here")
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    result = run(args.parts, args.seconds, args.repeat, args.only)
    print(report(result))
    if args.json is not None:
        args.json.write_text(json.dumps(result, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
