"""Flower War: movement. A unit moves up to M (6") as the crow flies, to an empty square of
the field's 2-inch grid (even column and row) that is not next to an enemy unit; a move
that starts in, ends in or crosses uneven ground or woods goes at most S (4")."""

from __future__ import annotations

import math

from flower_war_helpers import act, arena, named, options, orders, start, unit

ENEMY_FAR = ("tlaxcaltec_warlord", "tlaxcaltecs", (44, 34))
WARLORD = ("aztec_warlord", "aztecs", (2, 34))


def moves(state, eid: int) -> set[tuple[int, int]]:
    out = set()
    for a in state.decision.actions:
        if a.type == "move" and a.actor == eid:
            p = a.target("to")
            out.add((p.x, p.y))
    return out


def ready(*units):
    game = arena(*units)
    return game, orders(game, start(game), 0, 0, ["common activate_warriors"] * 3)


def test_in_the_open_a_move_reaches_every_grid_square_within_m() -> None:
    """From (8,8) in the open: every even square within 6 inches, the start excluded."""
    game, s = ready(("aztec_warriors", "aztecs", (8, 8)), WARLORD, ENEMY_FAR)
    expected = {(x, y) for x in range(0, 48, 2) for y in range(0, 36, 2)
                if 0 < math.hypot(x - 8, y - 8) <= 6}
    assert moves(s, 1) == expected
    s = act(game, s, "move #1 to=(12,12)")
    assert s.entity(1).pos == (12, 12)
    assert named(s, "activated")[0]["order"] == "move"


def test_crossing_uneven_ground_limits_the_move_to_s() -> None:
    """From (12,18), the fields begin at x 15: (16,18) is 4 inches away and allowed, (18,18)
    is 6 and crosses them; a square 6 inches off in the open is still allowed."""
    _game, s = ready(("aztec_warriors", "aztecs", (12, 18)), WARLORD, ENEMY_FAR)
    m = moves(s, 1)
    assert (16, 18) in m and (18, 18) not in m
    assert (12, 12) in m and (6, 18) in m


def test_a_unit_standing_in_uneven_ground_moves_at_most_s() -> None:
    """From inside the fields every move is at most 4 inches."""
    _game, s = ready(("aztec_warriors", "aztecs", (16, 18)), WARLORD, ENEMY_FAR)
    m = moves(s, 1)
    assert m and max(math.hypot(x - 16, y - 18) for x, y in m) <= 4
    assert (12, 18) in m and (10, 18) not in m


def test_a_move_may_not_end_next_to_an_enemy() -> None:
    """The squares around an enemy unit, diagonals too, are closed to a move."""
    _game, s = ready(("aztec_warriors", "aztecs", (8, 8)), WARLORD,
                    ("tlaxcaltec_warriors", "tlaxcaltecs", (11, 9)), ENEMY_FAR)
    m = moves(s, 1)
    assert (10, 8) not in m and (12, 8) not in m and (10, 10) not in m and (12, 10) not in m
    assert (8, 10) in m and (14, 8) in m


def test_moving_adds_no_fatigue_on_the_first_activation() -> None:
    """One move is one activation: no fatigue."""
    game, s = ready(("aztec_warriors", "aztecs", (8, 8)), WARLORD, ENEMY_FAR)
    s = act(game, s, "move #1 to=(14,8)")
    assert unit(s, 1, "fatigue") == 0 and s.entity(1).pos == (14, 8)
    assert "move #1 to=(20,8)" in options(s)
