"""Hex-grid arithmetic: the map's (column, row) positions and cube coordinates.

A hex board keeps positions as the map is written, ``(x, y)`` = (column, row); the
board's ``hex_layout`` says how those sit on the hex grid (see ``Board.hex_layout``).
Distances, neighbours and lines are worked out in cube coordinates ``(q, r, s)`` with
``q + r + s == 0``, where each of the six neighbours differs by one step along two axes.
Only ``q`` and ``r`` are kept (axial); ``s`` is ``-q - r``.

Lines: the usual hex line from the centre of one hex to the centre of another, the
hexes holding ``n + 1`` evenly spaced points of that segment (``n`` the distance). Where
such a point falls exactly on the edge between two hexes (a line running along an edge,
or crossing one at a sample), it belongs to both; ``line`` moves every point a hair to
one side of the segment (``side=1``) or to the other (``side=-1``), so it draws the
hexes on that side, and ``geometry.line_of_sight`` lets sight pass when either line is
clear: a wall on one side of the edge does not block a view along it; walls on both
sides do.
"""

from __future__ import annotations

LAYOUTS = ("pointy-odd", "pointy-even", "flat-odd", "flat-even", "pointy-axial", "flat-axial")
"""The ways a map's columns and rows may sit on the hex grid."""

DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""The six neighbour steps in axial coordinates (dq, dr)."""

_NUDGE = 1e-6


def to_cube(layout: str, x: int, y: int) -> tuple[int, int]:
    """The axial coordinates (q, r) of the map position (x, y)."""
    if layout == "pointy-odd":
        return x - (y - (y & 1)) // 2, y
    if layout == "pointy-even":
        return x - (y + (y & 1)) // 2, y
    if layout == "flat-odd":
        return x, y - (x - (x & 1)) // 2
    if layout == "flat-even":
        return x, y - (x + (x & 1)) // 2
    return x, y  # axial: the map's coordinates are the grid's


def from_cube(layout: str, q: int, r: int) -> tuple[int, int]:
    """The map position (x, y) of the axial coordinates (q, r)."""
    if layout == "pointy-odd":
        return q + (r - (r & 1)) // 2, r
    if layout == "pointy-even":
        return q + (r + (r & 1)) // 2, r
    if layout == "flat-odd":
        return q, r + (q - (q & 1)) // 2
    if layout == "flat-even":
        return q, r + (q + (q & 1)) // 2
    return q, r


def distance(layout: str, a: tuple[int, int], b: tuple[int, int]) -> int:
    """The number of hex steps between two map positions."""
    q1, r1 = to_cube(layout, a[0], a[1])
    q2, r2 = to_cube(layout, b[0], b[1])
    dq, dr = q1 - q2, r1 - r2
    return max(abs(dq), abs(dr), abs(dq + dr))


def neighbours(layout: str, x: int, y: int) -> list[tuple[int, int]]:
    """The six map positions one step from (x, y), on the board or not, in the order of
    ``DIRECTIONS`` (east first, then counter-clockwise as drawn on a pointy board)."""
    q, r = to_cube(layout, x, y)
    return [from_cube(layout, q + dq, r + dr) for dq, dr in DIRECTIONS]


def step(layout: str, pos: tuple[int, int], direction: tuple[int, int], n: int = 1
         ) -> tuple[int, int]:
    """The map position ``n`` steps from ``pos`` along an axial direction (dq, dr)."""
    q, r = to_cube(layout, pos[0], pos[1])
    return from_cube(layout, q + direction[0] * n, r + direction[1] * n)


def _round(fq: float, fr: float) -> tuple[int, int]:
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return q, r


def line(layout: str, a: tuple[int, int], b: tuple[int, int], side: int = 1
         ) -> list[tuple[int, int]]:
    """The map positions a straight line from ``a`` to ``b`` passes through, both ends
    included; ``side`` (1 or -1) picks which way a line along an edge is nudged."""
    q1, r1 = to_cube(layout, a[0], a[1])
    q2, r2 = to_cube(layout, b[0], b[1])
    n = max(abs(q1 - q2), abs(r1 - r2), abs(q1 - q2 + r1 - r2))
    if n == 0:
        return [(a[0], a[1])]
    eq, er = _NUDGE * side, _NUDGE * side  # and s by -2 nudges: the sum stays 0
    out = []
    for i in range(n + 1):
        t = i / n
        q, r = _round(q1 + (q2 - q1) * t + eq, r1 + (r2 - r1) * t + er)
        out.append(from_cube(layout, q, r))
    return out


def drawn_steps(layout: str, x: int, y: int) -> tuple[int, int]:
    """Where the centre of hex (x, y) is drawn, in whole steps, as (east, south): on a
    pointy-topped map east counts half hexes (a hex is two wide; a pushed row sits one
    further east) and south counts rows; on a flat-topped map east counts columns and
    south half hexes. Two hexes are as far east as each other exactly when their centres
    are drawn one above the other (``geometry.cell_centre`` draws them from this)."""
    orient, _, offset = layout.partition("-")
    a, b = (y, x) if orient == "flat" else (x, y)  # flat: the pointy sums, axes swapped
    if offset == "axial":
        along = 2 * a + b
    elif offset == "even":
        along = 2 * a + (1 if b % 2 == 0 else 0)
    else:
        along = 2 * a + (1 if b % 2 == 1 else 0)
    return (b, along) if orient == "flat" else (along, b)


def on_axis(layout: str, a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Whether ``b`` lies on one of the three straight lines of hexes through ``a``."""
    q1, r1 = to_cube(layout, a[0], a[1])
    q2, r2 = to_cube(layout, b[0], b[1])
    return q1 == q2 or r1 == r2 or q1 + r1 == q2 + r2


__all__ = ["DIRECTIONS", "LAYOUTS", "distance", "drawn_steps", "from_cube", "line",
           "neighbours", "on_axis", "step", "to_cube"]
