"""The engine's speed beside OpenSpiel's, on tic-tac-toe, connect four and pig, measured in one run.

    python benchmarks/bench_engine.py [--games tic_tac_toe,connect_four,pig|all] [--seconds 2]
                                      [--repeat 5] [--json results.json]

For each game, the implementations run side by side in this process:

tic-tac-toe
    Stratagem's ``tic_tac_toe`` compiled from its rules file (``stratagem.load``),
    the same game defined in Python (``stratagem.games.python.tic_tac_toe``),
    OpenSpiel's hand-written pure-Python ``python_tic_tac_toe`` and OpenSpiel's
    C++ ``tic_tac_toe`` driven from Python.
connect four
    Stratagem's ``connect_four`` compiled from its rules file and OpenSpiel's C++
    ``connect_four`` driven from Python (OpenSpiel has no Python connect four).
pig
    Stratagem's ``pig`` compiled from its rules file, in explicit chance mode
    (``stratagem``: every throw of the die is a chance decision, as in OpenSpiel,
    so both sides walk the same tree, step for step) and in its default sampled
    mode (``stratagem_sampled``: the die is rolled inside ``apply``, so a playout
    has fewer, larger steps), and OpenSpiel's C++ ``pig`` driven from Python
    (OpenSpiel has no Python pig). The die is fair, so the drivers' uniform pick
    at a chance node is a fair throw on both sides.
flower war (only with ``--games flower_war``)
    Stratagem's ``flower_war`` alone, in explicit and in sampled chance mode:
    OpenSpiel has no such game. Its mid-game state is written as our own action
    texts (``FLOWER_WAR_PATH``).

every other bundled game (``--games all``, or by name)
    Stratagem alone, in its default sampled mode: OpenSpiel has no such game.
    Its mid-game state is 30 uniformly random decisions into a game of seed 7
    (``RANDOM_MID_GAME``), and the ratios columns are left out.

Absolute figures drift from machine to machine; the ratios printed beside them
(``stratagem / peer``, where ``stratagem`` is the game loaded from its rules file;
above 1 means it is faster) are what to compare.

The figures, each a rate per second of wall-clock time:

``playouts_per_s``
    Random playouts: from a fresh initial state (``game.new_state`` /
    ``game.new_initial_state``), a uniform random legal action each turn until
    the game is over. Every implementation draws its actions from its own
    ``stratagem.engine.Rng`` with the same seed, so the driver code costs the
    same on every side.
``steps_per_s``
    Actions applied per second during those playouts (one step is one
    ``game.apply`` / ``state.apply_action``), including the legal-action
    queries and the random draws between them.
``apply_per_s``
    A new state one action after a fixed mid-game state (tic-tac-toe: four moves
    in, x in the centre, o, x and o in corners, five actions left; connect four:
    eight moves in, every column open; pig: ten steps in, four of them throws of
    the die, the first player on 10 points with a turn total of 5 and the second
    on 3, ``throw`` or ``stop`` to choose), the mid-game state left as it was; its
    legal actions are applied in turn. Stratagem: ``game.apply(state, a)`` with
    its default legality check. OpenSpiel mutates states in place, so the
    equivalent is a copy that then changes: the faster of ``state.child(a)`` and
    ``state.clone()`` followed by ``apply_action(a)``; both are kept in the JSON.
``copy_per_s``
    A copy of that mid-game state. OpenSpiel: ``state.clone()``. Stratagem's
    states are immutable and need no copy to be kept; the figure is the cost of
    ``state._begin()._end()``, the copy-on-write copy that ``apply`` makes before
    it changes anything.
``legal_actions_per_s``
    The legal actions of that mid-game state: ``game.legal_actions(state)`` /
    ``state.legal_actions()``. Stratagem computes a state's legal actions while
    it applies the action that leads to it, so its query only returns them; the
    work shows up in ``apply_per_s`` and ``steps_per_s`` instead.

Method: for each game in turn, a warm-up run of every workload, then ``--repeat``
rounds; in each round every workload of every implementation of that game runs
for ``--seconds`` (implementations interleaved, so drift in the machine's speed
touches all of them alike). Each figure is the median over the rounds. Time is
``time.perf_counter``; the garbage collector runs as usual and is emptied before
each timed run.

The aims, checked on ``playouts_per_s``: tic-tac-toe from its rules file at least
as fast as OpenSpiel's Python one (ratio >= 1); connect four from its rules file
at 10% or more of OpenSpiel's C++ one driven from Python (ratio >= 0.1). Pig is
measured without an aim.

Without OpenSpiel (``pip install -e '.[bench]'``) only Stratagem's figures are
reported.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import importlib.metadata
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import ModuleType
from typing import Any

import stratagem
from stratagem.engine import CHANCE, Game, Rng, State
from stratagem.games.python import tic_tac_toe
from stratagem.provenance import load_average, source_revision

Work = Callable[[int], int]
"""Runs ``n`` units of a workload; returns how many steps it made (``n`` unless a playout)."""

FIGURES: tuple[tuple[str, str], ...] = (
    ("playouts_per_s", "random playouts/s"),
    ("steps_per_s", "steps/s (in playouts)"),
    ("apply_per_s", "apply/s mid-game"),
    ("copy_per_s", "copy/s mid-game"),
    ("legal_actions_per_s", "legal_actions/s mid-game"),
)
SEED = 7
BATCH_SECONDS = 0.005
"""A timed run doubles its batch until a batch takes this long; it reads the clock per batch."""
WARMUP_SECONDS = 0.25


@dataclass(frozen=True)
class Bench:
    """One game to measure: how to reach its mid-game state, its peers and its aim."""

    name: str
    """The game's name in Stratagem and in OpenSpiel."""
    title: str
    mid_game: tuple[int, ...]
    """OpenSpiel action ids leading to the fixed mid-game state (chance outcomes included)."""
    mid_game_actions: int
    """How many legal actions that state has (a check that both sides reached it)."""
    action_text: Callable[[int], str]
    """Stratagem's action text for an OpenSpiel action id."""
    peers: tuple[tuple[str, str, str], ...]
    """OpenSpiel games to measure: (OpenSpiel name, key, label)."""
    aim_peer: str | None
    """The peer the aim is judged against; ``None``: the game has no aim."""
    aim_ratio: float
    aim_text: str
    python_build: Callable[[], Game] | None = None
    """The same game defined in Python, measured as its own subject if given."""
    chance_value: Callable[[int], int] | None = None
    """For a game with dice: the value our roll shows for an OpenSpiel chance outcome.

    Given, the ``stratagem`` subject plays in explicit chance mode, like OpenSpiel,
    and the default sampled mode is measured as the ``stratagem_sampled`` subject.
    """
    random_mid_game: int = 0
    """For a game with no peer: its mid-game state is this many uniformly random
    decisions (drawn from ``Rng(SEED)``) after ``new_state(seed=SEED)``."""


def _python_tic_tac_toe() -> Game:
    return tic_tac_toe.build()


FLOWER_WAR_PATH: tuple[str | int, ...] = (
    "roll_dice", 1, 2,
    "place symbol=uncommon box=activate_elites", "place symbol=common box=activate_warriors",
    "place symbol=common box=activate_warriors", "place symbol=rare box=take_captives",
    "place symbol=uncommon box=jaguar_pounce", "place symbol=common box=obsidian_edge",
    "end_orders")
"""Flower War has no OpenSpiel peer: its mid-game path is written as our own action texts,
with the outcomes of the two chance decisions of the roll (rares, then uncommons)."""


BENCHES: dict[str, Bench] = {
    "tic_tac_toe": Bench(
        "tic_tac_toe", "tic-tac-toe", (4, 0, 8, 2), 5,
        lambda a: f"place cell=({a % 3},{a // 3})",  # OpenSpiel's id is row * 3 + column
        (("python_tic_tac_toe", "openspiel_python", "OpenSpiel py"),
         ("tic_tac_toe", "openspiel_cpp", "OpenSpiel C++")),
        "openspiel_python", 1.0,
        "tic-tac-toe from its rules file at least as fast as OpenSpiel's Python one",
        _python_tic_tac_toe),
    "connect_four": Bench(
        "connect_four", "connect four", (3, 3, 4, 2, 2, 4, 5, 1), 7,
        lambda a: f"drop column={a}",  # OpenSpiel's id is the column
        (("connect_four", "openspiel_cpp", "OpenSpiel C++"),),
        "openspiel_cpp", 0.1,
        "connect four from its rules file at 10% or more of OpenSpiel's C++ one"),
    "pig": Bench(
        # first throws 6 and 4 and stops; second throws 3 and stops; first throws 5
        "pig", "pig", (0, 5, 0, 3, 1, 0, 2, 1, 0, 4), 2,
        lambda a: "throw" if a == 0 else "stop",  # OpenSpiel's roll is 0, stop 1
        (("pig", "openspiel_cpp", "OpenSpiel C++"),),
        None, 0.0, "",
        chance_value=lambda outcome: outcome + 1),  # outcome k: the die shows k + 1
    "flower_war": Bench(
        # The Aztecs roll one rare, two uncommon and three common dice, place them all and
        # end their orders: the mid-game state is their first activation phase.
        "flower_war", "flower war", tuple(range(len(FLOWER_WAR_PATH))), 99,
        lambda i: str(FLOWER_WAR_PATH[i]),
        (), None, 0.0, "",
        chance_value=lambda i: int(FLOWER_WAR_PATH[i])),
}
"""The games with a fixed mid-game path (``--games``); any other bundled game is measured
from a random mid-game (``bench_of``)."""

RANDOM_MID_GAME = 30
"""Random decisions that lead to the mid-game state of a game without a peer."""


def bench_of(name: str) -> Bench:
    """The benchmark of a bundled game: its peers' one, or, for a game OpenSpiel does
    not have, Stratagem alone from a mid-game state reached by random play."""
    if name in BENCHES:
        return BENCHES[name]
    return Bench(name, name.replace("_", " "), (), -1, str, (), None, 0.0, "",
                 random_mid_game=RANDOM_MID_GAME)


DEFAULT_GAMES: tuple[str, ...] = ("tic_tac_toe", "connect_four", "pig")
"""The games measured without ``--games``: the ones with an OpenSpiel peer."""


@dataclass(frozen=True)
class Subject:
    """One implementation of a game and its workloads."""

    key: str
    label: str
    playouts: Work
    apply: Mapping[str, Work]
    """Ways to make the state after one action; the figure is the fastest."""
    copy: Work
    legal_actions: Work

    def workloads(self) -> dict[str, Work]:
        """Every workload by a name unique within the subject."""
        named = {"playouts": self.playouts, "copy": self.copy,
                 "legal_actions": self.legal_actions}
        named.update({f"apply:{variant}": work for variant, work in self.apply.items()})
        return named


# ------------------------------------------------------------------ subjects
def mid_game_state(bench: Bench, game: Game, seed: int, explicit: bool) -> State:
    """Our state after ``bench.mid_game``, in explicit or sampled chance mode.

    The ids are applied in explicit chance mode, where OpenSpiel's chance outcomes
    are chance decisions too. A sampled state replays that game: each action with
    the rolls of the chance decisions that followed it.
    """
    if bench.random_mid_game:
        state = game.new_state(seed=seed, explicit_chance=explicit)
        pick = Rng(seed)
        for _ in range(bench.random_mid_game):
            actions = game.legal_actions(state)
            after = game.apply(state, actions[pick.below(len(actions))])
            if after.decision is None:  # a short game: stop one decision before its end
                break
            state = after
        return state
    state = game.new_state(seed=seed, explicit_chance=True)
    for action_id in bench.mid_game:
        d = state.decision
        assert d is not None, "the mid-game path ends the game"
        if d.kind == "chance":
            if bench.chance_value is None:
                raise RuntimeError(f"{bench.name}: a chance decision but no chance_value")
            text = f"roll value={bench.chance_value(action_id)}"
        else:
            text = bench.action_text(action_id)
        state = game.apply(state, game.parse_action(state, text))
    if explicit:
        return state
    records = state.history
    sampled = game.new_state(seed=seed)
    i = 0
    while i < len(records):
        rolls: list[int] = []
        j = i + 1
        while j < len(records) and records[j].player == CHANCE:
            rolls.append(records[j].action.targets[0][1])
            j += 1
        sampled = game.apply(sampled, records[i].action, rolls=rolls)
        i = j
    return sampled


def stratagem_subject(bench: Bench, game: Game | None = None, key: str = "stratagem",
                      label: str = "stratagem", seed: int = SEED,
                      explicit: bool = False) -> Subject:
    """A Stratagem game (by default the bundled one) through the public forward model.

    ``explicit``: in explicit chance mode, each roll a chance decision (a step).
    """
    if game is None:
        game = stratagem.load(bench.name)
    rng = Rng(seed)

    def playouts(n: int) -> int:
        steps = 0
        for i in range(n):
            state = game.new_state(seed=i, explicit_chance=explicit)
            while state.decision is not None:
                actions = game.legal_actions(state)
                state = game.apply(state, actions[rng.below(len(actions))])
                steps += 1
        return steps

    mid = mid_game_state(bench, game, seed, explicit)
    moves = game.legal_actions(mid)
    k = len(moves)
    if bench.mid_game_actions >= 0 and k != bench.mid_game_actions:
        raise RuntimeError(f"{label}: the mid-game state has {k} legal actions, "
                           f"not {bench.mid_game_actions}")
    if k == 0:
        raise RuntimeError(f"{label}: the mid-game state is already over")

    def apply(n: int) -> int:
        for i in range(n):
            game.apply(mid, moves[i % k])
        return n

    def copy(n: int) -> int:
        for _ in range(n):
            mid._begin()._end()
        return n

    def legal_actions(n: int) -> int:
        for _ in range(n):
            game.legal_actions(mid)
        return n

    return Subject(key, label, playouts, {"apply": apply}, copy, legal_actions)


def openspiel_subject(pyspiel: ModuleType, bench: Bench, game_name: str, key: str, label: str,
                      seed: int = SEED) -> Subject:
    """An OpenSpiel game (Python or C++) driven from Python."""
    game = pyspiel.load_game(game_name)
    rng = Rng(seed)

    def playouts(n: int) -> int:
        steps = 0
        for _ in range(n):
            state = game.new_initial_state()
            while not state.is_terminal():
                actions = state.legal_actions()
                state.apply_action(actions[rng.below(len(actions))])
                steps += 1
        return steps

    mid = game.new_initial_state()
    for action_id in bench.mid_game:
        mid.apply_action(action_id)
    moves = mid.legal_actions()
    k = len(moves)
    if k != bench.mid_game_actions:
        raise RuntimeError(f"{label}: the mid-game state has {k} legal actions, "
                           f"not {bench.mid_game_actions}")

    def apply_child(n: int) -> int:
        for i in range(n):
            mid.child(moves[i % k])
        return n

    def apply_clone(n: int) -> int:
        for i in range(n):
            state = mid.clone()
            state.apply_action(moves[i % k])
        return n

    def copy(n: int) -> int:
        for _ in range(n):
            mid.clone()
        return n

    def legal_actions(n: int) -> int:
        for _ in range(n):
            mid.legal_actions()
        return n

    return Subject(key, label, playouts,
                   {"child": apply_child, "clone+apply_action": apply_clone},
                   copy, legal_actions)


def load_openspiel() -> tuple[ModuleType, str] | None:
    """``pyspiel`` with ``python_tic_tac_toe`` registered, and its version; ``None`` if missing."""
    try:
        pyspiel = importlib.import_module("pyspiel")
        # Importing the module registers "python_tic_tac_toe" with pyspiel.
        importlib.import_module("open_spiel.python.games.tic_tac_toe")
    except ImportError:
        return None
    try:
        version = importlib.metadata.version("open-spiel")
    except importlib.metadata.PackageNotFoundError:
        version = "unknown"
    return pyspiel, version


# ------------------------------------------------------------------- timing
SMOKE_SECONDS = 0.5
"""Timed runs shorter than this are smoke runs (the tests'): no collection before them."""


def timed(work: Work, seconds: float) -> tuple[float, float]:
    """Run ``work`` for about ``seconds``: (units per second, steps per second). A real
    run starts from a collected heap; a smoke run of a fraction of a second skips the
    collection, which in a test process with a large heap takes longer than the run."""
    if seconds >= SMOKE_SECONDS:
        gc.collect()
    units = steps = 0
    batch = 1
    clock = time.perf_counter
    start = clock()
    while True:
        began = clock()
        steps += work(batch)
        units += batch
        now = clock()
        if now - start >= seconds:
            break
        if now - began < BATCH_SECONDS:
            batch *= 2
    elapsed = now - start
    return units / elapsed, steps / elapsed


def measure(subjects: Sequence[Subject], seconds: float,
            repeat: int) -> dict[str, dict[str, Any]]:
    """Every subject's figures: the median over ``repeat`` interleaved rounds."""
    for subject in subjects:
        for work in subject.workloads().values():
            timed(work, min(WARMUP_SECONDS, seconds))
    runs: dict[str, dict[str, list[float]]] = {s.key: {} for s in subjects}
    for _ in range(repeat):
        for subject in subjects:
            record = runs[subject.key]
            for name, work in subject.workloads().items():
                rate, steps = timed(work, seconds)
                record.setdefault(name, []).append(rate)
                if name == "playouts":
                    record.setdefault("steps", []).append(steps)
    return {s.key: _summarise(s, runs[s.key]) for s in subjects}


def _summarise(subject: Subject, runs: dict[str, list[float]]) -> dict[str, Any]:
    median = {name: statistics.median(rates) for name, rates in runs.items()}
    apply_variants = {v: median[f"apply:{v}"] for v in subject.apply}
    rounds = len(runs["playouts"])
    return {
        "label": subject.label,
        "figures": _figures(subject, median),
        "apply_variants": apply_variants,
        "moves_per_playout": statistics.fmean(
            s / p for s, p in zip(runs["steps"], runs["playouts"], strict=True)),
        "rounds": [_figures(subject, {name: rates[i] for name, rates in runs.items()})
                   for i in range(rounds)],
        "runs": runs,
    }


def _figures(subject: Subject, rates: dict[str, float]) -> dict[str, float]:
    """The figures from one rate per workload (the fastest way to apply, for ``apply_per_s``)."""
    return {
        "playouts_per_s": rates["playouts"],
        "steps_per_s": rates["steps"],
        "apply_per_s": max(rates[f"apply:{v}"] for v in subject.apply),
        "copy_per_s": rates["copy"],
        "legal_actions_per_s": rates["legal_actions"],
    }


# ------------------------------------------------------------------ report
def si(value: float) -> str:
    """A rate with three significant digits and a k/M suffix."""
    for limit, suffix in ((1e6, "M"), (1e3, "k")):
        if value >= limit:
            return f"{value / limit:.3g}{suffix}"
    return f"{value:.3g}"


def table(result: dict[str, Any]) -> str:
    """One game's figures as a plain-text table, one column per subject and per ratio."""
    subjects = result["subjects"]
    peers = [key for key in subjects if key != "stratagem"]
    header = ["figure", *(subjects[k]["label"] for k in subjects),
              *(f"stratagem / {subjects[k]['label']}" for k in peers)]
    rows = [header]
    for key, name in FIGURES:
        row = [name, *(si(subjects[k]["figures"][key]) for k in subjects)]
        row += [f"{result['ratios'][p][key]:.3g}x" for p in peers]
        rows.append(row)
    rows.append(["moves per playout (check)",
                 *(f"{subjects[k]['moves_per_playout']:.2f}" for k in subjects),
                 *("" for _ in peers)])
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    lines = ["  ".join(cell.ljust(w) if i == 0 else cell.rjust(w)
                       for i, (cell, w) in enumerate(zip(row, widths, strict=True)))
             for row in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def subjects_of(bench: Bench, pyspiel: ModuleType | None) -> list[Subject]:
    """Every implementation of ``bench``'s game that can be measured here."""
    if bench.chance_value is not None:
        subjects = [stratagem_subject(bench, label="stratagem explicit", explicit=True),
                    stratagem_subject(bench, key="stratagem_sampled", label="stratagem sampled")]
    else:
        subjects = [stratagem_subject(bench, label="stratagem YAML" if bench.python_build
                                      else "stratagem")]
    if bench.python_build is not None:
        subjects.append(stratagem_subject(bench, bench.python_build(), "stratagem_python",
                                          "stratagem Python"))
    if pyspiel is not None:
        subjects.extend(openspiel_subject(pyspiel, bench, name, key, label)
                        for name, key, label in bench.peers)
    return subjects


def measure_game(bench: Bench, pyspiel: ModuleType | None, seconds: float,
                 repeat: int) -> dict[str, Any]:
    """One game's figures, ratios (``stratagem / peer``) and the verdict on its aim."""
    measured = measure(subjects_of(bench, pyspiel), seconds, repeat)
    ours = measured["stratagem"]["figures"]
    peers = {key: result for key, result in measured.items() if key != "stratagem"}
    ratios = {key: {name: ours[name] / result["figures"][name] for name, _ in FIGURES}
              for key, result in peers.items()}
    ratio_ranges = {key: {name: _ratio_range(measured["stratagem"], result, name)
                          for name, _ in FIGURES}
                    for key, result in peers.items()}
    aim: dict[str, Any] = {}
    if bench.aim_peer is not None:
        aim = {"text": bench.aim_text, "figure": "playouts_per_s", "peer": bench.aim_peer,
               "target": bench.aim_ratio}
    if bench.aim_peer is not None and bench.aim_peer in ratios:
        ratio = ratios[bench.aim_peer]["playouts_per_s"]
        aim.update(ratio=ratio, range=ratio_ranges[bench.aim_peer]["playouts_per_s"],
                   met=ratio >= bench.aim_ratio)
    return {"title": bench.title, "subjects": measured, "ratios": ratios,
            "ratio_ranges": ratio_ranges, "aim": aim}


def run(seconds: float, repeat: int, games: Sequence[str] = DEFAULT_GAMES) -> dict[str, Any]:
    """Measure every available implementation of each game; the report as JSON-ready data."""
    openspiel = load_openspiel()
    notes: list[str] = []
    if openspiel is None:
        notes.append("pyspiel is not importable: OpenSpiel's figures are left out "
                     "(install them with: pip install -e '.[bench]')")
    pyspiel = None if openspiel is None else openspiel[0]
    results = {name: measure_game(bench_of(name), pyspiel, seconds, repeat) for name in games}
    return {
        "games": list(games),
        "measured_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "load_average": load_average(),
        "stratagem_version": stratagem.__version__,
        "stratagem_revision": source_revision(),
        "openspiel_version": None if openspiel is None else openspiel[1],
        "seconds": seconds,
        "repeat": repeat,
        "results": results,
        "notes": notes,
    }


def _ratio_range(ours: dict[str, Any], theirs: dict[str, Any], name: str) -> list[float]:
    """The lowest and highest ratio of ``name`` within one round: the run-to-run spread."""
    per_round = [a[name] / b[name] for a, b in zip(ours["rounds"], theirs["rounds"], strict=True)]
    return [min(per_round), max(per_round)]


def _positive(text: str) -> float:
    value = float(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be positive, not {text}")
    return value


def _count(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {text}")
    return value


def _games(text: str) -> list[str]:
    bundled = stratagem.list_games()
    if text.strip() == "all":  # every bundled game: the classics first, then the rest
        return [*BENCHES, *(name for name in bundled if name not in BENCHES)]
    names = [name.strip() for name in text.split(",") if name.strip()]
    unknown = [name for name in names if name not in BENCHES and name not in bundled]
    if unknown or not names:
        raise argparse.ArgumentTypeError(
            f"unknown game {', '.join(unknown) or '(none given)'}; choose from "
            f"{', '.join([*BENCHES, *(n for n in bundled if n not in BENCHES)])}, or all")
    return list(dict.fromkeys(names))


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line; ``--seconds`` defaults to ``$STRATAGEM_BENCH_SECONDS`` or 2."""
    parser = argparse.ArgumentParser(
        description="Stratagem's tic-tac-toe, connect four and pig beside OpenSpiel's.")
    parser.add_argument("--games", type=_games, default=list(DEFAULT_GAMES), metavar="A,B",
                        help="games to measure, comma-separated, or `all` for every bundled "
                             f"game (default: {','.join(DEFAULT_GAMES)}, the games with peers)")
    parser.add_argument("--seconds", type=_positive,
                        default=os.environ.get("STRATAGEM_BENCH_SECONDS", "2.0"),
                        help="length of one timed run (default: $STRATAGEM_BENCH_SECONDS or 2.0)")
    parser.add_argument("--repeat", type=_count, default=5,
                        help="timed runs of each workload; figures are their median (default: 5)")
    parser.add_argument("--json", type=Path, metavar="PATH",
                        help="also write the full report, every run included, to PATH")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark, print the tables, optionally write JSON; the exit status."""
    args = parse_args(argv)
    report = run(args.seconds, args.repeat, args.games)
    openspiel = report["openspiel_version"]
    revision = report["stratagem_revision"]
    print(f"stratagem {report['stratagem_version']}"
          + (f" ({revision})" if revision else "")
          + (f", OpenSpiel {openspiel}" if openspiel else "")
          + f"; {report['python']} on {report['platform']}, {report['cpus']} CPUs")
    print(f"median of {args.repeat} runs of {args.seconds:g} s each; rates per second; "
          "a ratio above 1 means stratagem is faster")
    for result in report["results"].values():
        print(f"\n{result['title']}\n")
        print(table(result))
    for note in report["notes"]:
        print(f"\nnote: {note}")
    for result in report["results"].values():
        aim = result["aim"]
        if "ratio" in aim:
            low, high = aim["range"]
            verdict = "met" if aim["met"] else "not met"
            print(f"\naim ({aim['text']}, random playouts/s ratio >= {aim['target']:g}): "
                  f"{verdict}, ratio {aim['ratio']:.3g} (one round's ratio: {low:.3g} to "
                  f"{high:.3g})")
    if report["load_average"] is not None:
        print(f"\nload average at the end: {', '.join(map(str, report['load_average']))}")
    if args.json is not None:
        args.json.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
        print(f"\nwrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
