"""The files the command line reads and writes: saved states, replays, output paths.

A saved state is the engine's versioned state text with two optional keys added
beside it: ``scenario`` (the scenario the game was started in) and ``rules``
(the resolved path of the rules file, for a game that is not bundled). A replay
records the same two facts in its ``meta``. Files written before these keys
existed still load: a missing key means the bundled game of the recorded name,
without a scenario. ``--rules FILE`` overrides the recorded rules file.

A saved state is checked before it is used: its moves are replayed from the start
of the game, with the dice the game's own generator gives, and the file must hold
exactly the position they reach (``engine.serialize.rederive``); its options are
always the rules' own. A file saved under rules that have changed since is refused
unless ``--force-rules`` asks to replay its moves under the rules as they are now.

Every problem is a ``FileProblem``: a ``click.ClickException`` whose message is
the one error line the command prints.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import click

from ..arena import rules_origin
from ..arena.seeding import new_seed
from ..engine import Game, RulesChangedError, State, StratagemError, UnknownGameError, loads
from ..games import load
from ..rules import RulesError, load_rules


class FileProblem(click.ClickException):
    """A file that cannot be read, written or understood (one error line)."""


def default_seed() -> int:
    """The seed of a game started without `--seed` (``arena.seeding.new_seed``)."""
    try:
        return new_seed()
    except ValueError as exc:
        raise FileProblem(str(exc)) from None


def read_text(file: Path) -> str:
    """A file's text (a leading byte-order mark, as some editors write, is dropped);
    unreadable or non-UTF-8 files are a ``FileProblem``."""
    try:
        return file.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise FileProblem(f"{file}: the file is not UTF-8 text") from None
    except OSError as exc:
        raise FileProblem(f"cannot read {file}: {exc.strerror or exc}") from None


FORCE_RULES_HINT = ("; --force-rules replays its moves under the rules as they are now")


def check_new_output(path: Path, force: bool) -> None:
    """``check_output``, and refuse to replace an existing file unless ``force``."""
    check_output(path)
    if path.exists() and not force:
        raise FileProblem(f"{path} already exists (a game in progress?): give another --out, "
                          "or --force to replace it")


def check_output(path: Path) -> None:
    """Refuse, before any work is done, an output path that cannot be written.

    The path must not be a directory, and its parent must be an existing directory
    this process may write in (the file is written next to it first, then renamed).
    """
    if path.is_dir():
        raise FileProblem(f"cannot write {path}: it is a directory")
    parent = path.parent
    if not parent.exists():
        raise FileProblem(f"cannot write {path}: there is no directory {parent}")
    if not parent.is_dir():
        raise FileProblem(f"cannot write {path}: {parent} is not a directory")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise FileProblem(f"cannot write {path}: permission denied in {parent}")


def check_outputs(*paths: Path | None) -> None:
    """``check_output`` on each path given."""
    for path in paths:
        if path is not None:
            check_output(path)


def write_atomic(path: Path, text: str) -> None:
    """Write a file whole or not at all."""
    tmp = path.with_name(path.name + ".tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(path)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise FileProblem(f"cannot write {path}: {exc.strerror or exc}") from None


def open_game(name: str, scenario: str | None, recorded: object,
              override: Path | None) -> Game:
    """The game a saved file names: from ``override`` (``--rules``) if given, else from the
    rules file it recorded, else the bundled game of that name."""
    path = override
    if path is None and recorded is not None:
        if not isinstance(recorded, str) or not recorded:
            raise FileProblem(f"the recorded rules file is not a path: {recorded!r}")
        path = Path(recorded)
    if path is None:
        try:
            return load(name, scenario)
        except UnknownGameError as exc:
            raise FileProblem(f"{exc}; if its rules are in a file, give it with "
                              "--rules FILE") from None
    if not path.exists():
        if override is not None:
            raise FileProblem(f"no rules file at {path}")
        raise FileProblem(f"the rules file {path} of game '{name}' is missing; give its "
                          "new place with --rules FILE")
    try:
        game = load_rules(path, scenario)
    except RulesError as exc:
        first, *rest = str(exc).splitlines() or ["invalid rules"]
        raise FileProblem(first + (f" (and {len(rest)} more: `stratagem validate {path}` "
                                   "lists them)" if rest else "")) from None
    if game.name != name:
        raise FileProblem(f"{path} holds the rules of game '{game.name}', not '{name}'")
    return game


def save_state(path: Path, state: State) -> None:
    """Write a state with the scenario and rules file its game needs to be opened again."""
    save_text(path, state.game, state.game.serialize(state))


def save_text(path: Path, game: Game, text: str) -> None:
    """Write a serialized state of ``game`` with the scenario and rules file it needs."""
    doc: dict[str, Any] = json.loads(text)
    if game.scenario:
        doc["scenario"] = game.scenario
    origin = rules_origin(game)
    if origin is not None:
        doc["rules"] = origin
    write_atomic(path, json.dumps(doc, separators=(",", ":")))


def read_state(file: Path, rules: Path | None = None, force_rules: bool = False) -> State:
    """A saved state, with its game loaded as ``open_game`` says, checked against its own
    moves (see the module's docstring)."""
    text = read_text(file)
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError):
        doc = None
    if not isinstance(doc, dict) or not isinstance(doc.get("game"), str):
        raise FileProblem(f"{file}: not a saved Stratagem state")
    if doc.get("format") == "stratagem/replay":
        raise FileProblem(f"{file}: a replay (or a game kept by `play --save`), not a saved "
                          f"state: `stratagem replay {file}` checks it, `stratagem play "
                          f"--resume {file}` goes on with a kept game")
    scenario = doc.get("scenario")
    if scenario is not None and not isinstance(scenario, str):
        raise FileProblem(f"{file}: the recorded scenario is not a name: {scenario!r}")
    try:
        game = open_game(doc["game"], scenario or None, doc.get("rules"), rules)
        return loads(game, text, force_rules=force_rules, check_history=True)
    except FileProblem as exc:
        raise FileProblem(f"{file}: {exc.message}") from None
    except RulesChangedError as exc:
        raise FileProblem(f"{file}: {exc}{FORCE_RULES_HINT}") from None
    except StratagemError as exc:
        raise FileProblem(f"{file}: {exc}") from None
