"""The tactical agent's walking field (``objectives.Field``: how far every square is from
the nearest objective) pays the sides between cells as a unit's walk does: a wall is gone
round, a river costs its points, and a unit across a wall is not reached by standing
beside it."""

from __future__ import annotations

import math

from rules_helpers import build
from stratagem.agents.tactical.objectives import Field
from stratagem.engine import Pos
from test_board_sides_zoc import RULES


def _field(side: str, door: bool = False) -> Field:
    """The field toward blue's guard on (2,1), a side of type ``side`` along the whole edge
    between columns 1 and 2 (with ``door``, a door replacing it on the bottom row)."""
    rules = RULES.replace("SIDE", side)
    if door:
        rules = rules.replace("    river: {cost: 1}\n",
                              "    river: {cost: 1}\n    door: {cost: 0}\n").replace(
            "[2, 2], [2, 3]]}\n",
            "[2, 2], [2, 3]]}\n    - {type: door, between: [1, 3], and: [2, 3]}\n")
    s = build(rules).new_state(seed=1)
    guard = Pos(2, 1)
    return Field(s, {guard: 0.0}, {guard})


def test_a_unit_across_a_wall_is_not_reached_beside_it() -> None:
    shut = _field("wall")
    assert shut(Pos(1, 1)) == math.inf and shut(Pos(0, 1)) == math.inf
    assert shut(Pos(3, 1)) == 0.0


def test_the_walk_goes_round_by_a_door() -> None:
    door = _field("wall", door=True)
    # From (1,2): diagonally to (2,3) past the corner by (1,3) and the door (open that way
    # round), 1 point; up to (2,2), beside the guard, 1 more.
    assert door(Pos(2, 2)) == 0.0
    assert door(Pos(1, 2)) == 2.0
    assert door(Pos(1, 1)) == 3.0


def test_a_river_costs_its_points_on_the_way() -> None:
    river = _field("river")
    assert river(Pos(1, 1)) == 1.0  # beside the guard, across the river: its 1 point
    assert river(Pos(0, 1)) == 2.0
