"""A game's board, cards and dice as SVG text, drawn for people.

``board_svg(game, view, viewer, last=..., selected=..., marks=...)`` is a pure function
from what a seat sees to a picture: square or hex cells placed by
``engine.geometry.cell_centre`` and coloured by ``game.display.tile``, the sides between
cells (a river, a wall) as thick lines along the edges they lie on, a legend of the
terrain present, unit tokens in their owner's colour with glyph, id, a health bar and
status badges, the last moves of every seat outlined in that seat's colour, a selected
cell and the cells it reaches. ``cards_svg`` draws a zone of cards (name, cost, text; a
hidden card as its back) fanned like a hand; ``dice_svg`` draws dice faces.

Nothing here knows of the server: the web page embeds these pictures, and the command
line can write the same text to a file. Every name from the rules goes through
``escape`` (an SVG is markup, and a rules file is not trusted to be).
"""

from __future__ import annotations

import math
from collections.abc import Container, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any
from xml.sax.saxutils import escape as _escape

from ..arena.narration import moved_to
from ..engine import UNKNOWN, Action, Game, Pos, Ref, State, as_seen, carried, cell_centre

UNIT = 44.0
"""Pixels of one cell unit (a square's side, a hex's side is ``UNIT / √3 * ...``)."""

_ROOT3 = math.sqrt(3)
_PIP_SPOTS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}


ENERGY = ("energy", "charge", "mana", "power")
"""Parameters drawn as pips under a token (the first one a unit has with a maximum of 6
or less): charge toward a special move."""
AURA_COLOURS = ("#e74c3c", "#3498db", "#48c9b0", "#9b59b6", "#e67e22", "#7f8c8d")
"""The ring drawn round a unit whose ``aura`` parameter is above 0, by its value."""


def escape(text: object) -> str:
    """Text made safe inside an SVG element or a double-quoted attribute."""
    return _escape(str(text), {'"': "&quot;"})


@dataclass(frozen=True)
class Mark:
    """A cell drawn with an outline: ``kind`` is ``last`` (a seat's last move, in
    ``colour``), ``reach`` (where the selection may go) or ``target`` (what it may hit)."""

    pos: tuple[int, int]
    kind: str
    colour: str = "#222222"


def move_marks(game: Game, before: State, player: int, action: Action,
               seen: Container[int] | None = None, after: State | None = None) -> list[Mark]:
    """The cells one move touched, outlined in the mover's colour: where its unit stood,
    the squares it named (or, given the state ``after`` it, where the unit moved to: a
    walk stopped short under fog is marked where it stopped) and the units it aimed at
    (only those in ``seen``, when given)."""
    if player is None or not 0 <= player < len(game.players):
        return []
    colour = game.display.player(player, game.players[player]).colour
    cells = [v for _, v in action.targets if isinstance(v, Pos)]
    went = moved_to(before, action, after) if after is not None else None
    if went is not None:
        cells = [went]
    for _, v in action.targets:
        if isinstance(v, Ref):
            target = before.entities.get(int(v))
            if target is not None and target.pos is not None and (seen is None
                                                                  or int(v) in seen):
                cells.append(target.pos)
    actor = before.entities.get(action.actor) if action.actor is not None else None
    if actor is not None and actor.pos is not None:
        cells.insert(0, actor.pos)
    return [Mark((c[0], c[1]), "last", colour) for c in cells if game.board.contains(c)]


def fmt(value: float) -> str:
    """A number for an SVG attribute: one decimal at most, no trailing zeros."""
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _hex_points(cx: float, cy: float, side: float, flat: bool) -> str:
    start = 0.0 if flat else 30.0
    pts = []
    for k in range(6):
        a = math.radians(start + 60 * k)
        pts.append(f"{fmt(cx + side * math.cos(a))},{fmt(cy + side * math.sin(a))}")
    return " ".join(pts)


def _ink(colour: str) -> str:
    """Black or white, whichever reads better on ``colour`` (``#rrggbb``)."""
    try:
        r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    except ValueError:
        return "#111111"
    return "#111111" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"


def _maximum(game: Game, type_name: str, param: str) -> float | None:
    spec = game.entity_types.get(type_name)
    for p in spec.params if spec else ():
        if p.name == param:
            return p.max
    return None


def board_size(game: Game) -> tuple[float, float]:
    """The board's drawn width and height in pixels (without the legend)."""
    board = game.board
    if board.topology != "hex":
        return board.width * UNIT, board.height * UNIT
    xs, ys = zip(*(cell_centre(board, (x, y)) for y in range(board.height)
                   for x in range(board.width)), strict=True)
    flat = board.hex_layout.startswith("flat")
    half_w, half_h = (1.0, _ROOT3 / 2) if flat else (_ROOT3 / 2, 1.0)
    return (max(xs) + half_w) * UNIT * 0.6, (max(ys) + half_h) * UNIT * 0.6


def _centre(game: Game, pos: tuple[int, int]) -> tuple[float, float]:
    x, y = cell_centre(game.board, pos)
    scale = UNIT if game.board.topology != "hex" else UNIT * 0.6
    return x * scale, y * scale


def _cell_shape(game: Game, pos: tuple[int, int], attrs: str) -> str:
    cx, cy = _centre(game, pos)
    if game.board.topology == "hex":
        flat = game.board.hex_layout.startswith("flat")
        return f'<polygon points="{_hex_points(cx, cy, UNIT * 0.6, flat)}" {attrs}/>'
    h = UNIT / 2
    return (f'<rect x="{fmt(cx - h)}" y="{fmt(cy - h)}" width="{fmt(UNIT)}" '
            f'height="{fmt(UNIT)}" {attrs}/>')


@lru_cache(maxsize=64)
def _tiles(game: Game, tiles: tuple[str, ...]) -> tuple[str, dict[str, str]]:
    """The cells of a board with ``tiles``, and the colour of each terrain label used
    (kept: the terrain seldom changes from one position to the next)."""
    board, display = game.board, game.display
    symbols = {name: str(spec.get("symbol", "")) if isinstance(spec, Mapping) else ""
               for name, spec in board.tile_types.items()}
    used: dict[str, str] = {}
    looks: dict[str, Any] = {}
    parts = []
    for y in range(board.height):
        for x in range(board.width):
            tile = tiles[y * board.width + x]
            look = looks.get(tile)
            if look is None:
                look = looks[tile] = display.tile(tile, symbols.get(tile, ""))
            used[look.label] = look.colour
            parts.append(_cell_shape(game, (x, y), f'class="cell" data-x="{x}" data-y="{y}" '
                                     f'fill="{look.colour}"'))
    return '<g stroke="#00000033" stroke-width="1">' + "".join(parts) + "</g>", used


@lru_cache(maxsize=64)
def _sides(game: Game) -> tuple[str, dict[str, str]]:
    """The sides between cells (``board: sides:``): each a thick line along the edge its
    two cells share, in its type's colour, with the colour of each type's label (a game's
    sides never change: drawn once)."""
    board, display = game.board, game.display
    if not board.sides:
        return "", {}
    cells = board.cells
    hexed = board.topology == "hex"
    half = UNIT * (0.3 if hexed else 0.5)  # half an edge: a hex's side is UNIT * 0.6
    used: dict[str, str] = {}
    out = ['<g class="sides" pointer-events="none" stroke-linecap="round">']
    for i, j, kind in board.sides:
        look = display.tile(kind)
        used[look.label] = look.colour
        (x1, y1), (x2, y2) = _centre(game, cells[i]), _centre(game, cells[j])
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        length = math.hypot(x2 - x1, y2 - y1) or 1.0
        ux, uy = -(y2 - y1) / length * half, (x2 - x1) / length * half  # along the edge
        a, b = cells[i], cells[j]
        out.append(f'<line class="side" x1="{fmt(mx - ux)}" y1="{fmt(my - uy)}" '
                   f'x2="{fmt(mx + ux)}" y2="{fmt(my + uy)}" stroke="{look.colour}" '
                   f'stroke-width="{fmt(UNIT * 0.12)}"><title>{escape(look.label)} between '
                   f'({a.x},{a.y}) and ({b.x},{b.y})</title></line>')
    out.append("</g>")
    return "".join(out), used


def _map(game: Game) -> str:
    """A map's links as roads between the places' centres, and each place's name under
    its cell's top edge (``board: places:``, ``links:``); nothing on a plain grid."""
    board = game.board
    if not board.places:
        return ""
    cells = board.cells
    out = ['<g class="map" pointer-events="none">']
    for a, b in board.links:
        (x1, y1), (x2, y2) = _centre(game, cells[a]), _centre(game, cells[b])
        out.append(f'<line x1="{fmt(x1)}" y1="{fmt(y1)}" x2="{fmt(x2)}" y2="{fmt(y2)}" '
                   'stroke="#6b4f2a" stroke-width="4" stroke-linecap="round" '
                   'stroke-opacity="0.7"/>')
    for name, pos in board.places:
        cx, cy = _centre(game, pos)
        out.append(f'<text x="{fmt(cx)}" y="{fmt(cy - UNIT * 0.36)}" font-size="'
                   f'{fmt(UNIT * 0.2)}" text-anchor="middle" fill="#222">{escape(name)}</text>')
    out.append("</g>")
    return "".join(out)


def board_svg(game: Game, view: State, viewer: int | None = None, *,
              last: Iterable[Mark] = (), selected: tuple[int, int] | None = None,
              marks: Iterable[Mark] = (), legend: bool = True) -> str:
    """The board as ``viewer`` sees it in ``view`` (``None``: everything), as SVG text.

    Each cell carries ``data-x``/``data-y`` and each token ``data-id``, so a page can
    find what was clicked; ``last`` outlines the seats' last moves, ``selected`` and
    ``marks`` a selection and its reach and targets. An empty string for a game
    without a board."""
    board = game.board
    if not (board.width and board.height):
        return ""
    display = game.display
    width, height = board_size(game)
    pad = 4.0
    layer, used = _tiles(game, tuple(view.tiles) if view.tiles else board.tiles)
    edges, side_labels = _sides(game)
    used = {**used, **side_labels}
    parts: list[str] = [layer, edges, _map(game)]
    parts += [_cell_shape(game, mark.pos, f'class="last" fill="none" stroke="{mark.colour}" '
                          f'stroke-width="4" stroke-dasharray="6 3" pointer-events="none"')
              for mark in last]
    for mark in marks:
        if mark.kind == "target":
            parts.append(_cell_shape(game, mark.pos, 'class="target" fill="#c0392b33" '
                                     'stroke="#c0392b" stroke-width="3" pointer-events="none"'))
        else:
            cx, cy = _centre(game, mark.pos)
            parts.append(f'<circle class="reach" cx="{fmt(cx)}" cy="{fmt(cy)}" '
                         f'r="{fmt(UNIT * 0.14)}" fill="#1d5fa866" pointer-events="none"/>')
    if selected is not None:
        parts.append(_cell_shape(game, selected, 'class="selected" fill="none" '
                                 'stroke="#111111" stroke-width="4" pointer-events="none"'))
    on_cell: dict[tuple[int, int], int] = {}
    for e in view.iter_entities():
        if e.pos is None:
            continue
        key = (e.pos[0], e.pos[1])
        nth = on_cell.get(key, 0)
        on_cell[key] = nth + 1
        parts.append(_token(game, e, nth, as_seen(view, e.params, e.owner, e.type),
                            carried(view, e.id)))
    legend_h = 0.0
    if legend:
        items = sorted(used.items()) if len(used) > 1 else []
        items += [(display.player(p, name).label, display.player(p, name).colour)
                  for p, name in enumerate(game.players)
                  if any(e.owner == p and e.pos is not None for e in view.iter_entities())]
        row = []
        k = max(1.0, width / 500)  # a wide field is shown shrunk: its legend is drawn larger
        lx, ly = 0.0, height + 10 * k
        for label, colour in items:
            w = (26 + 7.8 * len(label)) * k  # DejaVu Sans at 12 px: about 7.5 a letter
            if lx + w > max(width, 240) and lx > 0:
                lx, ly = 0.0, ly + 20 * k
            row.append(f'<rect x="{fmt(lx)}" y="{fmt(ly)}" width="{fmt(14 * k)}" '
                       f'height="{fmt(14 * k)}" rx="2" fill="{colour}" stroke="#00000055"/>'
                       f'<text x="{fmt(lx + 18 * k)}" y="{fmt(ly + 11.5 * k)}" '
                       f'font-size="{fmt(12 * k)}">{escape(label)}</text>')
            lx += w
        if row:
            parts.append('<g class="legend">' + "".join(row) + "</g>")
            legend_h = ly + 20 * k - height
    total_w, total_h = width + 2 * pad, height + legend_h + 2 * pad
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="board" '
            f'viewBox="{fmt(-pad)} {fmt(-pad)} {fmt(total_w)} {fmt(total_h)}" '
            f'width="{fmt(total_w)}" height="{fmt(total_h)}" role="img" '
            f'aria-label="{escape(game.name)} board" font-family="system-ui, sans-serif">'
            + "".join(parts) + "</svg>")


def _token(game: Game, e: Any, nth: int, params: dict[str, Any] | None = None,
           items: Sequence[str] = ()) -> str:
    """A unit's token; ``params``: its parameters as the viewer sees them (``as_seen``;
    by default, as they are); ``items``: what it carries (``carried``)."""
    if params is None:
        params = e.params
    display = game.display
    etype = game.entity_types.get(e.type)
    look = display.entity(e.type, etype.symbol if etype else "")
    owner = e.owner
    colour = look.colour or (display.player(owner, game.players[owner]).colour
                             if owner is not None and 0 <= owner < len(game.players)
                             else "#777777")
    cx, cy = _centre(game, (e.pos[0], e.pos[1]))
    r = UNIT * (0.36 if game.board.topology != "hex" else 0.3)
    if game.board.width * game.board.height > 400:  # a wide field: units sparse, drawn larger
        r = UNIT * 0.95
    cx += nth * r * 0.45
    cy -= nth * r * 0.45
    counted = display.counted(params)  # `display: count`: its number after its glyph
    mark = look.glyph[:2] + counted if counted else look.glyph[:2]
    title = f"{look.label} #{e.id}"
    if owner is not None and 0 <= owner < len(game.players):
        title += f" ({display.player(owner, game.players[owner]).label})"
    shown = display.shown(params)
    if shown:
        title += ": " + ", ".join(f"{k.replace('_', ' ')} {params[k]}" for k in shown)
    if e.statuses:
        title += "; " + ", ".join(s.name for s in e.statuses)
    if items:
        title += "; carries " + ", ".join(items)
    out = [f'<g class="token" data-id="{e.id}" pointer-events="none">'
           f"<title>{escape(title)}</title>"
           f'<circle cx="{fmt(cx)}" cy="{fmt(cy)}" r="{fmt(r)}" fill="{colour}" '
           f'stroke="#111111" stroke-width="1.5"/>'
           f'<text x="{fmt(cx)}" y="{fmt(cy + r * 0.35)}" text-anchor="middle" '
           f'font-size="{fmt(r * (1.0 if len(mark) <= 2 else 2.0 / len(mark)))}" '
           f'font-weight="700" fill="{_ink(colour)}">{escape(mark)}</text>']
    maxima = {k: m for k in params if (m := _maximum(game, e.type, k)) is not None
              and params[k] != UNKNOWN}  # (a value the viewer cannot see draws no bar)
    health = display.health_param(params, maxima)
    if health is not None and health in maxima and maxima[health]:
        share = max(0.0, min(1.0, float(params[health]) / float(maxima[health])))
        bw = r * 2
        fill = "#2e8b57" if share > 0.5 else "#d4ac0d" if share > 0.25 else "#c0392b"
        out.append(f'<rect x="{fmt(cx - r)}" y="{fmt(cy + r + 1)}" width="{fmt(bw)}" '
                   f'height="4" fill="#00000055"/><rect x="{fmt(cx - r)}" '
                   f'y="{fmt(cy + r + 1)}" width="{fmt(bw * share)}" height="4" '
                   f'fill="{fill}"/>')
    energy = next((k for k in ENERGY if k in maxima and 0 < float(maxima[k]) <= 6), None)
    if energy is not None:  # charge toward a special move: pips under the health bar
        top = int(float(maxima[energy]))
        for k in range(top):
            px = cx - (top - 1) * 4.5 + k * 9
            full = k < float(params[energy])
            out.append(f'<circle class="pip" cx="{fmt(px)}" cy="{fmt(cy + r * 0.72)}" r="3" '
                       f'fill="{"#f1c40f" if full else "#ffffff"}" stroke="#7d6608"/>')
    aura = params.get("aura")
    if isinstance(aura, int) and not isinstance(aura, bool) and aura > 0:
        ring = AURA_COLOURS[(aura - 1) % len(AURA_COLOURS)]
        out.insert(3, f'<circle class="aura" cx="{fmt(cx)}" cy="{fmt(cy)}" r="{fmt(r + 3)}" '
                      f'fill="none" stroke="{ring}" stroke-width="3"/>')
    for k, status in enumerate(e.statuses[:3]):
        bx, by = cx + r * 0.85 - k * 9, cy - r * 0.85
        out.append(f'<circle cx="{fmt(bx)}" cy="{fmt(by)}" r="5.5" fill="#fff7d6" '
                   f'stroke="#8a6d00"/><text x="{fmt(bx)}" y="{fmt(by + 3)}" '
                   f'text-anchor="middle" font-size="8" fill="#5a4500">'
                   f"{escape(status.name[:1].upper())}</text>")
    out.append(f'<text x="{fmt(cx - r)}" y="{fmt(cy - r + 6)}" font-size="8" '
               f'fill="#333">#{e.id}</text></g>')
    return "".join(out)


def cards_svg(cards: Sequence[Mapping[str, Any]], *, fan: bool = True,
              title: str = "") -> str:
    """A row of cards as SVG: each ``{"name", "cost", "text", "id", "playable"}`` is drawn
    face up; a card whose ``name`` is ``None`` is drawn as its back. ``fan`` tilts them
    like a hand held in the fingers."""
    if not cards:
        return ""
    w, h = 100.0, 140.0
    n = len(cards)
    step = w + 6 if n <= 7 else max(24.0, (7 * (w + 6)) / n)  # a long row overlaps
    width = step * (n - 1) + w + 44
    parts = []
    for i, card in enumerate(cards):
        x = 22 + i * step
        angle = (i - (n - 1) / 2) * (4.0 if fan and n > 1 else 0.0)
        cy = 18 + abs(i - (n - 1) / 2) * (3.0 if fan else 0.0)
        ident = card.get("id")
        attrs = f' data-id="{escape(ident)}"' if ident is not None else ""
        cls = "card playable" if card.get("playable") else "card"
        g = (f'<g class="{cls}"{attrs} transform="rotate({fmt(angle)} {fmt(x + w / 2)} '
             f'{fmt(cy + h)})">')
        if card.get("name") is None:
            g += (f'<rect x="{fmt(x)}" y="{fmt(cy)}" width="{w}" height="{h}" rx="7" '
                  f'fill="#34495e" stroke="#1b2631" stroke-width="2"/>'
                  f'<rect x="{fmt(x + 7)}" y="{fmt(cy + 7)}" width="{w - 14}" '
                  f'height="{h - 14}" rx="4" fill="none" stroke="#aab7c4" '
                  f'stroke-dasharray="3 3"/><title>a card you cannot see</title>')
        else:
            name = str(card["name"])
            g += (f'<rect x="{fmt(x)}" y="{fmt(cy)}" width="{w}" height="{h}" rx="7" '
                  f'fill="#fffdf5" stroke="#5d4e37" stroke-width="1.5"/>'
                  f"<title>{escape(name)}"
                  f"{': ' + escape(card['text']) if card.get('text') else ''}</title>")
            for k, line in enumerate(wrap_words(name, 12)[:2]):
                g += (f'<text x="{fmt(x + 6)}" y="{fmt(cy + 17 + 13 * k)}" '
                      f'font-size="11.5" font-weight="700">{escape(line)}</text>')
            cost = card.get("cost")
            if cost not in (None, ""):
                g += (f'<circle cx="{fmt(x + w - 12)}" cy="{fmt(cy + 12)}" r="9" '
                      f'fill="#2e6fd8"/><text x="{fmt(x + w - 12)}" y="{fmt(cy + 16)}" '
                      f'text-anchor="middle" font-size="11" fill="#fff">'
                      f"{escape(cost)}</text>")
            g += (f'<line x1="{fmt(x + 6)}" y1="{fmt(cy + 40)}" x2="{fmt(x + w - 6)}" '
                  f'y2="{fmt(cy + 40)}" stroke="#d8ccb0"/>')
            lines = wrap_words(str(card.get("text") or ""), 19)
            if len(lines) > 9:
                lines = [*lines[:8], lines[8] + " …"]
            for k, line in enumerate(lines):
                g += (f'<text x="{fmt(x + 6)}" y="{fmt(cy + 53 + 10 * k)}" '
                      f'font-size="8.6" fill="#333">{escape(line)}</text>')
        parts.append(g + "</g>")
    label = f' aria-label="{escape(title)}"' if title else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="cards" role="img"{label} '
            f'viewBox="0 0 {fmt(width)} {fmt(h + 36)}" width="{fmt(width)}" '
            f'height="{fmt(h + 36)}" font-family="system-ui, sans-serif">'
            + "".join(parts) + "</svg>")


def dice_svg(faces: Sequence[int | str], *, size: float = 30.0) -> str:
    """Dice as SVG: a number from 1 to 6 as pips, anything else written on the face."""
    if not faces:
        return ""
    gap = 6.0
    parts = []
    for i, face in enumerate(faces):
        x = i * (size + gap)
        parts.append(f'<rect x="{fmt(x + 1)}" y="1" width="{fmt(size)}" '
                     f'height="{fmt(size)}" rx="5" fill="#fff" stroke="#333" '
                     f'stroke-width="1.5"/>')
        spots = _PIP_SPOTS.get(face) if isinstance(face, int) else None
        if spots:
            parts += [f'<circle cx="{fmt(x + 1 + sx * size)}" cy="{fmt(1 + sy * size)}" '
                      f'r="{fmt(size * 0.085)}" fill="#222"/>' for sx, sy in spots]
        else:
            text = str(face)
            font = size * (0.45 if len(text) < 3 else 0.28)
            parts.append(f'<text x="{fmt(x + 1 + size / 2)}" y="{fmt(1 + size * 0.64)}" '
                         f'text-anchor="middle" font-size="{fmt(font)}" '
                         f'font-weight="700">{escape(text)}</text>')
    width = len(faces) * (size + gap)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="dice" role="img" '
            f'aria-label="dice: {escape(", ".join(map(str, faces)))}" '
            f'viewBox="0 0 {fmt(width)} {fmt(size + 3)}" width="{fmt(width)}" '
            f'height="{fmt(size + 3)}" font-family="system-ui, sans-serif">'
            + "".join(parts) + "</svg>")


def wrap_words(text: str, width: int) -> list[str]:
    """``text`` (``_`` read as a space) cut into lines of at most ``width`` characters."""
    lines: list[str] = []
    line = ""
    for word in text.replace("_", " ").split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    if line:
        lines.append(line)
    return lines




def is_die(game: Game, type_name: str, zone: str) -> bool:
    """Whether cards of ``type_name`` in ``zone`` are dice: the type is tagged ``die`` or
    ``dice``, or the zone is named ``dice``."""
    spec = game.entity_types.get(type_name)
    return spec is not None and (bool(spec.tags & {"die", "dice"}) or zone == "dice")


__all__ = ["UNIT", "Mark", "board_size", "board_svg", "cards_svg", "dice_svg", "escape", "fmt",
           "is_die", "wrap_words"]
