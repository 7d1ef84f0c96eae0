"""Zones of control and the sides between cells: a zone (`stop_near`) stops at a side that
`blocks_zoc` — by default a side no unit crosses (a wall), and any side the rules mark —
so a cell across a wall from an enemy is not in its zone. On a square board a diagonal
neighbour is cut off only when both ways round the corner are shut, as a step is."""

from __future__ import annotations

import pytest

from rules_helpers import build, problems
from stratagem.engine import Pos
from stratagem.engine.geometry import zone_of_control
from stratagem.games.sheet import side_rows

# A square board of 8 neighbours, 5 by 4. A side of type SIDE runs along the whole edge
# between columns 1 and 2; blue's guard stands on (2,1), red's scout on (0,1).
RULES = """\
game: zoc
players: [red, blue]
board:
  size: [5, 4]
  side_types:
    wall: {cost: null}
    river: {cost: 1}
    marked_river: {cost: 1, blocks_zoc: true}
    open_wall: {cost: null, blocks_zoc: false}
    fence: {cost: {scout: 2, other: null}}
  sides:
    - {type: SIDE, between: [[1, 0], [1, 1], [1, 2], [1, 3]], and: [[2, 0], [2, 1], [2, 2], [2, 3]]}
entities:
  scout:
    params: {mp: 4}
    actions: [move]
  guard: {}
actions:
  move:
    targets:
      to: {kind: position, from: "reachable(actor, actor.mp, stop_near: entities(owner: enemy))"}
    effects:
      - move: {to: to}
      - end_turn: {}
flow:
  phases:
    - name: main
      actions: [move]
setup:
  entities:
    - {type: scout, owner: red, at: [0, 1]}
    - {type: guard, owner: blue, at: [2, 1]}
end: {round_limit: 2}
"""

NEAR_SIDE = {Pos(1, 0), Pos(1, 1), Pos(1, 2)}
FAR_SIDE = {Pos(2, 0), Pos(2, 1), Pos(2, 2), Pos(3, 0), Pos(3, 1), Pos(3, 2)}


def _zone(side: str) -> set[Pos]:
    game = build(RULES.replace("SIDE", side))
    return set(zone_of_control(game.new_state(seed=1), [(2, 1)]))


@pytest.mark.parametrize("side", ["wall", "marked_river"])
def test_a_zone_stops_at_a_wall_and_at_a_side_marked_so(side: str) -> None:
    assert _zone(side) == FAR_SIDE


@pytest.mark.parametrize("side", ["river", "open_wall", "fence"])
def test_a_zone_reaches_across_a_side_a_unit_may_cross_or_one_marked_open(side: str) -> None:
    """A river anyone wades, a wall marked `blocks_zoc: false`, and a fence only scouts
    cross (closed to other units is not closed to all) all let the zone through."""
    assert _zone(side) == FAR_SIDE | NEAR_SIDE


def test_a_diagonal_neighbour_is_cut_off_only_where_both_ways_round_are() -> None:
    """A wall along one edge, (1,1)|(2,1) only: the guard's zone still reaches (1,0) and
    (1,2) round the wall's ends, but not (1,1) straight across it."""
    game = build(RULES.replace(
        "    - {type: SIDE, between: [[1, 0], [1, 1], [1, 2], [1, 3]], and: [[2, 0], [2, 1], "
        "[2, 2], [2, 3]]}", "    - {type: wall, between: [1, 1], and: [2, 1]}"))
    zone = set(zone_of_control(game.new_state(seed=1), [(2, 1)]))
    assert zone == FAR_SIDE | {Pos(1, 0), Pos(1, 2)}


def test_the_moves_offered_walk_along_a_marked_river_the_guard_stands_behind() -> None:
    """On a board of four neighbours the scout, on (1,0) with 3 points, walks down column
    1: beside a river the guard's zone reaches (1,1) across it and the walk stops there;
    beside the marked river the walk goes on to (1,2) and (1,3)."""
    def moves(side: str) -> set[Pos]:
        game = build(RULES.replace("SIDE", side).replace(
            "size: [5, 4]", "size: [5, 4]\n  neighbours: 4").replace(
            "{type: scout, owner: red, at: [0, 1]}", "{type: scout, owner: red, at: [1, 0], params: {mp: 3}}"))
        s = game.new_state(seed=1)
        return {a.target("to") for a in game.legal_actions(s)}

    river, marked = moves("river"), moves("marked_river")
    assert Pos(1, 1) in river and Pos(1, 2) not in river
    assert {Pos(1, 1), Pos(1, 2), Pos(1, 3)} <= marked
    assert river - marked == set()


def test_the_rules_sheet_says_what_the_rules_said_of_a_side_and_zones() -> None:
    game = build(RULES.replace("SIDE", "marked_river"))
    assert side_rows(game) == (("marked_river", "+1", "stops zones of control"),)
    game = build(RULES.replace("SIDE", "wall"))
    assert side_rows(game) == (("wall", "no crossing", ""),)


def test_blocks_zoc_is_true_or_false() -> None:
    found = problems(RULES.replace("SIDE", "wall").replace(
        "river: {cost: 1}", "river: {cost: 1, blocks_zoc: sometimes}"))
    assert len(found) == 1 and "blocks_zoc" in found[0], found
