"""A side's battle board drawn as the printed board it stands for: boxes in columns.

Some games keep a player's board of boxes as cards in a public zone (Flower War's
``board``: one card a box). A zone whose cards all carry a ``column`` parameter is drawn
here as that board instead of a row of cards: each box in its column, with its name,
the least die it takes, its slots (``need``; none for a box that takes any number), the
dice on it by symbol (``common``, ``uncommon``, ``rare``, or a plain ``dice`` count), its
rules text (the type's ``description``) and, once full, a *ready* mark.

The parameter names are the only convention; a game without them never reaches this
code. Every name from the rules goes through ``escape``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine import Game
from .board_svg import escape, fmt, wrap_words

SYMBOLS = ("common", "uncommon", "rare")
"""The die symbols a box may hold, lowest first (``least`` 1, 2, 3)."""
_DIE_FILL = {"common": "#fdfdfd", "uncommon": "#aac8e8", "rare": "#e8c547"}
_DIE_MARK = {"common": "C", "uncommon": "U", "rare": "R"}
BOX_W, BOX_H, GAP = 150.0, 92.0, 8.0


def is_box_zone(cards: Sequence[Any]) -> bool:
    """Whether a zone's cards (entities) are the boxes of a battle board: every one has a
    ``column`` parameter."""
    return bool(cards) and all(c is not None and "column" in c.params for c in cards)


def _num(params: Any, name: str) -> int:
    value = params.get(name, 0)
    return int(value) if isinstance(value, int | float) and not isinstance(value, bool) else 0


def battle_board_svg(game: Game, boxes: Sequence[Any], title: str = "") -> str:
    """The boxes (entities with a ``column`` parameter) as a board, column by column."""
    columns: dict[int, list[Any]] = {}
    for box in boxes:
        columns.setdefault(_num(box.params, "column"), []).append(box)
    order = sorted(columns)
    rows = max(len(v) for v in columns.values())
    width = len(order) * (BOX_W + GAP) + GAP
    height = rows * (BOX_H + GAP) + GAP
    parts = []
    for ci, col in enumerate(order):
        for ri, box in enumerate(columns[col]):
            parts.append(_box(game, box, GAP + ci * (BOX_W + GAP), GAP + ri * (BOX_H + GAP)))
    label = f' aria-label="{escape(title)}"' if title else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="battle-board" role="img"{label} '
            f'viewBox="0 0 {fmt(width)} {fmt(height)}" width="{fmt(width)}" '
            f'height="{fmt(height)}" font-family="system-ui, sans-serif">'
            f'<rect width="{fmt(width)}" height="{fmt(height)}" rx="8" fill="#efe6cf" '
            f'stroke="#8a7650"/>' + "".join(parts) + "</svg>")


def _box(game: Game, box: Any, x: float, y: float) -> str:
    p = box.params
    spec = game.entity_types.get(box.type)
    name = game.display.entity(box.type).label
    least = max(1, min(3, _num(p, "least") or 1))
    need = _num(p, "need")
    held = {s: _num(p, s) for s in SYMBOLS}
    total = _num(p, "dice") or sum(held.values())
    ready = need > 0 and total >= need
    text = spec.description if spec is not None else ""
    takes = SYMBOLS[least - 1]
    tip = (f"{name}: takes {takes} dice or better; "
           + (f"{total} of {need} dice" if need else f"{total} dice (any number)")
           + (", ready" if ready else "") + (f". {text}" if text else ""))
    out = [f'<g class="box{" ready" if ready else ""}" data-id="{box.id}">'
           f"<title>{escape(tip)}</title>"
           f'<rect x="{fmt(x)}" y="{fmt(y)}" width="{fmt(BOX_W)}" height="{fmt(BOX_H)}" '
           f'rx="5" fill="#fffdf5" stroke="{"#b8860b" if ready else "#5d4e37"}" '
           f'stroke-width="{"3" if ready else "1.2"}"/>']
    out.append(f'<text x="{fmt(x + 6)}" y="{fmt(y + 14)}" font-size="11" '
               f'font-weight="700">{escape(name)}</text>')
    # the least symbol it takes, as a small die at the top right
    out.append(_die(x + BOX_W - 20, y + 4, takes, 15) +
               f'<text x="{fmt(x + BOX_W - 24)}" y="{fmt(y + 15)}" font-size="9" '
               f'text-anchor="end" fill="#555">{"+" if least < 3 else ""}</text>')
    # its slots, or the dice it holds
    dice = [s for s in SYMBOLS for _ in range(held[s])]
    dice += ["common"] * max(0, total - len(dice))  # a plain count: drawn as common dice
    slots = max(need, len(dice))
    for k in range(min(slots, 8)):
        dx, dy = x + 6 + k * 19, y + 22
        if k < len(dice):
            out.append(_die(dx, dy, dice[k], 16))
        else:
            out.append(f'<rect x="{fmt(dx)}" y="{fmt(dy)}" width="16" height="16" rx="3" '
                       f'fill="none" stroke="#8a7650" stroke-dasharray="3 2"/>')
    if not need:
        out.append(f'<text x="{fmt(x + 6 + min(len(dice), 7) * 19)}" y="{fmt(y + 34)}" '
                   f'font-size="9" fill="#777">{"" if dice else "any number of dice"}</text>')
    if ready:
        out.append(f'<text x="{fmt(x + BOX_W - 6)}" y="{fmt(y + 34)}" font-size="10" '
                   f'font-weight="700" text-anchor="end" fill="#8a6500">ready</text>')
    for k, line in enumerate(wrap_words(text, 30)[:4]):
        out.append(f'<text x="{fmt(x + 6)}" y="{fmt(y + 52 + 10.5 * k)}" font-size="8.8" '
                   f'fill="#444">{escape(line)}</text>')
    return "".join(out) + "</g>"


def _die(x: float, y: float, symbol: str, size: float) -> str:
    return (f'<rect x="{fmt(x)}" y="{fmt(y)}" width="{fmt(size)}" height="{fmt(size)}" '
            f'rx="3" fill="{_DIE_FILL[symbol]}" stroke="#333"/>'
            f'<text x="{fmt(x + size / 2)}" y="{fmt(y + size * 0.72)}" '
            f'font-size="{fmt(size * 0.6)}" font-weight="700" text-anchor="middle">'
            f"{_DIE_MARK[symbol]}</text>")


__all__ = ["battle_board_svg", "is_box_zone"]
