"""Driving a game from a test: forced chance outcomes, actions by their text, options."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stratagem.engine import CHANCE, Action, Game, State
from stratagem.engine.spec import Board, Placement
from stratagem.rules import Parts


def roll(game: Game, state: State, *values: int) -> State:
    """Answer the pending chance decisions, one after the other, with these outcomes."""
    for value in values:
        d = state.decision
        assert d is not None and d.kind == "chance" and d.player == CHANCE, d
        state = game.apply(state, Action("roll", None, (("value", value),)))
    return state


def act(game: Game, state: State, text: str) -> State:
    """Apply the legal option with this text form."""
    return game.apply(state, game.parse_action(state, text))


def options(state: State) -> list[str]:
    """The text forms of the options of the state's decision."""
    d = state.decision
    assert d is not None, "the game is over"
    return [str(a) for a in d.actions]


def chance_faces(state: State) -> dict[int, int]:
    """The outcomes of the pending chance decision with their weights."""
    d = state.decision
    assert d is not None and d.kind == "chance" and d.weights is not None, d
    return {a.targets[0][1]: w for a, w in zip(d.actions, d.weights, strict=True)}


def events(state: State, since: int = 0) -> list[tuple[str, dict[str, Any]]]:
    """The narrated events of the history from record ``since`` on."""
    return [(name, dict(fields)) for rec in state.history[since:] for name, fields in rec.events]


def named(state: State, name: str, since: int = 0) -> list[dict[str, Any]]:
    """The fields of each narrated event called ``name``."""
    return [f for n, f in events(state, since) if n == name]


def hp(state: State, eid: int) -> Any:
    """An entity's hit points (it must still be in the game)."""
    return state.entity(eid)["hp"]


def build_placed(parts: Parts, placements: Sequence[Placement], layout: Board | None = None,
                 label: str = "") -> Game:
    """A game of these rules parts with its entities placed as given (and the board
    ``layout`` if given), under a scenario added for the build and taken away after."""
    key = f"test {tuple(placements)!r}{label}"
    parts.placements[key] = tuple(placements)
    if layout is not None:
        parts.layouts[key] = layout
    try:
        return parts.build(key)
    finally:
        del parts.placements[key]
        parts.layouts.pop(key, None)
