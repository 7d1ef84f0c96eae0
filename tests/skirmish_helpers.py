"""Builders shared by the Skirmish tests (``tests/test_skirmish_*.py``).

Every test plays the bundled rules (``games/skirmish``) in explicit-chance mode:
each roll surfaces as a chance decision and the test names the face. A test
either starts one of the game's scenarios or places creatures on one of the
scenario boards itself (``arena``); the rules are always the bundled ones.

Ids follow the order of the placements, from 1. Setup rolls one d20 of
initiative per creature, in id order; ``start`` answers them.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

import stratagem
from play_helpers import act, build_placed, chance_faces, events, hp, named, options, roll  # noqa: F401 (re-exported)
from stratagem.engine import Game, Pos, State
from stratagem.engine.spec import Placement
from stratagem.games import rules_path
from stratagem.rules import Parts, compile_rules

HEROES, MONSTERS = 0, 1
SIDES = {"heroes": HEROES, "monsters": MONSTERS}


@cache
def _parts() -> Parts:
    path = rules_path("skirmish")
    assert path is not None
    return compile_rules(path.parent)


def scenario(name: str) -> Game:
    """A scenario of the bundled game."""
    return stratagem.load("skirmish", name)


def arena(*creatures: tuple[Any, ...], board: str = "duel") -> Game:
    """The bundled rules with these creatures on a scenario's board.

    Each creature is ``(type, side, (x, y))`` or ``(type, side, (x, y), {param: value})``.
    """
    parts = _parts()
    placements = tuple(Placement(c[0], SIDES[c[1]], c[2], params=dict(c[3]) if len(c) > 3 else {})
                       for c in creatures)
    return build_placed(parts, placements, parts.layouts[board], f" on {board}")


def start(game: Game, initiative: Sequence[int], seed: int = 0) -> State:
    """The game in explicit-chance mode with each creature's initiative d20 forced (in id order)."""
    s = game.new_state(seed, explicit_chance=True)
    for value in initiative:
        s = roll(game, s, value)
    assert s.decision is not None and s.decision.kind == "action", s.decision
    return s


def acting(state: State) -> int | None:
    """The creature whose action (or reaction) the state waits for."""
    d = state.decision
    assert d is not None
    return d.actor


def at(state: State, eid: int) -> Pos | None:
    return state.entity(eid).pos


def end_turn(game: Game, state: State) -> State:
    """End the acting creature's turn."""
    eid = acting(state)
    return act(game, state, f"end_turn #{eid}")
