"""Builders shared by the Flower War tests (``tests/test_flower_war_*.py``).

Every test plays the bundled rules (``games/flower_war``) in explicit-chance
mode: each roll surfaces as a chance decision and the test names its outcome.
A test starts one of the game's scenarios or places units on the game's own
48 x 36 field itself (``arena``); the rules are always the bundled ones.

Unit ids follow the order of the placements, from 1; the battle-board boxes
are spawned after them (Aztec boxes first). The Aztecs take the first turn.

The field, by column x and row y: open ground everywhere except woods around
x 20-26, y 5-9 and x 21-27, y 26-30; uneven fields at x 15-19, y 15-21 and
x 29-33, y 14-20; broken ground at x 22-26, y 16-19; marsh at x 3-9, y 29-33
and x 39-45, y 2-6.

The orders roll surfaces as two chance decisions: how many dice show a rare
6, then how many of the rest show an uncommon 4-5 (the others are common).
A re-roll surfaces as one d6.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

import stratagem
from play_helpers import act, build_placed, chance_faces, events, named, options, roll  # noqa: F401 (re-exported)
from stratagem.engine import Game, State
from stratagem.engine.spec import Placement
from stratagem.games import rules_path
from stratagem.rules import Parts, compile_rules

AZTECS, TLAXCALTECS = 0, 1
SIDES = {"aztecs": AZTECS, "tlaxcaltecs": TLAXCALTECS}


@cache
def _parts() -> Parts:
    path = rules_path("flower_war")
    assert path is not None
    return compile_rules(path.parent)


def scenario(name: str | None = None) -> Game:
    """A scenario of the bundled game (the default one without a name)."""
    return stratagem.load("flower_war", name)


def arena(*units: tuple[Any, ...]) -> Game:
    """The bundled rules with these units on the standard field.

    Each unit is ``(type, side, (x, y))`` or ``(type, side, (x, y), {param: value})``.
    """
    parts = _parts()
    placements = tuple(Placement(u[0], SIDES[u[1]], u[2], params=dict(u[3]) if len(u) > 3 else {})
                       for u in units)
    return build_placed(parts, placements)


def start(game: Game, seed: int = 0) -> State:
    """The game in explicit-chance mode, at the Aztecs' first orders."""
    s = game.new_state(seed, explicit_chance=True)
    assert s.decision is not None and s.decision.kind == "action", s.decision
    return s


def orders(game: Game, state: State, rares: int, uncommons: int,
           places: Sequence[str] = (), *, end: bool = True) -> State:
    """Roll the side's dice with this many rares and uncommons (the rest common) and place
    them: each of ``places`` is ``"symbol box"``, as in ``"rare heavy_arrows"``."""
    state = roll(game, act(game, state, "roll_dice"), rares, uncommons)
    for text in places:
        symbol, box = text.split()
        state = act(game, state, f"place symbol={symbol} box={box}")
    if end:
        state = act(game, state, "end_orders")
    return state


def pass_turn(game: Game, state: State) -> State:
    """Give orders with no dice placed (all of them rolled common) and end the turn."""
    s = act(game, state, "roll_dice")
    while s.decision is not None and s.decision.kind == "chance":
        s = roll(game, s, 0)
    s = act(game, s, "end_orders")
    return act(game, s, "end_turn")


def box(state: State, side: int, name: str) -> dict[str, Any]:
    """The parameters of a side's battle-board box."""
    for eid in state.players[side].zones["board"]:
        e = state.entity(eid)
        if e.type == name:
            return {k: e[k] for k in ("common", "uncommon", "rare", "dice", "need", "least")}
    raise KeyError(name)


def player(state: State, side: int, name: str) -> Any:
    return state.players[side].params[name]


def unit(state: State, eid: int, name: str) -> Any:
    return state.entity(eid)[name]
