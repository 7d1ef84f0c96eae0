"""Soak runs: many random games of every bundled game, with the invariants checked at every step.

    python benchmarks/soak.py [--games N] [--only pig,duel] [--modes sampled,explicit]
                              [--first-seed S] [--max-steps M] [--json PATH]

A game may be named with one of its scenarios, ``GAME:SCENARIO`` (``--only
skirmish:ambush``); a plain name plays the game's default set-up. ``--scenarios``
soaks every bundled game in its default set-up and in each of its named scenarios.

Every bundled game (``stratagem.list_games()``), or each set-up, is played
``--games`` times (default ``$STRATAGEM_SOAK_GAMES``, else 10,000) in each chance mode: ``sampled``
(the state's generator rolls the dice) and ``explicit`` (every roll is a chance
decision, answered here by its weights). Game ``i`` of a run starts from
``new_state(first_seed + i)`` and picks its moves with ``Rng(first_seed + i)``,
uniformly among the legal ones, so any failure can be replayed on its own with
``--only GAME --modes MODE --first-seed SEED --games 1``.

Before every step, and on the final state, the state must hold the invariants
the property tests check (``check_state`` of ``tests/conftest.py``, imported
from there, not copied):

- it waits for a decision exactly when it has no outcome; a decision offers at
  least one option, with no repeats, and ``legal_actions`` is that list; chance
  options have positive weights that sum to one; every parameter is within its
  bounds;
- ``deserialize(serialize(state))`` equals the state, serializes to the same
  text and offers the same legal actions;
- ``apply`` leaves its input unchanged: it serializes to the same text, and
  still equals the copy taken before the step.

On the final state (finished or cut off), the checks a saved file passes
(``engine.serialize.rederive``): its seed is found again from its generator,
and its recorded moves, replayed from that seed with the game's own dice, reach
exactly that state.

A game still running after ``--max-steps`` steps is cut off and counted as
unfinished (not as an error). An exception of any kind, a failed check
included, is an error: the game is abandoned, the error counted and the first
few reported with their seed and step; the run goes on with the next game. The
exit status is 1 if there was any error.

Progress goes to stderr (a bar on a terminal, a line per game and mode
otherwise); the summary table (games, steps, steps/s, errors) to stdout. The
rate counts the checks, which cost more than the steps themselves, so it is a
soak's pace, not the engine's speed (see ``bench_engine.py`` for that).
"""

from __future__ import annotations

import argparse
import bisect
import importlib.util
import itertools
import json
import os
import sys
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

import stratagem
from stratagem.engine import Action, Game, Rng, State
from stratagem.engine.serialize import rederive

MODES = ("sampled", "explicit")
DEFAULT_GAMES = 10_000
DEFAULT_MAX_STEPS = 10_000
SHOWN_FAILURES = 3
"""Failures reported in detail per game and mode; the others are only counted."""
CONFTEST = Path(__file__).resolve().parents[1] / "tests" / "conftest.py"


def load_checks() -> ModuleType:
    """The test suite's shared helpers (``tests/conftest.py``), for ``check_state``.

    Under pytest the module is already imported as ``conftest``, and that very
    module is used; a script run loads the file itself. It needs the test
    extras (``pip install -e '.[test]'``).
    """
    loaded = sys.modules.get("conftest")
    if loaded is not None and Path(getattr(loaded, "__file__", "")).resolve() == CONFTEST:
        return loaded
    spec = importlib.util.spec_from_file_location("stratagem_tests_conftest", CONFTEST)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {CONFTEST}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while decorating
    spec.loader.exec_module(module)
    return module


class SoakError(AssertionError):
    """An invariant that failed on a state."""


def require(holds: bool, message: str) -> None:
    """Raise ``SoakError(message)`` unless ``holds`` (asserts would vanish under ``-O``)."""
    if not holds:
        raise SoakError(message)


@dataclass(frozen=True)
class Failure:
    """An error met in one game: where to replay it and what it was."""

    game: str
    mode: str
    seed: int
    step: int
    error: str


@dataclass
class Tally:
    """The soak of one game in one chance mode."""

    game: str
    mode: str
    games: int = 0
    finished: int = 0
    unfinished: int = 0
    steps: int = 0
    seconds: float = 0.0
    errors: int = 0
    failures: list[Failure] = field(default_factory=list)

    @property
    def steps_per_s(self) -> float:
        """Steps per second of wall-clock time, checks included."""
        return self.steps / self.seconds if self.seconds > 0 else 0.0


def pick(state: State, rng: Rng) -> Action:
    """A random option of the state's decision: uniform, or by weight for a chance decision."""
    d = state.decision
    assert d is not None
    if d.kind == "chance" and d.weights is not None:
        r = rng.below(sum(d.weights))
        return d.actions[bisect.bisect_right(list(itertools.accumulate(d.weights)), r)]
    return d.actions[rng.below(len(d.actions))]


class Checker:
    """The per-step checks, with ``check_state`` from the test suite."""

    def __init__(self, check_state: Callable[[Game, State], None]) -> None:
        self.check_state = check_state

    def state(self, game: Game, state: State) -> tuple[str, State]:
        """Check a state and its round trip; its text and a deserialized copy."""
        self.check_state(game, state)
        text = game.serialize(state)
        copy = game.deserialize(text)
        require(copy == state, "deserialize(serialize(state)) differs from the state")
        require(game.serialize(copy) == text, "the copy serializes to another text")
        require(game.legal_actions(copy) == game.legal_actions(state),
                "the copy offers other legal actions")
        return text, copy

    def step(self, game: Game, state: State, action: Action, text: str, copy: State) -> State:
        """Apply ``action`` and check that the input state was left as it was."""
        after = game.apply(state, action)
        require(game.serialize(state) == text, f"apply({action}) changed its input state")
        require(state == copy, f"apply({action}) left a state unequal to its earlier copy")
        return after


class GameFailed(Exception):
    """A game of the soak raised: after how many steps (the error is the cause)."""

    def __init__(self, steps: int) -> None:
        super().__init__(f"failed after {steps} steps")
        self.steps = steps


def soak_game(game: Game, checker: Checker, seed: int, explicit: bool,
              max_steps: int) -> tuple[int, bool]:
    """One random game with every step checked: (steps made, whether it finished).

    Any error is raised again as ``GameFailed`` with the step it happened at.
    """
    state = game.new_state(seed, explicit_chance=explicit)
    rng = Rng(seed)
    steps = 0
    try:
        while True:
            text, copy = checker.state(game, state)
            if state.decision is None or steps >= max_steps:
                require(rederive(state) == state,
                        "the moves do not replay to the final state")
                return steps, state.decision is None
            state = checker.step(game, state, pick(state, rng), text, copy)
            steps += 1
    except Exception as exc:
        raise GameFailed(steps) from exc


def describe(exc: BaseException) -> str:
    """An error in one line: its type, message and the place it was raised."""
    where = traceback.extract_tb(exc.__traceback__)[-1]
    message = " ".join(str(exc).split())
    if len(message) > 300:
        message = message[:300] + " …"
    return f"{type(exc).__name__}: {message} ({Path(where.filename).name}:{where.lineno})"


def soak_mode(name: str, mode: str, games: int, first_seed: int, max_steps: int,
              checker: Checker, advance: Callable[[Tally], None] = lambda tally: None) -> Tally:
    """``games`` random games of one game in one chance mode."""
    base, _, scenario = name.partition(":")
    game = stratagem.load(base, scenario or None)
    tally = Tally(name, mode)
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        try:
            steps, finished = soak_game(game, checker, seed, mode == "explicit", max_steps)
        except GameFailed as failed:
            tally.steps += failed.steps
            tally.errors += 1
            if len(tally.failures) < SHOWN_FAILURES:
                cause = failed.__cause__ or failed
                tally.failures.append(Failure(name, mode, seed, failed.steps, describe(cause)))
        else:
            tally.steps += steps
            tally.finished += finished
            tally.unfinished += not finished
        tally.games += 1
        tally.seconds = time.perf_counter() - start
        advance(tally)
    return tally


def soak(names: Sequence[str], games: int, modes: Sequence[str] = MODES, first_seed: int = 0,
         max_steps: int = DEFAULT_MAX_STEPS, *, console: Console | None = None) -> list[Tally]:
    """Soak every game of ``names`` in every mode of ``modes``; one tally per pair."""
    checker = Checker(load_checks().check_state)
    console = console or Console(stderr=True)
    tallies: list[Tally] = []
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn())
    # Off a terminal (a log file, CI) the bar is replaced by lines: one at every
    # tenth of a long run, so that a soak of many minutes shows it is alive, and
    # one when each game and mode is done.
    every = max(games // 10, 1) if games >= 20 else games

    def line(tally: Tally, done: bool) -> None:
        count = f"{tally.games} games" if done else f"{tally.games}/{games} games so far"
        console.print(f"soak: {tally.game} ({tally.mode}): {count}, {tally.steps} steps, "
                      f"{tally.errors} errors, {tally.seconds:.1f} s", highlight=False)

    with Progress(*columns, console=console, disable=not console.is_terminal) as progress:
        task = progress.add_task("soak", total=len(names) * len(modes) * games)

        def advance(tally: Tally) -> None:
            progress.advance(task)
            if not console.is_terminal and tally.games < games and tally.games % every == 0:
                line(tally, done=False)

        for name in names:
            for mode in modes:
                progress.update(task, description=f"{name} ({mode})")
                tally = soak_mode(name, mode, games, first_seed, max_steps, checker, advance)
                tallies.append(tally)
                if not console.is_terminal:
                    line(tally, done=True)
    return tallies


# ------------------------------------------------------------------ report
def table(tallies: Sequence[Tally]) -> str:
    """The summary as a plain-text table, with a total row."""
    header = ["game", "mode", "games", "finished", "unfinished", "steps", "steps/s", "errors"]
    rows = [header]
    rows.extend([t.game, t.mode, str(t.games), str(t.finished), str(t.unfinished),
                 str(t.steps), f"{t.steps_per_s:,.0f}", str(t.errors)] for t in tallies)
    steps = sum(t.steps for t in tallies)
    seconds = sum(t.seconds for t in tallies)
    rows.append(["total", "", str(sum(t.games for t in tallies)),
                 str(sum(t.finished for t in tallies)), str(sum(t.unfinished for t in tallies)),
                 str(steps), f"{steps / seconds if seconds else 0.0:,.0f}",
                 str(sum(t.errors for t in tallies))])
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    lines = ["  ".join(cell.ljust(w) if i < 2 else cell.rjust(w)
                       for i, (cell, w) in enumerate(zip(row, widths, strict=True)))
             for row in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    lines.insert(len(lines) - 1, lines[1])
    return "\n".join(lines)


def report(tallies: Sequence[Tally], games: int, first_seed: int,
           max_steps: int) -> dict[str, Any]:
    """The run as JSON-ready data."""
    return {
        "games_per_mode": games,
        "first_seed": first_seed,
        "max_steps": max_steps,
        "stratagem_version": stratagem.__version__,
        "results": [{**{k: v for k, v in asdict(t).items() if k != "failures"},
                     "steps_per_s": t.steps_per_s} for t in tallies],
        "failures": [asdict(f) for t in tallies for f in t.failures],
        "errors": sum(t.errors for t in tallies),
    }


# ---------------------------------------------------------------- command line
def _count(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {text}")
    return value


def _names(choices: Sequence[str], what: str) -> Callable[[str], list[str]]:
    def parse(text: str) -> list[str]:
        names = [n.strip() for n in text.split(",") if n.strip()]
        unknown = [n for n in names if n.partition(":")[0] not in choices]
        if unknown or not names:
            raise argparse.ArgumentTypeError(
                f"unknown {what} {', '.join(unknown) or '(none given)'}; choose from "
                f"{', '.join(choices)}")
        return list(dict.fromkeys(names))
    return parse


def every_setup() -> list[str]:
    """Every bundled game, then each of its named scenarios as ``GAME:SCENARIO``."""
    names: list[str] = []
    for name in stratagem.list_games():
        names.append(name)
        names.extend(f"{name}:{s}" for s in stratagem.load(name).scenarios)
    return names


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line; ``--games`` defaults to ``$STRATAGEM_SOAK_GAMES`` or 10,000."""
    bundled = stratagem.list_games()
    parser = argparse.ArgumentParser(
        description="Random games of every bundled game, with the invariants checked "
                    "after every step.")
    parser.add_argument("--games", type=_count,
                        default=os.environ.get("STRATAGEM_SOAK_GAMES", str(DEFAULT_GAMES)),
                        help="games per game and mode (default: $STRATAGEM_SOAK_GAMES or "
                             f"{DEFAULT_GAMES})")
    parser.add_argument("--only", type=_names(bundled, "game"), default=None,
                        metavar="A,B", help="games to soak (default: every bundled game)")
    parser.add_argument("--scenarios", action="store_true",
                        help="soak every bundled game in each of its scenarios too")
    parser.add_argument("--modes", type=_names(MODES, "mode"), default=list(MODES),
                        metavar="M,N", help="chance modes (default: sampled,explicit)")
    parser.add_argument("--first-seed", type=int, default=0,
                        help="seed of the first game; game i uses first-seed + i (default: 0)")
    parser.add_argument("--max-steps", type=_count, default=DEFAULT_MAX_STEPS,
                        help="cut a game off after this many steps (default: "
                             f"{DEFAULT_MAX_STEPS})")
    parser.add_argument("--json", type=Path, metavar="PATH",
                        help="also write the summary and the failures to PATH")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the soak, print the summary table and the failures; 1 if there was any error."""
    if not __debug__:
        print("soak.py: the checks are assert statements; run it without -O",
              file=sys.stderr)
        return 2
    args = parse_args(argv)
    if args.only is None:
        args.only = every_setup() if args.scenarios else list(stratagem.list_games())
    tallies = soak(args.only, args.games, args.modes, args.first_seed, args.max_steps)
    print(f"soak: {args.games} random games of each game in each mode, seeds "
          f"{args.first_seed} to {args.first_seed + args.games - 1}, checked after every step")
    print()
    print(table(tallies))
    errors = sum(t.errors for t in tallies)
    for t in tallies:
        for f in t.failures:
            print(f"\nerror: {f.game} ({f.mode}), seed {f.seed}, step {f.step}: {f.error}\n"
                  f"  replay: python benchmarks/soak.py --only {f.game} --modes {f.mode} "
                  f"--first-seed {f.seed} --games 1")
        if t.errors > len(t.failures):
            print(f"\n… and {t.errors - len(t.failures)} more errors in {t.game} ({t.mode})")
    if args.json is not None:
        data = report(tallies, args.games, args.first_seed, args.max_steps)
        args.json.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        print(f"\nwrote {args.json}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
