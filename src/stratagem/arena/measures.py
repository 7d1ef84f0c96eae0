"""A designer's own measures of a game: what `evaluate-program --measure` and
`arena --measure` count.

A measure is written ``NAME=ACTION:TEST`` or ``NAME=EXPR``:

- ``NAME=ACTION:TEST`` is read after each ``ACTION`` a player takes: how many times
  ``TEST`` held, of how many such actions (``bust=throw:player.stage != 1``); the
  action's targets are named by their names (``high=bid:amount >= 4``);
- ``NAME=EXPR`` is read once per player when the game ends: its value, a number (true
  counts 1, false 0), such as ``turns=player.turns``.

Expressions are the programs' (``agents.program.parse_condition``): ``player`` is the
player who acted, or whose value is read. They are compiled once, against the game, and
only read states: a measure changes nothing in a game.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..agents.program import parse_condition
from ..agents.program.model import Expr
from ..engine import Action, Ctx, Game, State, StratagemError

SHAPE = ("write NAME=ACTION:TEST (counted after each ACTION a player takes) or NAME=EXPR "
         "(read for each player at the game's end)")
_ACTION = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


class MeasureError(StratagemError):
    """A measure that cannot be read: its shape, its action, or its value."""


@dataclass(frozen=True)
class MeasureSpec:
    """One measure, compiled against its game."""

    name: str
    action: str | None
    """The action it is read after; ``None``: read at the game's end."""
    test: Expr
    spec: str
    """The measure as written (``NAME=ACTION:TEST``)."""

    @property
    def expression(self) -> str:
        return self.test.text

    def holds(self, state: State, player: int, action: Action | None = None) -> bool:
        """Whether the test holds for ``player`` in ``state``, the targets ``action`` chose
        (after which it is read) named by their names."""
        return held_after(self.test, state, player, action)

    def value(self, state: State, player: int) -> float:
        """The expression's value for ``player`` in ``state``, as a number."""
        got = self.test.fn(Ctx(state, player))
        if isinstance(got, bool | int | float):
            return float(got)
        kind = "none" if got is None else type(got).__name__
        raise MeasureError(f"--measure {self.name}: `{self.test.text}` gave {kind} "
                           f"({got!r}), not a number or true/false")


def held_after(test: Expr, state: State, player: int, action: Action | None = None) -> bool:
    """Whether an action measure's ``test`` holds for ``player`` in ``state``, read just
    after ``action``: its actor as ``actor`` and its targets by their names."""
    if action is None:
        return bool(test.fn(Ctx(state, player)))
    return bool(test.fn(Ctx(state, player, action.actor, dict(action.targets))))


def split_measure(spec: str, *, at_end: bool = True) -> tuple[str, str | None, str]:
    """A measure's name, action (``None``: read at the end) and expression, as written;
    ``MeasureError`` if it has neither shape (``SHAPE``; without ``at_end``, only
    ``NAME=ACTION:EXPR`` is one)."""
    name, eq, rest = spec.partition("=")
    name, rest = name.strip(), rest.strip()
    shape = SHAPE if at_end else "write NAME=ACTION:EXPR"
    if not (eq and name and rest):
        raise MeasureError(f"--measure '{spec}': {shape}")
    head, colon, tail = rest.partition(":")
    if colon and _ACTION.fullmatch(head.strip()):
        # An expression never starts with `name:` (a keyword is written inside a call),
        # so this is an action and the test after it.
        if not tail.strip():
            raise MeasureError(f"--measure '{spec}': {shape}")
        return name, head.strip(), tail.strip()
    if not at_end:
        raise MeasureError(f"--measure '{spec}': {shape}")
    return name, None, rest


def parse_measure(spec: str, game: Any, *, at_end: bool = True) -> MeasureSpec:
    """Read ``NAME=ACTION:TEST`` (or, with ``at_end``, ``NAME=EXPR``) and compile it
    against ``game``; ``MeasureError`` (or the compiler's ``RulesError``, at
    ``--measure NAME:line:column``) if it cannot be."""
    name, action, expression = split_measure(spec, at_end=at_end)
    if not isinstance(game, Game):
        raise MeasureError(f"--measure '{spec}': measures read a game's rules, and "
                           f"{game.name} is not written as rules")
    if action is not None and action not in game.action_types:
        known = ", ".join(sorted(game.action_types))
        raise MeasureError(f"--measure '{spec}': {game.name} has no action '{action}' "
                           f"(its actions: {known})")
    targets = game.action_types[action].targets if action is not None else ()
    return MeasureSpec(name, action, parse_condition(expression, game, f"--measure {name}",
                                                     targets), spec)


def check_measures(specs: Sequence[MeasureSpec]) -> None:
    """``MeasureError`` when two measures share a name."""
    seen: set[str] = set()
    for m in specs:
        if m.name in seen:
            raise MeasureError(f"two measures are named '{m.name}': give each its own name")
        seen.add(m.name)


class Measurer:
    """Counts a tournament's measures through one game, for every seat: an ``on_step``
    hook (``arena.match``), then ``finish`` with the final state."""

    def __init__(self, specs: Sequence[MeasureSpec], players: int) -> None:
        self.specs = tuple(specs)
        self.players = players
        self.times = {m.name: [0] * players for m in self.specs if m.action is not None}
        self.held = {m.name: [0] * players for m in self.specs if m.action is not None}

    def __bool__(self) -> bool:
        return bool(self.specs)

    def __call__(self, before: State, player: int, action: Action, why: str,
                 after: State) -> None:
        if not 0 <= player < self.players:
            return
        for m in self.specs:
            if m.action == action.type:
                self.times[m.name][player] += 1
                self.held[m.name][player] += m.holds(after, player, action)

    def finish(self, final: State) -> dict[str, dict[str, list[float]]]:
        """Every measure of the game, per seat: ``times`` and ``held`` for a measure read
        after an action, ``value`` for one read at the end."""
        out: dict[str, dict[str, list[float]]] = {}
        for m in self.specs:
            if m.action is None:
                out[m.name] = {"value": [m.value(final, p) for p in range(self.players)]}
            else:
                out[m.name] = {"times": [float(x) for x in self.times[m.name]],
                               "held": [float(x) for x in self.held[m.name]]}
        return out


__all__ = ["SHAPE", "MeasureError", "MeasureSpec", "Measurer", "check_measures",
           "held_after", "parse_measure", "split_measure"]
