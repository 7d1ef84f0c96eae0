"""The terminal board (`cli/board.py`): snapshots of every bundled game's table at the
start and mid-game, and of hex boards in each layout.

The snapshots are plain text with the colour codes stripped (the drawing with colour off,
`board.plain`), kept under tests/boards/. After a deliberate change to the drawing,
refresh them with `STRATAGEM_REFRESH_SNAPSHOTS=1 pytest tests/test_cli_board.py` and
read the diff.
"""

from __future__ import annotations

import copy
import os
from pathlib import Path

import pytest
from rich.console import Console

import stratagem
from rules_helpers import build
from stratagem.cli.board import HIDDEN_CARD, Marks, draw, last_move, plain, tile_glyph
from stratagem.engine import Game, Pos, Rng, State
from stratagem.engine.spec import Board
from test_board_walk import CORRIDOR

HERE = Path(__file__).parent / "boards"
REFRESH = os.environ.get("STRATAGEM_REFRESH_SNAPSHOTS") == "1"
MID = 12
"""Decisions played (each a seeded random pick) before the mid-game snapshot."""


def snapshot(name: str, text: str) -> None:
    """Compare ``text`` with the kept snapshot ``name`` (write it when refreshing)."""
    path = HERE / f"{name}.txt"
    if REFRESH or not path.exists():
        if not REFRESH:
            pytest.fail(f"no snapshot {path.name}: run with STRATAGEM_REFRESH_SNAPSHOTS=1")
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), f"{path.name} differs"


def midgame(game: Game, seed: int = 0) -> tuple[State, Marks]:
    """The state after ``MID`` seeded random decisions, and the last one's marks."""
    rng = Rng(seed)
    state, marks = game.new_state(seed), Marks()
    for _ in range(MID):
        if state.decision is None:
            break
        actions = game.legal_actions(state)
        action = actions[rng.below(len(actions))]
        after = game.apply(state, action)
        marks = last_move(game, state, action, after)
        state = after
    return state, marks


@pytest.mark.parametrize("name", stratagem.list_games())
def test_every_bundled_game_at_the_start_and_mid_game(name: str) -> None:
    """Each game's table as the first seat sees it, at the start and after 12 decisions,
    matches its snapshot."""
    game = stratagem.load(name)
    start = game.new_state(0)
    snapshot(f"{name}-start", plain(game, start.view(0)))
    state, marks = midgame(game)
    snapshot(f"{name}-mid", plain(game, state.view(0), marks))


HEX_RULES = """
game: hexes
players: [red, blue]
board:
  tiles: {".": grass, "f": forest, "~": water, "^": mountain}
  layout: |
    . . f . .
    . ~ ~ . .
    . . ^ f .
    . . . . .
entities:
  knight: {params: {hp: {max: 9}}, symbol: K}
  archer: {params: {hp: {max: 5}}, symbol: A}
actions:
  wait: {effects: []}
flow:
  phases:
    - name: main
      actions: [wait]
setup:
  entities:
    - {type: knight, owner: red, at: [0, 0]}
    - {type: archer, owner: red, at: [1, 1]}
    - {type: knight, owner: blue, at: [4, 3]}
"""


def hex_game(layout: str) -> Game:
    """The hex rules above on a hex ``Board`` of the given layout (the rules compiler's
    hex boards are another piece of work: the board is put in directly)."""
    game = build(HEX_RULES)
    board = game.board
    hexed = copy.copy(game)
    object.__setattr__(hexed, "board", Board(board.width, board.height, board.tiles,
                                             board.tile_types, topology="hex",
                                             hex_layout=layout))
    return hexed


@pytest.mark.parametrize("layout", ["pointy-odd", "pointy-even", "flat-odd", "flat-even",
                                    "pointy-axial", "flat-axial"])
def test_hex_boards_are_drawn_as_hexes(layout: str) -> None:
    """A hex board is drawn with its offset rows (or columns) shifted half a cell, as
    `cell_centre` places them, and matches its snapshot."""
    game = hex_game(layout)
    text = plain(game, game.new_state(0), Marks(Pos(0, 0), Pos(1, 1)))
    snapshot(f"hex-{layout}", text)
    lines = text.splitlines()
    if layout == "pointy-odd":  # row 1 is pushed right of row 0 by half a cell (2 chars)
        assert lines[2].index("·") - lines[1].index("Kr") == 2
        assert lines[2].index("A") - lines[1].index("·") == 2
    if layout.startswith("flat"):
        assert len(lines) > game.board.height + 1  # two lines of text a row


def test_sides_coordinates_terrain_and_the_last_move_read_without_colour() -> None:
    """Without colour the board still tells the sides apart (a side mark on shared unit
    types), numbers its columns and rows as the action texts write them, draws the terrain
    with a legend, and brackets the last move's squares."""
    game = stratagem.load("broken_throne")
    state = game.new_state(0)
    action = game.parse_action(state, "select #1")
    state = game.apply(state, action)
    action = game.parse_action(state, "move #1 to=(3,3)")
    after = game.apply(state, action)
    marks = last_move(game, state, action, after)
    assert marks == Marks(Pos(2, 2), Pos(3, 3))
    text = plain(game, after, marks)
    lines = text.splitlines()
    assert lines[0].split() == [str(x) for x in range(10)]
    assert [line.split()[0] for line in lines[1:9]] == [str(y) for y in range(8)]
    assert "Kr" in text and "Kb" in text
    assert "[Kr]" in lines[1 + 3] and "(· )" in lines[1 + 2]
    assert "Red: Kr knight" in text and "Blue: Kb knight" in text
    assert f"{tile_glyph(game, 'forest')}  forest" in text
    assert "last move: ( ) from (2,2), [ ] to (3,3)" in text
    assert "knight #1" in text and "20/20" in text


def test_hidden_cards_are_drawn_as_backs() -> None:
    """A view's hidden cards are backs, its own are named."""
    game = stratagem.load("high_card")
    view = game.new_state(0).view(0)
    text = plain(game, view)
    south = text[text.index("South"):]
    assert HIDDEN_CARD in south
    assert "card" in text[text.index("North"):text.index("South")]


def test_colours_come_from_the_display_hints() -> None:
    """With colour on, each side's units are in its seat colour."""
    game = stratagem.load("broken_throne")
    console = Console(record=True, width=120, color_system="truecolor", force_terminal=True)
    console.print(draw(game, game.new_state(0)))
    html = console.export_html(inline_styles=True)
    for seat, name in enumerate(game.players):
        assert game.display.player(seat, name).colour in html


def test_the_table_shows_the_tables_zones_and_unseen_cards_as_backs() -> None:
    """A game with card knowledge (Courtiers: a shared deck and discard pile on the table)
    keeps an unseen card in its zone without its face: the terminal table draws it as a
    back, as it draws a hand it may not see, and lists the table's own zones."""
    game = stratagem.load(Path(__file__).parent / "outsider" / "courtiers" / "courtiers.yaml")
    state = game.new_state(1)
    text = plain(game, state.view(0))
    assert "? #" not in text
    assert "Table\n  deck: ▒▒" in text and "  discard: empty" in text
    assert text.count("hand: ▒▒") == len(game.players) - 1


def test_a_stack_shows_its_top_unit_and_count_and_its_units_are_listed() -> None:
    """Two infantry on one hex: the square shows the top one's glyph and the count (`ir2`),
    and the side table lists both, though no unit has health or a parameter to show (it
    was left out then, and the unit under the top one was nowhere)."""
    game = build(CORRIDOR.replace("@BY@", ""), "corridor.yaml")
    text = plain(game, game.new_state(0))
    assert " ir2 " in text
    assert "infantry #2  (2,1)" in text and "infantry #3  (2,1)" in text


def test_default_glyphs_tell_a_marsh_from_a_lake_and_draw_clear_ground_as_open() -> None:
    """A marsh and a lake get glyphs of their own (both were `~`), and a tile called
    `clear` is open ground (`·`), not its first letter."""
    game = build("game: g\nplayers: [a, b]\nboard:\n  tiles: {'.': clear, '~': lake, "
                 "',': marsh}\n  layout: |\n    . ~ ,\nactions: {pass: {ends_turn: true}}\n"
                 "flow:\n  phases: [{name: p, actions: [pass]}]\n",
                 "g.yaml")
    glyphs = [tile_glyph(game, t) for t in ("lake", "marsh", "clear")]
    assert glyphs == ["~", ",", "·"]
