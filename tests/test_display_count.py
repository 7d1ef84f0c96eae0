"""`display: count`: a unit parameter written on the board after the unit's glyph, at the
terminal and in pictures (a mancala pit's seeds)."""

from __future__ import annotations

import pytest

from stratagem.cli.board import board_grid
from stratagem.rules import RulesError, compile_text
from stratagem.web.board_svg import board_svg

PITS = """\
game: pits
players: [south, north]
board: {size: [3, 1]}
entities:
  pit: {params: {seeds: 0}}
actions:
  pass: {source: player, ends_turn: true}
flow:
  phases: [{name: play, actions: [pass]}]
end: {round_limit: 1}
setup:
  entities:
    - {type: pit, owner: south, at: [0, 0], params: {seeds: 4}}
    - {type: pit, owner: north, at: [2, 0], params: {seeds: 12}}
DISPLAY
"""


def test_the_count_is_written_after_each_units_glyph() -> None:
    game = compile_text(PITS.replace("DISPLAY", "display: {count: seeds}"))
    state = game.new_state(0)
    row = board_grid(game, state).plain.split()
    assert {"ps4", "pn12"} <= {c.lower() for c in row}  # glyph, side mark, count
    svg = board_svg(game, state, 0)
    assert ">p4<" in svg and ">p12<" in svg
    plain = compile_text(PITS.replace("DISPLAY", ""))
    assert ">p<" in board_svg(plain, plain.new_state(0), 0)


def test_the_count_names_a_parameter_of_some_unit() -> None:
    with pytest.raises(RulesError, match="`count`: no entity has a parameter `seed`"):
        compile_text(PITS.replace("DISPLAY", "display: {count: seed}"))
