"""The rules' `display:` hints: compiled, checked with located errors, defaulted."""

from __future__ import annotations

from rules_helpers import build, problems
from stratagem.engine.display import colour
from stratagem.engine.geometry import cell_centre
from stratagem.engine.spec import Board

BASE = """
game: d
players: [red, blue]
board:
  tiles: {".": grass, "#": wall, "^": hill}
  tile_types: {wall: {cost: null}}
  layout: |
    . # ^
entities:
  knight: {params: {hp: {max: 9}, castle_x: 0}, symbol: N}
actions:
  wait: {effects: []}
flow:
  phases:
    - name: main
      actions: [wait]
"""


def test_given_hints_are_used_and_the_rest_defaulted() -> None:
    g = build(BASE + """
display:
  players: {blue: navy}
  tiles: {wall: {colour: "#123", glyph: "##", label: Stone wall}}
  entities: {knight: {label: Sir}}
  hide: [castle_x]
""")
    d = g.display
    assert d.player(0, "red").colour == "#c0392b"  # named after a colour
    assert d.player(1, "blue").colour == "#1f3a93"  # declared by name
    assert d.tile("wall") == d.tile("wall", "#")
    assert (d.tile("wall").colour, d.tile("wall").glyph, d.tile("wall").label) == \
        ("#112233", "##", "Stone wall")
    assert d.tile("grass", ".").colour == "#e9e6d3" and d.tile("grass", ".").glyph == "."
    assert d.tile("hill", "^").colour == "#b59a6d"
    assert d.entity("knight", "N").glyph == "N" and d.entity("knight").label == "Sir"
    assert d.shown(["hp", "castle_x"]) == ["hp"]
    assert d.health_param(["hp", "castle_x"], {"hp": 9}) == "hp"


def test_a_game_without_hints_is_drawn_with_defaults() -> None:
    d = build(BASE).display
    assert d.player(0, "red").colour != d.player(1, "blue").colour
    assert d.entity("knight").glyph == "K" and d.entity("knight").label == "Knight"
    assert d.shown(["hp", "castle_x"]) == ["hp", "castle_x"]
    assert d.tile("swampy_bog").colour == d.tile("swampy_bog").colour.lower()


def test_bad_hints_are_located() -> None:
    found = problems(BASE + """
display:
  players: {green: red}
  tiles: {wall: {colour: "no-colour", glyph: "wide"}}
  entities: {knigt: {glyph: K}}
  health: life
  hide: [castle_y]
""")
    text = "\n".join(found)
    assert "rules.yaml:19:13: unknown player `green`" in text
    assert "rules.yaml:20:26: a colour is `#rrggbb`" in text
    assert "a glyph is one or two characters, not `wide`" in text
    assert "unknown entity type `knigt`" in text and "knight" in text
    assert "`health`: no entity has a parameter `life`" in text
    assert "`hide`: no entity, player, tile or `state:` has a parameter `castle_y`" in text


def test_colour_names_and_codes() -> None:
    assert colour("Red") == "#c0392b" and colour("#AbC") == "#aabbcc"
    assert colour("#12345") is None and colour("ultraviolet") is None


def test_hex_cells_are_placed_by_the_layout() -> None:
    def centres(layout: str) -> list[tuple[float, float]]:
        b = Board(2, 2, ("g",) * 4, {}, topology="hex", hex_layout=layout)
        return [tuple(round(v, 3) for v in cell_centre(b, (x, y)))  # type: ignore[misc]
                for y in range(2) for x in range(2)]
    r3 = round(3 ** 0.5, 3)
    # pointy, odd rows pushed right half a hex; rows 1.5 apart
    assert centres("pointy-odd") == [(round(r3 / 2, 3), 1.0), (round(1.5 * r3, 3), 1.0),
                                     (r3, 2.5), (round(2 * r3, 3), 2.5)]
    assert centres("pointy-even")[0] == (r3, 1.0)
    # flat-topped: columns 1.5 apart, odd columns pushed down
    assert centres("flat-odd")[:2] == [(1.0, round(r3 / 2, 3)), (2.5, r3)]
    assert centres("pointy-axial")[2] == (r3, 2.5)
    sq = Board(2, 1, ("g", "g"))
    assert cell_centre(sq, (1, 0)) == (1.5, 0.5)
