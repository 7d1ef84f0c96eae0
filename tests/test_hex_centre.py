"""`east(p)` and `south(p)`: where a cell's centre is drawn, in whole steps, so that "the
hex farthest east" is exact on a hex map, where `x` is the column as the map is written
(the chit-pull writer's finding 10: `most: dest.x` tied two hexes half a hex apart)."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

import stratagem
from rules_helpers import build
from stratagem.engine import Ctx, Pos, cell_centre, hexes
from stratagem.rules.library import FUNCTIONS

CHITS = Path(__file__).parent / "outsider" / "chits"

BOARD = """\
game: g
players: [a, b]
board: {size: [6, 5], topology: hex, hex: LAYOUT}
actions: {go: {ends_turn: true}}
flow: {phases: [{name: p, actions: [go]}]}
end: {round_limit: 1}
"""


def drawn(game, pos: tuple[int, int]) -> tuple[object, object]:  # type: ignore[no-untyped-def]
    """`east` and `south` of a position, as the rules read them."""
    ctx = Ctx(game.new_state(), 0)
    p = Pos(*pos)
    return FUNCTIONS["east"].impl(ctx, p), FUNCTIONS["south"].impl(ctx, p)


@pytest.mark.parametrize("layout", hexes.LAYOUTS)
def test_east_and_south_order_cells_as_they_are_drawn(layout: str) -> None:
    """On every hex layout, one cell is east (south) of another by `east` (`south`)
    exactly when the display draws its centre further right (further down), and two
    cells tie exactly when they are drawn one above the other (side by side)."""
    game = build(BOARD.replace("LAYOUT", layout))
    cells = [(x, y) for y in range(5) for x in range(6)]
    for a, b in itertools.combinations(cells, 2):
        (ea, sa), (eb, sb) = drawn(game, a), drawn(game, b)
        (xa, ya), (xb, yb) = cell_centre(game.board, a), cell_centre(game.board, b)
        assert (ea < eb, ea == eb) == (xa < xb - 1e-9, abs(xa - xb) < 1e-9), (a, b)
        assert (sa < sb, sa == sb) == (ya < yb - 1e-9, abs(ya - yb) < 1e-9), (a, b)
        assert all(type(v) is int for v in (ea, sa, eb, sb))


def test_a_pushed_row_is_half_a_hex_further_east() -> None:
    """On the writer's pointy-odd map, (7,3) in an odd row is one half hex east of (7,4),
    which `x` alone called level; flat-topped columns count the other way."""
    pointy = build(BOARD.replace("LAYOUT", "pointy-odd").replace("[6, 5]", "[10, 8]"))
    assert drawn(pointy, (7, 3)) == (15, 3) and drawn(pointy, (7, 4)) == (14, 4)
    assert drawn(pointy, (6, 4)) == (12, 4)
    flat = build(BOARD.replace("LAYOUT", "flat-odd"))
    assert drawn(flat, (1, 2)) == (1, 5) and drawn(flat, (2, 2)) == (2, 4)


def test_on_a_square_board_they_are_x_and_y_and_none_off_the_board() -> None:
    """A square board's cells are drawn in their columns and rows; a unit off the board
    (a card in a zone) has no place east or south."""
    game = build("""\
        game: g
        players: [a, b]
        board: {size: [4, 3]}
        zones: {hand: public}
        entities: {pawn: {}, card: {}}
        actions: {go: {ends_turn: true}}
        flow: {phases: [{name: p, actions: [go]}]}
        setup:
          entities:
            - {type: pawn, owner: a, at: [3, 2]}
            - {type: card, owner: a, zone: hand}
        end: {round_limit: 1}
        """)
    s = game.new_state()
    ctx = Ctx(s, 0)
    pawn, card = sorted(s.entities)
    assert (FUNCTIONS["east"].impl(ctx, pawn), FUNCTIONS["south"].impl(ctx, pawn)) == (3, 2)
    assert FUNCTIONS["east"].impl(ctx, card) is None


def test_a_program_picks_the_hex_farthest_east_without_a_roll(tmp_path: Path) -> None:
    """The writer's retreat rule written with `most: "east(dest)"` takes (7,3), the hex a
    person sees farthest east, with no die roll between it and (7,4)."""
    program = (CHITS / "blue_ai.yaml").read_text(encoding="utf-8")
    assert program.count('most: "dest.x"') == 2
    path = tmp_path / "blue.yaml"
    path.write_text(program.replace('most: "dest.x"', 'most: "east(dest)"'), encoding="utf-8")
    game = stratagem.load(str(CHITS / "chits.yaml"))
    told: list[tuple[str, str]] = []

    def note(before, player, action, rationale, after):  # type: ignore[no-untyped-def]
        if action.type == "choose" and player == 1:
            told.append((game.describe_action(before, player, action), rationale))

    stratagem.play(game, ["random", f"program:{path}"], seed=5, on_step=note)
    said, why = told[0]
    assert said == "retreat infantry #16 to (7,3)"
    assert "most east(dest) among 3" in why and "random" not in why
