"""Sides between cells: terrain on the edge two neighbouring cells share — a river or a
wall on a hexside, a wall between two squares of a dungeon.

A board's ``side_types`` give each kind its properties: ``cost`` (movement points added to
a step across it; ``None``: no unit crosses), ``cost_by`` (costs by kind of unit, as a
tile type has them), ``blocks_sight`` and ``params`` (fixed numbers the rules read, such
as an attack across a river being halved). Its ``sides`` place them, each as ``(i, j,
type)`` with the two cells' indices ``y * width + x``, ``i < j``. Sides are part of the
rules, never of a state: nothing changes them during a game.

A side lies between two cells that share an edge: two hexes next to each other, or two
squares side by side (never two squares that meet only at a corner). A diagonal step on a
square board passes a corner, between two ways round it (through either square beside
both cells); it pays the cheaper way's sides, and it is closed only when both ways are —
a wall along one edge does not stop a unit slipping past the wall's end.

Sight: a straight line from the centre of one cell to the centre of another crosses the
edges of every cell it passes through; a side on one of them that ``blocks_sight`` blocks
it. Where the line passes exactly through a corner, or runs along an edge, it is taken
nudged a hair to one side or the other (``nudge`` 1 or -1), the same way as
``hexes.line`` and ``geometry.square_line`` nudge it past the tiles, so that
``geometry.line_of_sight`` can let sight pass when either way is clear.

What a search pays is worked out once per board and kind of unit (``step_table``): the
steps no one may take and the points added to the others, by the key ``i * size + j``.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise
from typing import TYPE_CHECKING

from . import hexes

if TYPE_CHECKING:
    from .spec import Board

SideCosts = tuple[tuple[str, float | None], ...]
"""The crossing costs a kind of unit pays apart from the side types' own: ``(side type,
cost)`` pairs, ``None`` for a side it may not cross; ``()`` for none (``side_costs_in``)."""


def side_index(board: Board) -> dict[int, str]:
    """Each side's type by the key ``i * size + j`` of its two cells, both ways round
    (built once per board)."""
    found: dict[int, str] | None = board.__dict__.get("_side_index")
    if found is None:
        size = board.width * board.height
        found = {}
        for i, j, kind in board.sides:
            found[i * size + j] = kind
            found[j * size + i] = kind
        object.__setattr__(board, "_side_index", found)
    return found


def side_between(board: Board, a: tuple[int, int], b: tuple[int, int]) -> str | None:
    """The type of the side between two cells (``None``: no side there, the cells are
    not next to each other, or one is off the board)."""
    if not board.sides or not board.contains(a) or not board.contains(b):
        return None
    w = board.width
    return side_index(board).get((a[1] * w + a[0]) * board.size + b[1] * w + b[0])


def side_param(board: Board, kind: str | None, name: str) -> float:
    """A parameter of a side type (0 for no side, or a type without it)."""
    if kind is None:
        return 0
    params = board.side_types.get(kind, {}).get("params")
    return params.get(name, 0) if isinstance(params, dict) else 0


def side_costs_in(over: tuple[tuple[str | tuple[str], float | None], ...]) -> SideCosts:
    """The crossing costs among the costs a kind of unit pays apart from the board's own
    (``Board.unit_costs``: the pairs keyed ``(side type,)``), as ``(side type, cost)``."""
    return tuple((k[0], v) for k, v in over if type(k) is tuple)


def crossing_cost(board: Board, kind: str, over: SideCosts = ()) -> float | None:
    """What a step across a side of type ``kind`` adds, for units that pay ``over``
    (``None``: they may not cross it)."""
    for name, cost in over:
        if name == kind:
            return cost
    cost = board.side_types.get(kind, {}).get("cost", 0)
    return None if cost is None else float(cost)


def step_table(board: Board, over: SideCosts = ()) -> tuple[frozenset[int], dict[int, float]]:
    """The steps units that pay ``over`` may not take, and the points the sides add to the
    others, each by the key ``i * size + j`` of the step from cell i to cell j (kept on
    the board by ``over``). On a square board the diagonal steps past a side's ends are
    in it too (see the module's notes)."""
    cache: dict[SideCosts, tuple[frozenset[int], dict[int, float]]] | None = \
        board.__dict__.get("_step_tables")
    if cache is None:
        cache = {}
        object.__setattr__(board, "_step_tables", cache)
    found = cache.get(over)
    if found is not None:
        return found
    size, w = board.size, board.width
    closed: set[int] = set()
    extra: dict[int, float] = {}
    cost_of: dict[int, float | None] = {}  # each side's crossing cost, by its key
    for i, j, kind in board.sides:
        cost = crossing_cost(board, kind, over)
        cost_of[i * size + j] = cost_of[j * size + i] = cost
        if cost is None:
            closed.update((i * size + j, j * size + i))
        elif cost:
            extra[i * size + j] = extra[j * size + i] = cost
    if board.topology != "hex":
        # The corners the sides end at: the two diagonal steps past each.
        corners: set[tuple[int, int]] = set()
        for i, j, _ in board.sides:
            (xi, yi), (xj, yj) = divmod(i, w)[::-1], divmod(j, w)[::-1]
            if yi == yj:  # side by side: the edge's top and bottom corners
                gx = max(xi, xj)
                corners.update(((gx, yi), (gx, yi + 1)))
            else:  # one above the other: its left and right corners
                gy = max(yi, yj)
                corners.update(((xi, gy), (xi + 1, gy)))
        for gx, gy in corners:
            for (x0, y0), (x1, y1) in (((gx - 1, gy - 1), (gx, gy)), ((gx, gy - 1), (gx - 1, gy))):
                if not (board.contains((x0, y0)) and board.contains((x1, y1))):
                    continue
                a, b = y0 * w + x0, y1 * w + x1
                ways = []
                for mid in (y0 * w + x1, y1 * w + x0):  # round by either square beside both
                    first = cost_of.get(a * size + mid, 0.0)
                    second = cost_of.get(mid * size + b, 0.0)
                    if first is not None and second is not None:
                        ways.append(first + second)
                if not ways:
                    closed.update((a * size + b, b * size + a))
                elif min(ways):
                    extra[a * size + b] = extra[b * size + a] = min(ways)
    found = cache[over] = (frozenset(closed), extra)
    return found


def blocks_zoc(props: dict[str, object]) -> bool:
    """Whether a zone of control stops at a side of these properties: as its `blocks_zoc`
    says, else when no unit may cross it (``cost`` ``None`` for every kind of unit)."""
    said = props.get("blocks_zoc")
    if isinstance(said, bool):
        return said
    by = props.get("cost_by")
    return props.get("cost", 0) is None and (
        not isinstance(by, dict) or all(v is None for v in by.values()))


def zoc_closed(board: Board) -> frozenset[int]:
    """The steps, by the key ``i * size + j``, that a zone of control does not reach
    across (``blocks_zoc``): a unit's zone stops at a wall, and on a square board at a
    corner only where both ways round are shut, as a step does. Empty when no side
    stops it (built once per board)."""
    found: frozenset[int] | None = board.__dict__.get("_zoc_closed")
    if found is None:
        stops = tuple((kind, None if blocks_zoc(props) else 0.0)
                      for kind, props in board.side_types.items())
        found = step_table(board, stops)[0] if any(c is None for _, c in stops) \
            else frozenset()
        object.__setattr__(board, "_zoc_closed", found)
    return found


def crossed(board: Board, a: tuple[int, int], b: tuple[int, int], nudge: int = 1
            ) -> Iterator[tuple[int, int]]:
    """The edges a straight line from the centre of ``a`` to the centre of ``b`` crosses, in
    order, each as the indices of the cells on either side (the one it leaves first); an
    edge to a cell off the board is left out. ``nudge`` (1 or -1) picks the side a line
    through a corner, or along an edge, passes on."""
    w, h = board.width, board.height
    steps = (_hex_steps(board.hex_layout or "pointy-odd", a, b, nudge)
             if board.topology == "hex" else _square_steps(a, b, nudge))
    for (x0, y0), (x1, y1) in steps:
        if 0 <= x0 < w and 0 <= y0 < h and 0 <= x1 < w and 0 <= y1 < h:
            yield y0 * w + x0, y1 * w + x1


def sight_blocked(board: Board, a: tuple[int, int], b: tuple[int, int], nudge: int = 1) -> bool:
    """Whether the line from ``a`` to ``b`` (nudged to ``nudge``) crosses a side that blocks
    sight."""
    index = side_index(board)
    types = board.side_types
    size = board.size
    for i, j in crossed(board, a, b, nudge):
        kind = index.get(i * size + j)
        if kind is not None and types.get(kind, {}).get("blocks_sight"):
            return True
    return False


def _square_steps(a: tuple[int, int], b: tuple[int, int], nudge: int
                  ) -> Iterator[tuple[tuple[int, int], tuple[int, int]]]:
    """The squares' edges the line from centre to centre crosses, in order, worked out in
    whole numbers: the k-th column edge is crossed at t = (2k - 1) / 2|dx| of the way, the
    k-th row edge at (2k - 1) / 2|dy|. Through a corner (both at once) the line passes by
    the square beside both that lies higher along the shorter axis (``nudge`` 1) or lower
    (-1): the square ``square_line`` takes where a line runs between two squares."""
    x, y = a
    dx, dy = b[0] - x, b[1] - y
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    nx, ny = abs(dx), abs(dy)
    k = j = 1
    while k <= nx or j <= ny:
        across = (2 * k - 1) * ny if k <= nx else None  # the next column edge, scaled
        down = (2 * j - 1) * nx if j <= ny else None  # the next row edge
        if down is None or (across is not None and across < down):
            order = "x"
        elif across is None or down < across:
            order = "y"
        elif nx >= ny:  # a corner, with y the shorter axis: by the square with the higher y
            order = "yx" if (sy > 0) == (nudge > 0) else "xy"
        else:  # with x the shorter axis: by the square with the higher x
            order = "xy" if (sx > 0) == (nudge > 0) else "yx"
        for axis in order:
            if axis == "x":
                yield (x, y), (x + sx, y)
                x += sx
                k += 1
            else:
                yield (x, y), (x, y + sy)
                y += sy
                j += 1


_NUDGE = 1e-6


def _hex_steps(layout: str, a: tuple[int, int], b: tuple[int, int], nudge: int
               ) -> Iterator[tuple[tuple[int, int], tuple[int, int]]]:
    """The hexes' edges the line from centre to centre crosses, in order: from each hex,
    the edge the line leaves it by is the one whose bisector (the plane half way between
    the two centres, in cube coordinates) it meets first, with the line moved as
    ``hexes.line`` moves it (q and r by a hair, times ``nudge``).

    A line along that hair's own direction (q and r changing alike) runs along edges
    from corner to corner, and the hair does not move it off them: ``hexes.line`` then
    settles each stretch by its rounding, and the edges crossed are those between the
    hexes it gives, one after the other, so that the line past the sides is the line
    past the tiles."""
    q, r = hexes.to_cube(layout, a[0], a[1])
    q1, r1 = hexes.to_cube(layout, b[0], b[1])
    dq, dr = q1 - q, r1 - r
    if dq == dr:
        cells = hexes.line(layout, a, b, nudge)
        yield from pairwise(cells)
        return
    ds = -dq - dr
    e = _NUDGE * nudge
    aq, ar = q + e, r + e  # where the nudged line starts (s is what makes 0)
    as_ = -aq - ar
    here = a
    for _ in range(4 * (abs(dq) + abs(dr) + abs(ds)) + 4):  # (a bound: never reached)
        if (q, r) == (q1, r1):
            return
        best = None
        for eq, er in hexes.DIRECTIONS:
            es = -eq - er
            towards = dq * eq + dr * er + ds * es
            if towards <= 0:
                continue
            # The bisector with the neighbour: P·d = C·d + 1 (|d|² = 2 in cube coordinates).
            t = (q * eq + r * er + (-q - r) * es + 1 - (aq * eq + ar * er + as_ * es)) / towards
            if best is None or t < best[0]:
                best = (t, eq, er)
        if best is None:
            return
        q, r = q + best[1], r + best[2]
        there = hexes.from_cube(layout, q, r)
        yield here, there
        here = there


__all__ = ["SideCosts", "blocks_zoc", "crossed", "crossing_cost", "side_between",
           "side_costs_in", "side_index", "side_param", "sight_blocked", "step_table",
           "zoc_closed"]
