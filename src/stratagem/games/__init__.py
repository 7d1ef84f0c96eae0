"""The bundled games, by name: each a folder ``games/<name>/`` with ``rules.yaml``.

The engine's own test games, defined in Python (``games/python/``), are bundled
too where no rules file of the same name exists.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from pathlib import Path

from ..engine import Game, UnknownGameError
from ..rules import load_rules
from .python import duel, high_card

HERE = Path(__file__).parent
_PYTHON_GAMES: dict[str, Callable[[], Game]] = {}


def _python_games() -> dict[str, Callable[[], Game]]:
    if not _PYTHON_GAMES:
        _PYTHON_GAMES.update({"duel": duel.build, "high_card": high_card.build})
    return _PYTHON_GAMES


def _rules_games() -> dict[str, Path]:
    return {p.parent.name: p for p in sorted(HERE.glob("*/rules.yaml"))}


def list_games() -> list[str]:
    """Names of the bundled games."""
    return sorted(set(_rules_games()) | set(_python_games()))


def rules_path(name: str) -> Path | None:
    """The rules file of a bundled game, if it has one."""
    return _rules_games().get(name)


_cache: dict[tuple[str, str | None], Game] = {}


def load(name_or_path: str | Path, scenario: str | None = None) -> Game:
    """A bundled game by name, or the game of a rules file or folder.

    Games are immutable, so one instance per name and scenario is shared.
    """
    name = str(name_or_path)
    key = (name, scenario)
    if key in _cache:
        return _cache[key]
    rules = _rules_games()
    if name in rules:
        game = load_rules(rules[name], scenario)
    elif name in _python_games() and scenario is None:
        game = _python_games()[name]()
    elif Path(name).suffix in (".yaml", ".yml") or Path(name).is_dir():
        path = Path(name)
        if not path.exists():
            raise UnknownGameError(f"no rules file at '{name}'")
        return load_rules(path, scenario)
    else:
        known = list_games()
        close = difflib.get_close_matches(name, known, n=1)
        hint = f" — did you mean '{close[0]}'?" if close else ""
        if name in _python_games():
            raise UnknownGameError(f"game '{name}' has no scenarios")
        raise UnknownGameError(f"unknown game '{name}'{hint} (bundled: {', '.join(known)})")
    _cache[key] = game
    return game
