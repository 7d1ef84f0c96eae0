"""Soak runs: many random games of every bundled game, with the invariants checked at every step.

    python benchmarks/soak.py [--games N] [--only pig,duel] [--modes sampled,explicit]
                              [--first-seed S] [--max-steps M] [--json PATH]
                              [--workers W] [--ledger PATH]

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
  text and offers the same legal actions (the state without its history: the
  history's text grows with the game, and checking it whole at every step made a
  long game's checks cost the square of its length);
- ``apply`` leaves its input unchanged: it serializes to the same text, still
  equals the copy taken before the step, and keeps the very history it had (a
  chain of records the engine never changes).

On the final state (finished or cut off), the round trip with the whole history,
and the checks a saved file passes (``engine.serialize.rederive``): its seed is
found again from its generator, and its recorded moves, replayed from that seed
with the game's own dice, reach exactly that state.

A game still running after ``--max-steps`` steps is cut off and counted as
unfinished (not as an error). An exception of any kind, a failed check
included, is an error: the game is abandoned, the error counted and the first
few reported with their seed and step; the run goes on with the next game. The
exit status is 1 if there was any error.

``--workers W`` plays chunks of consecutive seeds (at most 50) on W processes.
``--ledger PATH`` appends each finished chunk to PATH as it ends (one JSON record a
line, pushed to the disk) and plays only the seeds PATH does not hold yet: a run
stopped by Ctrl-C keeps every chunk it finished, and the same command goes on from
there, so 10,000 games of every set-up can be played in as many sittings as the
machine has time for; the table is then the ledger's whole count.

Progress goes to stderr (a bar on a terminal, a line per game and mode
otherwise); the summary table (games, steps, steps/s, errors) to stdout. The
rate counts the checks, which cost more than the steps themselves, so it is a
soak's pace, not the engine's speed (see ``bench_engine.py`` for that).
"""

from __future__ import annotations

import argparse
import bisect
import copy
import functools
import importlib.util
import itertools
import json
import multiprocessing
import os
import signal
import subprocess
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
from stratagem.arena.runner import die_with_parent
from stratagem.engine import Action, Game, Rng, State
from stratagem.engine.serialize import rederive

MODES = ("sampled", "explicit")
DEFAULT_GAMES = 10_000
DEFAULT_MAX_STEPS = 10_000
CHUNK = 50
"""Most seeds in one chunk: what a Ctrl-C can lose of a run that keeps a ledger."""
SHOWN_FAILURES = 3
"""Failures reported in detail per game and mode; the others are only counted."""
HERE = Path(__file__).resolve().parent
CONFTEST = HERE.parent / "tests" / "conftest.py"


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
    first_seed: int = 0
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


def without_log(state: State) -> State:
    """``state`` with no history: what a step's round trip checks, at a cost that does not grow
    with the length of the game (the history is checked whole on the final state)."""
    bare = copy.copy(state)
    bare.log = None
    bare._hash = None
    return bare


class Checker:
    """The per-step checks, with ``check_state`` from the test suite.

    Every step checks the state's round trip without its history, whose text grows with the
    game (checked whole each step, a game of n steps costs n² to check); the history is
    append-only, a chain of records the engine never changes, so a step checks it is the very
    chain it was, and the final state's round trip, history included, checks every record.
    """

    def __init__(self, check_state: Callable[[Game, State], None]) -> None:
        self.check_state = check_state

    def state(self, game: Game, state: State) -> tuple[str, State]:
        """Check a state and its round trip; its text and a deserialized copy (no history)."""
        self.check_state(game, state)
        bare = without_log(state)
        text = game.serialize(bare)
        twin = game.deserialize(text)
        require(twin == bare, "deserialize(serialize(state)) differs from the state")
        require(game.serialize(twin) == text, "the copy serializes to another text")
        require(game.legal_actions(twin) == game.legal_actions(state),
                "the copy offers other legal actions")
        return text, twin

    def final(self, game: Game, state: State) -> None:
        """The whole round trip of the final state, history included, and its replay."""
        text = game.serialize(state)
        twin = game.deserialize(text)
        require(twin == state, "deserialize(serialize(state)) differs from the final state")
        require(game.serialize(twin) == text, "the final state's copy serializes to another text")
        require(rederive(state) == state, "the moves do not replay to the final state")

    def step(self, game: Game, state: State, action: Action, text: str, twin: State) -> State:
        """Apply ``action`` and check that the input state was left as it was."""
        log = state.log
        after = game.apply(state, action)
        bare = without_log(state)
        require(game.serialize(bare) == text and state.log is log,
                f"apply({action}) changed its input state")
        require(bare == twin, f"apply({action}) left a state unequal to its earlier copy")
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
            text, twin = checker.state(game, state)
            if state.decision is None or steps >= max_steps:
                checker.final(game, state)
                return steps, state.decision is None
            state = checker.step(game, state, pick(state, rng), text, twin)
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


@functools.lru_cache(maxsize=4)
def setup(name: str) -> Game:
    """The compiled game of a set-up name (``GAME`` or ``GAME:SCENARIO``), compiled once per
    process: a chunk of a long run must not pay for compiling its rules again."""
    base, _, scenario = name.partition(":")
    return stratagem.load(base, scenario or None)


def soak_mode(name: str, mode: str, games: int, first_seed: int, max_steps: int,
              checker: Checker, advance: Callable[[Tally], None] = lambda tally: None) -> Tally:
    """``games`` random games of one game in one chance mode."""
    game = setup(name)
    tally = Tally(name, mode, first_seed=first_seed)
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
         max_steps: int = DEFAULT_MAX_STEPS, *, console: Console | None = None,
         workers: int = 1, ledger: Ledger | None = None) -> list[Tally]:
    """Soak every game of ``names`` in every mode of ``modes``; one tally per pair.

    With ``workers`` above 1 or a ``ledger``, the games are played in chunks of seeds
    (``soak_chunks``); otherwise one after the other in this process.
    """
    if workers > 1 or ledger is not None:
        return soak_chunks(names, games, modes, first_seed, max_steps, console=console,
                           workers=workers, ledger=ledger)
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




# ------------------------------------------------------------- chunks, workers, ledger
@dataclass(frozen=True)
class Chunk:
    """Consecutive seeds of one set-up in one mode: the unit of work a worker plays and the
    ledger records."""

    game: str
    mode: str
    first_seed: int
    games: int


def merge(tallies: Sequence[Tally], game: str, mode: str) -> Tally:
    """The tallies of one set-up and mode added up (seconds too: worker seconds)."""
    total = Tally(game, mode, first_seed=min((t.first_seed for t in tallies), default=0))
    for t in tallies:
        total.games += t.games
        total.finished += t.finished
        total.unfinished += t.unfinished
        total.steps += t.steps
        total.seconds += t.seconds
        total.errors += t.errors
        total.failures.extend(t.failures[:max(SHOWN_FAILURES - len(total.failures), 0)])
    return total


def plan(names: Sequence[str], modes: Sequence[str], games: int, first_seed: int, size: int,
         done: dict[tuple[str, str], set[int]]) -> list[Chunk]:
    """The chunks of at most ``size`` seeds that cover seeds ``first_seed`` onward, ``games``
    of them for each set-up and mode, leaving out the seeds in ``done``."""
    chunks: list[Chunk] = []
    for name in names:
        for mode in modes:
            skip = done.get((name, mode), set())
            run: list[int] = []
            for seed in range(first_seed, first_seed + games):
                if seed in skip:
                    continue
                if run and (seed != run[-1] + 1 or len(run) == size):
                    chunks.append(Chunk(name, mode, run[0], len(run)))
                    run = []
                run.append(seed)
            if run:
                chunks.append(Chunk(name, mode, run[0], len(run)))
    return chunks


_CHECKER: Checker | None = None


def play_chunk(chunk: Chunk, max_steps: int) -> Tally:
    """Play one chunk with every check (in a worker process, or in this one)."""
    global _CHECKER  # noqa: PLW0603 - one checker per process, made on first use
    if _CHECKER is None:
        _CHECKER = Checker(load_checks().check_state)
    return soak_mode(chunk.game, chunk.mode, chunk.games, chunk.first_seed, max_steps, _CHECKER)


def _worker_start(parent: int) -> None:
    """A worker ignores Ctrl-C (its parent stops the run and keeps what is done) and dies
    with its parent however that one ends."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    die_with_parent(parent)


@functools.lru_cache(maxsize=1)
def _commit() -> str:
    """The checkout's commit, for the ledger ("" outside a git checkout)."""
    try:
        done = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=HERE,
                              capture_output=True, text=True, timeout=10, check=False)
    except (OSError, subprocess.SubprocessError):
        return ""
    return done.stdout.strip() if done.returncode == 0 else ""


class LedgerError(Exception):
    """A ledger file that is not one this script wrote."""


class Ledger:
    """A file of finished chunks, one JSON record a line, appended as each chunk ends: a run
    stopped by Ctrl-C, a crash or the end of a session keeps every chunk it finished, and the
    same command run again plays only the seeds the ledger does not hold yet. So a soak of
    10,000 games of every set-up can be made in as many sittings as the machine allows."""

    FIELDS = ("game", "mode", "first_seed", "games", "finished", "unfinished", "steps",
              "seconds", "errors")

    def __init__(self, path: Path) -> None:
        self.path = path

    def records(self) -> list[dict[str, Any]]:
        """Every chunk recorded so far (none when the file does not exist)."""
        if not self.path.exists():
            return []
        records = []
        with self.path.open(encoding="utf-8") as lines:
            for number, line in enumerate(lines, 1):
                if not line.strip():
                    continue
                try:
                    record = json.loads(line)
                    if not isinstance(record, dict) or any(f not in record for f in self.FIELDS):
                        raise ValueError("a field is missing")
                except ValueError as exc:
                    raise LedgerError(f"{self.path}:{number}: not a soak ledger record "
                                      f"({exc})") from None
                records.append(record)
        return records

    def covered(self) -> dict[tuple[str, str], set[int]]:
        """The seeds already played, by set-up and mode."""
        seeds: dict[tuple[str, str], set[int]] = {}
        for r in self.records():
            seeds.setdefault((r["game"], r["mode"]), set()).update(
                range(r["first_seed"], r["first_seed"] + r["games"]))
        return seeds

    def add(self, tally: Tally) -> None:
        """Append a finished chunk and push it to the disk before going on."""
        record = {f: getattr(tally, f) for f in self.FIELDS}
        record["failures"] = [asdict(f) for f in tally.failures]
        record["version"] = stratagem.__version__
        record["commit"] = _commit()
        record["date"] = time.strftime("%Y-%m-%d %H:%M:%S")
        with self.path.open("a", encoding="utf-8") as out:
            out.write(json.dumps(record) + "\n")
            out.flush()
            os.fsync(out.fileno())

    def totals(self, names: Sequence[str], modes: Sequence[str]) -> list[Tally]:
        """What the ledger holds for each set-up and mode asked for."""
        by_pair: dict[tuple[str, str], list[Tally]] = {}
        for r in self.records():
            t = Tally(**{f: r[f] for f in self.FIELDS})
            t.failures = [Failure(**f) for f in r.get("failures", [])]
            by_pair.setdefault((r["game"], r["mode"]), []).append(t)
        return [merge(by_pair.get((n, m), []), n, m) for n in names for m in modes]


def soak_chunks(names: Sequence[str], games: int, modes: Sequence[str], first_seed: int,
                max_steps: int, *, console: Console | None = None, workers: int = 1,
                ledger: Ledger | None = None) -> list[Tally]:
    """The soak in chunks of seeds, on ``workers`` processes, each finished chunk added to the
    ``ledger`` at once; the tallies of the chunks this run played, by set-up and mode."""
    console = console or Console(stderr=True)
    done = ledger.covered() if ledger is not None else {}
    size = max(1, min(CHUNK, -(-games // (4 * workers))))
    chunks = plan(names, modes, games, first_seed, size, done)
    results: dict[tuple[str, str], list[Tally]] = {}
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn())

    def finished(tally: Tally) -> None:
        results.setdefault((tally.game, tally.mode), []).append(tally)
        if ledger is not None:
            ledger.add(tally)
        progress.advance(task, tally.games)
        if not console.is_terminal:
            last = tally.first_seed + tally.games - 1
            console.print(f"soak: {tally.game} ({tally.mode}) seeds {tally.first_seed}-{last}: "
                          f"{tally.steps} steps, {tally.errors} errors, {tally.seconds:.1f} s",
                          highlight=False)

    with Progress(*columns, console=console, disable=not console.is_terminal) as progress:
        task = progress.add_task(f"soak on {workers} worker(s)",
                                 total=sum(c.games for c in chunks))
        if workers == 1:
            for chunk in chunks:
                finished(play_chunk(chunk, max_steps))
        else:
            pool = multiprocessing.Pool(workers, initializer=_worker_start,
                                        initargs=(os.getpid(),))
            try:
                for tally in pool.imap_unordered(functools.partial(play_chunk,
                                                                   max_steps=max_steps),
                                                 chunks):
                    finished(tally)
                pool.close()
            finally:
                pool.terminate()  # on Ctrl-C too: the chunks still running are dropped
                pool.join()
    return [merge(results.get((n, m), []), n, m) for n in names for m in modes]


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
    parser.add_argument("--workers", type=_count, default=1,
                        help="worker processes playing chunks of seeds side by side "
                             "(default: 1)")
    parser.add_argument("--ledger", type=Path, metavar="PATH",
                        help="append each finished chunk to PATH and play only the seeds "
                             "it does not hold yet: run the same command again to go on "
                             "where a stopped run ended; the table is then the ledger's")
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
    ledger = Ledger(args.ledger) if args.ledger is not None else None
    start = time.perf_counter()
    try:
        tallies = soak(args.only, args.games, args.modes, args.first_seed, args.max_steps,
                       workers=args.workers, ledger=ledger)
        if ledger is not None:
            tallies = ledger.totals(args.only, args.modes)
    except LedgerError as exc:
        print(f"soak.py: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        kept = (f"{args.ledger} holds {len(ledger.records())} finished chunks; the same "
                "command goes on from there" if ledger is not None
                else "nothing was kept (--ledger keeps finished chunks)")
        print(f"\nsoak.py: stopped; {kept}", file=sys.stderr)
        return 130
    wall = time.perf_counter() - start
    whose = f"the ledger {args.ledger} holds" if ledger is not None else "played"
    print(f"soak: {whose} up to {args.games} random games of each game in each mode, seeds "
          f"{args.first_seed} to {args.first_seed + args.games - 1}, checked after every "
          f"step; this run took {wall:.0f} s on {args.workers} worker(s)")
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
