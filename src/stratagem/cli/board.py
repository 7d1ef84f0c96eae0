"""The board at the terminal, drawn with rich: terrain, units in their side's colour,
coordinates on the edges, a legend, the units' health and statuses in a side table, the
players' parameters and cards, and the last move marked.

Everything comes from the game's display hints (``game.display``): seat colours, tile
colours and glyphs, unit glyphs, the health parameter and the parameters shown. The
same drawing with colour off (``plain``) is what the snapshot tests keep, so a board
reads the same without colour: a unit type that both sides field carries its side's
mark beside its glyph (``Kr``, ``Kb``), the square a unit moved to is bracketed
(``[Kr]``) and the square it left is in parentheses (``( · )``). A square holding a stack
shows its top unit (the last to arrive, as the web page draws it) and how many units it
holds (``Ar3``); the side table then lists every unit.

Hex boards are placed by ``engine.geometry.cell_centre``, as every display places them:
pointy-topped rows pushed half a cell along, flat-topped columns pushed half a row down
(each board row takes two lines of text there).

One module because the board, its legend, the last-move marks and the side tables are
drawn from one set of looks (a unit's glyph and side mark, a tile's glyph): apart, a
legend could name a glyph the board does not draw.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.style import Style
from rich.table import Table
from rich.text import Text

from ..agents.human import ZONE_LIMIT, written_places
from ..arena.narration import moved_to
from ..engine import (
    MASKED,
    Action,
    Game,
    Pos,
    Ref,
    State,
    as_seen,
    card_words,
    carried,
    cell_centre,
    is_knocked_out,
    neighbours,
    params_words,
    words,
)

_ROOT3 = math.sqrt(3)

# Default terrain glyphs by a word in the tile type's name, first match wins (a rules
# file's `display: tiles:` glyph comes first).
_TILE_GLYPHS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("castle", "keep", "fort", "tower", "throne", "base"), "▣"),
    (("village", "town", "house", "city", "farm"), "⌂"),
    (("wall", "block"), "#"),
    (("mountain", "cliff"), "^"),
    (("rock", "stone", "boulder"), "o"),
    (("swamp", "marsh", "bog", "fen"), ","),
    (("water", "river", "lake", "sea", "ocean"), "~"),
    (("forest", "wood", "tree", "jungle"), "♣"),
    (("hill", "ridge", "dune"), "∩"),
    (("brush", "rough", "uneven", "scrub"), '"'),
    (("road", "path", "bridge"), "="),
    (("lava", "fire"), "≈"),
    (("grass", "plain", "field", "floor", "ground", "open", "meadow", "empty", "clear"),
     "·"),
)

HIDDEN_CARD = "▒▒"
"""A card the viewer may not see: its back."""



@dataclass(frozen=True)
class Marks:
    """The last move: the square a unit left and the square it went to (or acted on)."""

    came_from: Pos | None = None
    went_to: Pos | None = None


NO_MARKS = Marks()


def last_move(game: Game, before: State, action: Action, after: State) -> Marks:
    """Where the action ``before`` → ``after`` happened: the actor's square before and the
    square it moved to, or, when it did not move, the position it targeted, or the square
    of what it targeted, or where a new piece appeared. Where it moved comes first: a walk
    that stopped short of its target (fog of war) is marked where it stopped."""
    actor = before.entities.get(action.actor) if action.actor is not None else None
    went_to: Pos | None = moved_to(before, action, after)
    # where the unit stood, only when it moved: a door opened or a shot fired from a
    # square is marked on the square acted on alone
    came_from = actor.pos if actor is not None and went_to is not None else None
    for _, value in action.targets:
        if went_to is None and isinstance(value, Pos) and game.board.contains(value):
            went_to = value
    if went_to is None:
        for _, value in action.targets:
            if isinstance(value, Ref) and value in after.entities:
                went_to = after.entities[value].pos
                break
    if went_to is None:  # a piece put on the board (connect four's drop)
        new = [e for i, e in after.entities.items() if i not in before.entities and e.pos]
        if len(new) == 1:
            went_to = new[0].pos
    if came_from == went_to:
        came_from = None
    return Marks(came_from, went_to)


# ---------------------------------------------------------------------------- looks
def tile_glyph(game: Game, name: str) -> str:
    """The glyph of a tile type: the rules' hint, else a default by a word of its name,
    else its first letter."""
    given = game.display.tiles.get(name)
    if given is not None and given.glyph:
        return given.glyph
    low = name.lower()
    return next((g for words, g in _TILE_GLYPHS if any(w in low for w in words)),
                name[:1].lower() or "?")


def _seat_style(game: Game, seat: int | None) -> Style:
    if seat is None or not 0 <= seat < len(game.players):
        return Style(bold=True)
    return Style(color=game.display.player(seat, game.players[seat]).colour, bold=True)


def _shared_types(game: Game, state: State) -> frozenset[str]:
    """The unit types fielded by more than one side (their glyphs carry a side mark): on
    the board now, or in the set-up's placements — so that under fog, where a view holds
    only the units its side sees, a side's own units keep their marks."""
    owners: dict[str, set[int | None]] = {}
    for e in state.entities.values():
        if e.pos is not None:
            owners.setdefault(e.type, set()).add(e.owner)
    for pl in game.placements:
        if pl.pos is not None:
            owners.setdefault(pl.type, set()).add(pl.owner)
    return frozenset(t for t, o in owners.items() if len(o) > 1)


def unit_glyph(game: Game, state: State, e_type: str, owner: int | None,
               shared: frozenset[str] | None = None) -> str:
    """How a unit is written on the board: its type's glyph, with its side's mark when
    both sides field the type."""
    et = game.entity_types.get(e_type)
    glyph = game.display.entity(e_type, et.symbol if et is not None else "").glyph
    if shared is None:
        shared = _shared_types(game, state)
    if e_type in shared and owner is not None and 0 <= owner < len(game.players):
        glyph += game.display.player(owner, game.players[owner]).glyph[:1].lower()
    return glyph


def _tile_owner(game: Game, name: str) -> int | None:
    """The seat a tile type is named after (``red_castle``, ``blue_village``), if any: its
    glyph is drawn in that seat's colour."""
    words = set(name.lower().replace("-", "_").split("_"))
    return next((seat for seat, p in enumerate(game.players) if p.lower() in words), None)


def _contrast(colour: str) -> str:
    """Black or white, whichever reads on ``colour`` (``#rrggbb``)."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#111111" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#f4f4f4"


# ---------------------------------------------------------------------------- the grid
def _placement(game: Game, cw: int) -> dict[Pos, tuple[int, int]]:
    """Each cell's (line, column) in the text grid."""
    b = game.board
    placed: dict[Pos, tuple[int, int]] = {}
    flat = b.hex_layout.startswith("flat")
    for pos in b.cells:
        if b.topology != "hex":
            placed[pos] = (pos.y, pos.x * cw)
            continue
        cx, cy = cell_centre(b, pos)
        if flat:
            along = cy / _ROOT3 - 0.5
            placed[pos] = (round(2 * along), pos.x * cw)
        else:
            along = cx / _ROOT3 - 0.5
            placed[pos] = (pos.y, round(along * cw))
    lines = min(line for line, _ in placed.values())
    cols = min(col for _, col in placed.values())
    return {p: (line - lines, col - cols) for p, (line, col) in placed.items()}


def board_grid(game: Game, state: State, marks: Marks = NO_MARKS) -> Text:
    """The board with column numbers above and row numbers on the left, and the sides
    between cells drawn where two cells meet (``_draw_sides``)."""
    b = game.board
    shared = _shared_types(game, state)
    glyphs: dict[Pos, tuple[str, Style]] = {}
    for e in sorted(state.entities.values(), key=lambda e: e.id):
        if e.pos is not None and b.contains(e.pos) and e.pos not in glyphs:
            glyphs[e.pos] = (unit_glyph(game, state, e.type, e.owner, shared)
                             + game.display.counted(as_seen(state, e.params, e.owner, e.type)),
                             _seat_style(game, e.owner))
    for pos, ids in state.stacks.items():  # a stack: its top unit, and how many it holds
        upper = state.entities.get(ids[-1])
        if upper is not None and b.contains(pos):
            glyphs[pos] = (unit_glyph(game, state, upper.type, upper.owner, shared)
                           + str(len(ids)), _seat_style(game, upper.owner))
    gw = max([len(g) for g, _ in glyphs.values()]
             + [len(tile_glyph(game, t)) for t in set(state.tiles)] + [1])
    cw = gw + 2 + (1 if b.topology == "hex" and gw % 2 else 0)
    placed = _placement(game, cw)
    gaps = _side_gaps(game, placed) if b.sides else set()
    if gaps:  # a line of text after each row that a side lies under
        moved = {line: line + sum(1 for g in gaps if g < line) for line, _ in placed.values()}
        placed = {p: (moved[line], col) for p, (line, col) in placed.items()}
    canvas = _Canvas(max(line for line, _ in placed.values()) + 1)
    for pos in b.cells:
        line, col = placed[pos]
        name = state.tile(pos)
        look = game.display.tile(name)
        if pos in glyphs:
            glyph, style = glyphs[pos]
            style = style + Style(bgcolor=look.colour)
        else:
            glyph = tile_glyph(game, name)
            owner = _tile_owner(game, name)
            style = (Style(color=_contrast(look.colour), bgcolor=look.colour, dim=True)
                     if owner is None else _seat_style(game, owner) + Style(bgcolor=look.colour))
        left, right = " ", " "
        if pos == marks.went_to:
            left, right = "[", "]"
        elif pos == marks.came_from:
            left, right = "(", ")"
        mark = Style(bgcolor=look.colour)
        if left != " ":
            mark += Style(color="#f1c40f" if pos == marks.went_to else "#e67e22", bold=True)
        canvas.put(line, col, left, mark)
        canvas.put(line, col + 1, glyph.center(cw - 2), style)
        canvas.put(line, col + cw - 1, right, mark)
    if b.sides:
        _draw_sides(game, placed, cw, canvas)
    # Coordinates: columns above (at the top line's cells), rows on the left.
    top = {pos.x: col for pos, (_, col) in placed.items() if pos.y == 0}
    label_w = len(str(b.height - 1))
    head = Text(" " * (label_w + 1))
    at = 0
    for x in range(b.width):
        col = top.get(x, x * cw)
        text = str(x).center(cw)
        if col >= at:
            head.append(" " * (col - at) + text, "dim")
            at = col + len(text)
    out = Text()
    out.append_text(head)
    out.append("\n")
    firsts = {ln: p.y for p, (ln, _) in placed.items() if p.x == 0}
    for line in range(canvas.height):
        label = str(firsts[line]) if line in firsts else ""
        out.append(label.rjust(label_w) + " ", "dim")
        out.append_text(canvas.text(line))
        if line < canvas.height - 1:
            out.append("\n")
    return out


class _Canvas:
    """Lines of text written at (line, column), each character with its style; a gap
    left between two writes is a plain space."""

    def __init__(self, height: int) -> None:
        self.lines: list[list[tuple[str, Style | None]]] = [[] for _ in range(height)]

    @property
    def height(self) -> int:
        return len(self.lines)

    def put(self, line: int, col: int, text: str, style: Style | None) -> None:
        row = self.lines[line]
        if len(row) < col + len(text):
            row.extend([(" ", None)] * (col + len(text) - len(row)))
        for k, ch in enumerate(text):
            row[col + k] = (ch, style)

    def at(self, line: int, col: int) -> str:
        row = self.lines[line]
        return row[col][0] if 0 <= col < len(row) else " "

    def text(self, line: int) -> Text:
        out = Text()
        run, style = "", None
        for ch, st in self.lines[line]:
            if st is not style and run:
                out.append(run, style)
                run = ""
            run += ch
            style = st
        if run:
            out.append(run, style)
        return out


# ---------------------------------------------------------------------------- sides
_SIDE_GLYPHS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("river", "stream", "creek", "brook", "water", "canal"), "~"),
    (("bridge", "ford"), "="),
    (("road", "path", "track", "trail"), ":"),
    (("door", "gate"), "+"),
    (("hedge", "bush"), '"'),
)
"""Default glyphs of side types by a word of their name (a rules file's `display: tiles:`
glyph under the side type's name comes first); walls and any other side are drawn as
strokes along the edge (``_STROKES``)."""

_STROKES = {"|": "│", "-": "─", "\\": "╲", "/": "╱"}
"""A stroke along an edge, by the edge's direction as the text draws it."""


def side_glyph(game: Game, name: str, direction: str = "|") -> str:
    """How a side of type ``name`` is drawn along an edge that runs ``direction`` (``|``,
    ``-``, ``\\`` or ``/``): the rules' hint, a glyph by a word of its name, else a
    stroke along the edge (a wall)."""
    given = game.display.tiles.get(name)
    if given is not None and given.glyph:
        return given.glyph[:1]
    low = name.lower()
    return next((g for words, g in _SIDE_GLYPHS if any(w in low for w in words)),
                _STROKES[direction])


def _side_style(game: Game, name: str) -> Style:
    return Style(color=game.display.tile(name).colour, bold=True)


def _side_gaps(game: Game, placed: dict[Pos, tuple[int, int]]) -> set[int]:
    """The lines after which a line of text is put in for the sides under a row: on a
    square board, or a hex board of pointy-topped rows, wherever a side lies between a
    cell and one in the row below (flat-topped hexes have a line between rows already)."""
    b = game.board
    if b.hex_layout.startswith("flat"):
        return set()
    cells = b.cells
    return {min(placed[cells[i]][0], placed[cells[j]][0]) for i, j, _ in b.sides
            if placed[cells[i]][0] != placed[cells[j]][0]}


def _draw_sides(game: Game, placed: dict[Pos, tuple[int, int]], cw: int,
                canvas: _Canvas) -> None:
    """Each side where its two cells meet in the text: in the gap between two cells of a
    line, or on the line between two rows (under the upper cell, or under its half next
    to the lower one on a hex board)."""
    b = game.board
    cells = b.cells
    flat = b.hex_layout.startswith("flat")
    for i, j, kind in b.sides:
        (l1, c1), (l2, c2) = sorted((placed[cells[i]], placed[cells[j]]))
        style = _side_style(game, kind)
        if l1 == l2:  # side by side: the gap between them
            left, right = min(c1, c2), max(c1, c2)
            col = left + cw - 1 if canvas.at(l1, left + cw - 1) == " " else right
            canvas.put(l1, col, side_glyph(game, kind, "|"), style)
        elif flat and c1 == c2:  # one above the other in a column: the line between
            canvas.put(l1 + 1, c1 + 1, side_glyph(game, kind, "-") * (cw - 2), style)
        elif flat:  # neighbours in two columns: right of the left one, on its own line for
            # the one up the next column, on the line below for the one down it
            (la, ca), (lb, _) = sorted(((l1, c1), (l2, c2)), key=lambda lc: lc[1])
            down = lb > la
            # (up the column, the last move's bracket may stand there: then the line above)
            line = la + 1 if down else la if canvas.at(la, ca + cw - 1) == " " else la - 1
            canvas.put(line, ca + cw - 1, side_glyph(game, kind, "\\" if down else "/"), style)
        elif b.topology != "hex":  # a square above another: under it, the whole width
            canvas.put(l1 + 1, c1, side_glyph(game, kind, "-") * cw, style)
        else:  # a hex and one below it: under the upper one's half next to the lower
            half = cw // 2
            lower_left = c2 < c1
            canvas.put(l1 + 1, c1 if lower_left else c1 + half,
                       side_glyph(game, kind, "\\" if lower_left else "/") * half, style)


# ---------------------------------------------------------------------------- around it
def legend(game: Game, state: State, marks: Marks = NO_MARKS) -> Text:
    """Each side in its colour with the unit glyphs it has on the board; the terrain's
    glyphs; the marks of the last move."""
    shared = _shared_types(game, state)
    out = Text()
    for seat, name in enumerate(game.players):
        look = game.display.player(seat, name)
        types: dict[str, str] = {}
        for e in sorted(state.entities.values(), key=lambda e: e.id):
            if e.owner == seat and e.pos is not None:
                types.setdefault(e.type, unit_glyph(game, state, e.type, seat, shared))
        out.append("■ ", Style(color=look.colour))
        out.append(look.label, Style(color=look.colour, bold=True))
        if types:
            out.append(": ")
            for i, (t, g) in enumerate(types.items()):
                out.append((", " if i else "") + g, Style(color=look.colour, bold=True))
                word = game.display.entity(t).label.lower()
                if word != g.lower():
                    out.append(" " + word)
        out.append("\n")
    if game.board.width:
        present = sorted(set(state.tiles))
        if len(present) > 1 or (present and tile_glyph(game, present[0]) != "·"):
            out.append("terrain: ", "dim")
            for i, t in enumerate(present):
                look = game.display.tile(t)
                out.append("  " if i else "")
                owner = _tile_owner(game, t)
                fg = (Style(color=_contrast(look.colour)) if owner is None
                      else _seat_style(game, owner))
                out.append(f" {tile_glyph(game, t)} ", fg + Style(bgcolor=look.colour))
                out.append(" " + look.label.lower())
            out.append("\n")
    board = game.board
    if board.sides:  # the kinds of side drawn between cells
        out.append("sides: ", "dim")
        for i, kind in enumerate(dict.fromkeys(kind for _, _, kind in board.sides)):
            out.append(("  " if i else "") + side_glyph(game, kind, "|"),
                       _side_style(game, kind))
            out.append(" " + game.display.tile(kind).label.lower())
        out.append("\n")
    if board.places and (board.links or len(board.places) <= MANY_PLACES):
        out.append("places: ", "dim")  # a map's named places, with where their links reach
        for i, (name, p) in enumerate(board.places):
            out.append(("; " if i else "") + f"{name} {_pos(p)}")
            if board.links:
                near = [board.place_name(q) or _pos(q) for q in neighbours(board, p)]
                out.append(" → " + (", ".join(near) if near else "no link"), "dim")
        out.append("\n")
    elif board.places:  # names for the squares of a grid (chess's a1 to h8): one line
        out.append("places: ", "dim")
        out.append(places_in_short(board) + "\n")
    if marks.went_to is not None:
        out.append("last move: ", "dim")
        if marks.came_from is not None:
            out.append(f"( ) from {_named(board, marks.came_from)}, ")
            out.append(f"[ ] to {_named(board, marks.went_to)}\n")
        else:  # a piece placed, a square acted on
            out.append(f"[ ] at {_named(board, marks.went_to)}\n")
    out.rstrip()
    return out


MANY_PLACES = 12
"""More named places than this, with no links, are names for a grid's squares: the board
and the rules sheet say them in one line (``places_in_short``), not one by one."""


def places_in_short(board: Any) -> str:
    """The named squares of a grid in one line: how many, the first and the last."""
    (first, a), (last, b) = board.places[0], board.places[-1]
    return (f"{len(board.places)} named squares, {first} {_pos(a)} to {last} {_pos(b)}: "
            "type a name where a square is asked")


def _pos(p: Pos) -> str:
    return f"({p.x},{p.y})"


def _named(board: Any, p: Pos) -> str:
    """A square as a person reads it: a named place by its name and position."""
    name = board.place_name(p)
    return f"{name} {_pos(p)}" if name else _pos(p)


def _value(v: object) -> str:
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    if isinstance(v, bool):
        return "yes" if v else "no"
    return str(v)


def units_table(game: Game, state: State) -> Table | None:
    """The units on the board: glyph, type and id, square, health, shown parameters and
    statuses — one row each."""
    units = sorted((e for e in state.entities.values() if e.pos is not None),
                   key=lambda e: (e.owner if e.owner is not None else -1, e.id))
    if not units:
        return None
    shared = _shared_types(game, state)
    rows = []
    any_health = any_params = any_status = False
    healths: set[str] = set()  # the health parameters shown (one, as a rule)
    for e in units:
        et = game.entity_types.get(e.type)
        specs = {p.name: p for p in (et.params if et is not None else ())}
        maxima = {k: p.max for k, p in specs.items() if p.max is not None}
        seen = as_seen(state, e.params, e.owner, e.type)  # a private value reads "?"
        health = game.display.health_param(seen, maxima)
        hp = ""
        if health is not None:
            hp = f"{_value(seen[health])}/{_value(maxima.get(health, seen[health]))}"
            any_health = True
            healths.add(health)
        shown = [k for k in game.display.shown(seen) if k != health
                 and (game.display.show is not None or k not in specs
                      or seen[k] != specs[k].default)]
        params = " ".join(f"{k} {_value(seen[k])}" for k in shown)
        items = carried(state, e.id)
        if items:
            params = " ".join(x for x in (params, "carries " + ", ".join(items)) if x)
        status = ", ".join(words(s.name) + (f" {s.duration}" if s.duration is not None else "")
                           for s in e.statuses)
        any_params |= bool(params)
        any_status |= bool(status)
        rows.append((e, hp, params, status))
    if len(units) > 40 or not (any_health or any_params or any_status or state.stacks):
        return None  # (a stack's units are listed: the board shows only its top one)
    table = Table(box=None, show_header=True, header_style="dim", pad_edge=False,
                  padding=(0, 1))
    for head in ("", "unit", "at"):
        table.add_column(head, no_wrap=True)
    if any_health:  # headed by the health parameter's own name (`steps`, `hp`)
        table.add_column(next(iter(healths)) if len(healths) == 1 else "health",
                         no_wrap=True, justify="right")
    if any_status:
        table.add_column("status")
    if any_params:
        table.add_column("")
    for e, hp, params, status in rows:
        style = _seat_style(game, e.owner)
        cells: list[RenderableType] = [
            Text(unit_glyph(game, state, e.type, e.owner, shared), style),
            f"{game.display.entity(e.type).label.lower()} #{int(e.id)}",
            _pos(e.pos) if e.pos is not None else ""]
        if any_health:
            cells.append(hp)
        if any_status:
            cells.append(Text(status, "italic"))
        if any_params:
            cells.append(Text(params, "dim"))
        table.add_row(*cells)
    return table


def players_text(game: Game, state: State) -> Text | None:
    """Each player's parameters and zones: cards by name, the ones the viewer may not see
    as backs."""
    out = Text()
    for seat, name in enumerate(game.players):
        player = state.players[seat]
        look = game.display.player(seat, name)
        params = params_words(((k, v) for k, v in as_seen(state, player.params, seat).items()
                               if k in game.display.shown_of_player([k])),
                              game.player_defaults, _value)
        zones = [(z, ids) for z, ids in player.zones.items() if ids]
        if not params and not zones and player.alive:
            continue
        you = " (you)" if state.viewer == seat else ""
        out.append(f"{look.label}{you}", Style(color=look.colour, bold=True))
        if params:
            out.append(f": {params}")
        if not player.alive:
            out.append(" — out of the game", "dim")
        elif is_knocked_out(state, seat):
            out.append(" — out of this hand", "dim")
        out.append("\n")
        for zone, ids in zones:
            out.append(f"  {zone}: ", "dim")
            out.append(_zone(state, ids) + "\n")
    table = [(z, ids) for z, ids in state.cards.table.items()]
    if table:  # the zones that belong to no player: a shared deck, a market row
        out.append("Table", Style(bold=True))
        out.append("\n")
        for zone, ids in table:
            out.append(f"  {zone}: ", "dim")
            out.append((_zone(state, ids) if ids else "empty") + "\n")
    for line in written_places(game, state):  # a region's holder, a game-wide counter
        head, _, rest = line.partition(": ")
        out.append(head + ": ", "dim")
        out.append(rest + "\n")
    out.rstrip()
    return out if out.plain else None


def _zone(state: State, ids: Iterable[int]) -> str:
    """A zone's cards as a list: each known card by type and id, each hidden one (out of
    the view, or left in it without its face) as a back; a long zone is cut with a count."""
    ents = state.entities
    cards: list[str] = []
    backs = 0  # a run of hidden cards is told as one: ▒▒ ×13
    for i in ids:
        if i in ents and ents[i].type != MASKED:
            if backs:
                cards.append(_backs(backs))
                backs = 0
            cards.append(card_words(state.game, ents[i], state))
        else:
            backs += 1
    if backs:
        cards.append(_backs(backs))
    more = len(cards) - ZONE_LIMIT
    return ", ".join(cards[:ZONE_LIMIT]) + (f" … {more} more" if more > 0 else "")


def _backs(n: int) -> str:
    """``n`` hidden cards in a row: their backs, or one back and the count."""
    return ", ".join([HIDDEN_CARD] * n) if n <= 3 else f"{HIDDEN_CARD} ×{n}"


def draw(game: Game, state: State, marks: Marks = NO_MARKS) -> Group:
    """The whole table: board, legend, units, players (what the state holds; give a
    view to draw what one seat may see)."""
    parts: list[RenderableType] = []
    if game.board.width and game.board.height:
        parts.append(board_grid(game, state, marks))
        parts.append(legend(game, state, marks))
        table = units_table(game, state)
        if table is not None:
            parts.append(table)
    players = players_text(game, state)
    if players is not None:
        parts.append(players)
    return Group(*parts)


def plain(game: Game, state: State, marks: Marks = NO_MARKS, width: int = 200) -> str:
    """The table as plain text (no colour codes): for logs and snapshots."""
    console = Console(file=io.StringIO(), width=width, color_system=None, no_color=True,
                      highlight=False, emoji=False, legacy_windows=False)
    console.print(draw(game, state, marks))
    text = console.file.getvalue()  # type: ignore[attr-defined]
    return "\n".join(line.rstrip() for line in text.splitlines()) + "\n"
