"""`positions(center: LIST)`: the positions around any of several entities or positions,
each once, row by row — the frontier of a tile-laying game costs what its tiles do, not a
scan of the whole board (tests/outsider/tiles, finding 4)."""

from __future__ import annotations

from rules_helpers import build

RULES = """\
game: around
players: [ann, bob]
board: {size: [6, 5], neighbours: 4}
entities:
  tile: {}
actions:
  lay:
    targets:
      at: {kind: position, from: "%s"}
    effects: [{spawn: {type: tile, at: at}}]
    ends_turn: true
flow:
  phases: [{name: main, actions: [lay]}]
end: {round_limit: 2}
setup:
  entities:
    - {type: tile, owner: ann, at: [1, 1]}
    - {type: tile, owner: ann, at: [2, 1]}
    - {type: tile, owner: bob, at: [4, 3]}
"""


def _options(expr: str) -> list[str]:
    game = build(RULES % expr)
    state = game.new_state(1)
    return [str(dict(a.targets)["at"]) for a in game.legal_actions(state)]


def test_the_free_squares_beside_every_tile_each_once_row_by_row() -> None:
    got = _options("positions(shape: cross, center: entities(type: tile), radius: 1, "
                   "empty: true)")
    assert got == ["(1,0)", "(2,0)", "(0,1)", "(3,1)", "(1,2)", "(2,2)", "(4,2)",
                   "(3,3)", "(5,3)", "(4,4)"]


def test_a_list_of_positions_and_a_where() -> None:
    got = _options("positions(shape: square, center: [(0, 0), (5, 4)], radius: 1, "
                   "empty: true, where: it.x != 5)")
    assert got == ["(0,0)", "(1,0)", "(0,1)", "(4,4)"]  # (1,1) and (4,3) are taken


def test_no_centers_no_positions() -> None:
    game = build(RULES % "positions(shape: cross, center: entities(where: it.x > 10), "
                         "radius: 1)")
    state = game.new_state(1)
    assert state.outcome is not None or game.legal_actions(state) == []
