"""Tic-tac-toe, defined in Python for the engine's own tests and benchmarks.

Matches OpenSpiel's ``tic_tac_toe``: x (player 0) moves first; a cell is
``(column, row)``; OpenSpiel's action id is ``row * 3 + column``.
"""

from __future__ import annotations

from stratagem.engine import Ctx, Game, Pos
from stratagem.engine.effects import Spawn
from stratagem.engine.spec import (
    ActionType,
    Board,
    EndRule,
    EntityType,
    Phase,
    Step,
    TargetSpec,
)

CELLS = tuple(Pos(x, y) for y in range(3) for x in range(3))
LINES = tuple(
    [tuple(Pos(x, y) for x in range(3)) for y in range(3)]
    + [tuple(Pos(x, y) for y in range(3)) for x in range(3)]
    + [(Pos(0, 0), Pos(1, 1), Pos(2, 2)), (Pos(2, 0), Pos(1, 1), Pos(0, 2))]
)
MARKS = ("x", "o")


def empty_cells(ctx: Ctx) -> list[Pos]:
    at = ctx.state.at_
    return [c for c in CELLS if c not in at]


def has_line(ctx: Ctx) -> bool:
    s = ctx.state
    at = s.at_
    ents = s.entities_
    p = ctx.player
    for line in LINES:
        for c in line:
            eid = at.get(c)
            if eid is None or ents[eid].owner != p:
                break
        else:
            return True
    return False


def board_full(ctx: Ctx) -> bool:
    return len(ctx.state.at_) == 9


def _mark(ctx: Ctx) -> str:
    return MARKS[ctx.player or 0]


def build() -> Game:
    """The tic-tac-toe game."""
    return Game(
        "tic_tac_toe",
        ("x", "o"),
        description="Three in a row on a 3x3 grid.",
        board=Board(3, 3, ("empty",) * 9, {"empty": {}}),
        entity_types=[EntityType("x", symbol="x"), EntityType("o", symbol="o")],
        action_types=[ActionType(
            "place", "player",
            targets=(TargetSpec("cell", empty_cells, kind="position"),),
            effects=(Spawn(_mark, lambda ctx: ctx.targets["cell"]),),
            text="marks {cell}",
        )],
        phases=[Phase("play", (Step("move", ("place",), max_actions=1),))],
        end_rules=[
            EndRule("win", has_line, "three in a row", who="active"),
            EndRule("draw", board_full, "the board is full"),
        ],
    )
