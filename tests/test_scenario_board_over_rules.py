"""A scenario's `board:` is given over the rules' board: a scenario of a smaller hex board
gives only its `size` and keeps the rules' topology and tile types (before, it was played on
a square board without them, and the first `set_tile` failed in play)."""

from __future__ import annotations

import stratagem
from stratagem.rules import Compiler, parse_yaml

RULES = """
game: sizes
players: [red, blue]
board:
  topology: hex
  hex: pointy-axial
  size: [7, 7]
  tiles: {'.': open, 'x': taken}
  tile_types:
    open: {cost: 1}
    taken: {cost: null}
entities:
  stone: {}
actions:
  place:
    targets:
      cell: {kind: position, from: "cells(empty: true)"}
    effects:
      - spawn: {type: stone, at: cell, owner: player}
      - set_tile: {at: cell, to: taken}
    ends_turn: true
flow:
  phases: [{name: play, actions: [place]}]
end: {round_limit: 3}
scenarios:
  small:
    board: {size: [5, 5]}
  drawn:
    board:
      layout: |
        . x .
        . . .
  square:
    board: {topology: square, size: [4, 4]}
"""


def game(scenario: str | None = None) -> stratagem.Game:
    return Compiler(parse_yaml(RULES)).compile().build(scenario)


def test_a_scenario_that_gives_a_size_keeps_the_rules_topology_and_tile_types() -> None:
    base = game().board
    small = game("small").board
    assert (small.width, small.height) == (5, 5)
    assert small.topology == base.topology == "hex"
    assert small.tile_types == base.tile_types
    result = stratagem.play(game("small"), ["random", "random"],
                            seed=1)
    assert result.outcome is not None


def test_a_layout_replaces_the_rules_size_and_reads_the_rules_symbols() -> None:
    drawn = game("drawn").board
    assert (drawn.width, drawn.height) == (3, 2)
    assert drawn.topology == "hex"
    assert drawn.tiles[1] == "taken"


def test_a_key_the_scenario_gives_replaces_the_rules() -> None:
    square = game("square").board
    assert square.topology == "square"
    assert (square.width, square.height) == (4, 4)
