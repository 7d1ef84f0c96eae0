"""`group(of, joined: …)`: a flood that joins a neighbour only where the pair meets a
condition of both (`via`, the member it is reached from, and `it`), so the roads of a
tile-laying game are found along the edges that match. `where` tests each tile alone and
joined two straight roads side by side (tests/outsider/tiles, finding 2)."""

from __future__ import annotations

import pytest

from rules_helpers import build, problems

# Edges: 0 north, 1 east, 2 south, 3 west; 1 is road, 0 field. `towards(a, b)`: the edge
# of a that faces b (neighbours only, 4 of them).
RULES = """\
game: roads
players: [ann, bob]
board: {size: [4, 2], neighbours: 4}
entities:
  tile:
    params:
      edge: {keys: [0, 1, 2, 3], default: 0, min: 0, max: 1}
define:
  side_to(a, b): "0 if b.y < a.y else (2 if b.y > a.y else (1 if b.x > a.x else 3))"
  road_to(a, b): "a.edge[side_to(a, b)] == 1"
player:
  seen: {min: 0, max: 100}
actions:
  measure:
    effects:
      - set: {what: player.seen, to: "%s"}
    ends_turn: true
flow:
  phases: [{name: turns, actions: [measure]}]
end: {round_limit: 1}
setup:
  entities:
    # a road running east along row 0 over three tiles, a fourth tile beside it whose
    # road runs north-south (its west edge is field), and one below the first, whose
    # north edge is field
    - {type: tile, at: [0, 0], params: {"edge[1]": 1}}
    - {type: tile, at: [1, 0], params: {"edge[1]": 1, "edge[3]": 1}}
    - {type: tile, at: [2, 0], params: {"edge[3]": 1}}
    - {type: tile, at: [3, 0], params: {"edge[0]": 1, "edge[2]": 1}}
    - {type: tile, at: [0, 1], params: {"edge[1]": 1}}
"""


def _seen(expr: str) -> int:
    game = build(RULES % expr)
    state = game.new_state(1)
    state = game.apply(state, game.legal_actions(state)[0])
    return state.players[0].params["seen"]


def test_a_road_is_the_tiles_joined_along_road_edges() -> None:
    first = "entities()[0]"
    assert _seen(f"count(group({first}, joined: road_to(via, it) and road_to(it, via)))") == 3
    # every tile, tested alone: all five touch
    assert _seen(f"count(group({first}, where: it.type == 'tile'))") == 5


def test_joined_and_where_together() -> None:
    first = "entities()[0]"
    assert _seen(f"count(group({first}, where: it.x < 2, "
                 f"joined: road_to(via, it) and road_to(it, via)))") == 2


def test_via_is_named_only_inside_joined() -> None:
    found = problems(RULES % "count(group(entities()[0], where: via.x > 0))")
    assert any("`via`" in p for p in found), found


@pytest.mark.parametrize("expr", ["count(group(entities()[0], joined: via.hp > 0))"])
def test_a_joined_condition_is_checked_at_load(expr: str) -> None:
    found = problems(RULES % expr)
    assert any("hp" in p for p in found), found
