"""Board geometry: distances, shapes, reachability over tile costs, line of sight.

Tile types may declare ``cost`` (movement points to enter; ``None`` or a
negative cost: impassable) and ``blocks_sight`` (true: opaque).
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from .actions import Pos
from .state import State

if TYPE_CHECKING:
    from .spec import Board

_STEPS8 = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
_STEPS4 = _STEPS8[:4]


def distance(a: tuple[int, int], b: tuple[int, int], metric: str = "chebyshev") -> float:
    """The distance between two positions under a board metric."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    if metric == "chebyshev":
        return max(dx, dy)
    if metric == "manhattan":
        return dx + dy
    return math.hypot(dx, dy)


_ROOT3 = math.sqrt(3)


def cell_centre(board: Board, pos: tuple[int, int]) -> tuple[float, float]:
    """Where a cell is drawn, in units of one cell: on a square board ``(x + 0.5, y + 0.5)``;
    on a hex board the centre of its hex, for hexes of side 1 (a pointy-topped hex is
    √3 wide and 2 tall; a flat-topped one 2 wide and √3 tall), with the board's top-left
    hex touching the origin. Every display (terminal, pictures, web page) places cells by
    this, so they agree on where a hex sits."""
    x, y = pos
    if board.topology != "hex":
        return (x + 0.5, y + 0.5)
    orient, _, offset = board.hex_layout.partition("-")
    if orient == "flat":  # columns of hexes: the pointy formulas with the axes swapped
        a, b = y, x
    else:
        a, b = x, y
    if offset == "axial":
        along = a + b / 2
    elif offset == "even":
        along = a + (0.5 if b % 2 == 0 else 0.0)
    else:
        along = a + (0.5 if b % 2 == 1 else 0.0)
    across = 1.5 * b + 1.0
    along_px = _ROOT3 * (along + 0.5)
    return (along_px, across) if orient != "flat" else (across, along_px)


def shape(state: State, center: tuple[int, int], kind: str, radius: float) -> list[Pos]:
    """On-board positions of a shape around ``center``, row by row.

    ``circle``: Euclidean distance ≤ radius; ``square``: Chebyshev ≤ radius;
    ``cross``: the same row or column within radius; ``diamond``: Manhattan ≤
    radius; ``all``: the whole board.
    """
    b = state.game.board
    if kind == "all":
        return [Pos(x, y) for y in range(b.height) for x in range(b.width)]
    r = math.floor(radius)
    cx, cy = center
    out = []
    for y in range(max(0, cy - r), min(b.height, cy + r + 1)):
        for x in range(max(0, cx - r), min(b.width, cx + r + 1)):
            dx, dy = abs(x - cx), abs(y - cy)
            if kind == "square":
                ok = True
            elif kind == "circle":
                ok = dx * dx + dy * dy <= radius * radius
            elif kind == "cross":
                ok = dx == 0 or dy == 0
            elif kind == "diamond":
                ok = dx + dy <= radius
            else:
                raise ValueError(f"unknown shape '{kind}' (circle, square, cross, diamond, all)")
            if ok:
                out.append(Pos(x, y))
    return out


def tile_cost(state: State, pos: tuple[int, int]) -> float | None:
    """Movement points to enter a tile (``None``: impassable)."""
    b = state.game.board
    props = b.tile_types.get(state.tiles[pos[1] * b.width + pos[0]], {})
    cost = props.get("cost", 1)
    if cost is None or cost < 0:
        return None
    return float(cost)


def reachable(state: State, start: tuple[int, int], budget: float, diagonal: bool = True,
              through_entities: bool = False) -> dict[Pos, float]:
    """Positions reachable from ``start`` within ``budget`` movement points, with their cost.

    Entering a tile costs its ``cost``; occupied tiles cannot be entered or
    crossed unless ``through_entities``. ``start`` itself is included at cost 0.
    """
    b = state.game.board
    steps = _STEPS8 if diagonal else _STEPS4
    best: dict[Pos, float] = {Pos(start[0], start[1]): 0.0}
    heap: list[tuple[float, int, int]] = [(0.0, start[0], start[1])]
    at = state.at
    while heap:
        cost, x, y = heapq.heappop(heap)
        if cost > best.get(Pos(x, y), math.inf):
            continue
        for dx, dy in steps:
            nx, ny = x + dx, y + dy
            if not (0 <= nx < b.width and 0 <= ny < b.height):
                continue
            p = Pos(nx, ny)
            if not through_entities and p in at:
                continue
            step = tile_cost(state, p)
            if step is None:
                continue
            total = cost + step
            if total <= budget and total < best.get(p, math.inf):
                best[p] = total
                heapq.heappush(heap, (total, nx, ny))
    return best


def path_distance(state: State, a: tuple[int, int], b: tuple[int, int],
                  diagonal: bool = True) -> float:
    """The cheapest movement cost from ``a`` to ``b`` (``inf`` if unreachable).

    Occupied tiles block the way, except the destination itself.
    """
    board = state.game.board
    steps = _STEPS8 if diagonal else _STEPS4
    goal = Pos(b[0], b[1])
    best: dict[Pos, float] = {Pos(a[0], a[1]): 0.0}
    heap: list[tuple[float, int, int]] = [(0.0, a[0], a[1])]
    while heap:
        cost, x, y = heapq.heappop(heap)
        if (x, y) == goal:
            return cost
        if cost > best.get(Pos(x, y), math.inf):
            continue
        for dx, dy in steps:
            nx, ny = x + dx, y + dy
            if not (0 <= nx < board.width and 0 <= ny < board.height):
                continue
            p = Pos(nx, ny)
            if p != goal and p in state.at:
                continue
            step = tile_cost(state, p)
            if step is None:
                continue
            total = cost + step
            if total < best.get(p, math.inf):
                best[p] = total
                heapq.heappush(heap, (total, nx, ny))
    return math.inf



def zone_of_control(state: State, centers: Iterable[tuple[int, int]]) -> frozenset[Pos]:
    """The on-board positions within distance 1 (under the board's metric) of any center."""
    b = state.game.board
    w, h = b.width, b.height
    around = _neighbours(b, b.metric == "chebyshev")  # within 1: 8 neighbours, or 4
    cells = b.cells
    out: set[Pos] = set()
    for x, y in centers:
        if 0 <= x < w and 0 <= y < h:
            i = y * w + x
            out.add(cells[i])
            out.update(cells[j] for j in around[i])
        else:  # off the board, but maybe next to its edge
            out.update(Pos(x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                       if 0 <= x + dx < w and 0 <= y + dy < h
                       and distance((x, y), (x + dx, y + dy), b.metric) <= 1)
    return frozenset(out)


def stopping_costs(state: State, start: tuple[int, int], budget: float, diagonal: bool,
                   stops: frozenset[Pos], goal: tuple[int, int] | None = None
                   ) -> dict[Pos, float]:
    """Cheapest movement costs from ``start`` where entering a position of ``stops``
    ends the movement there (it is reached, never crossed; ``start`` itself is left freely).

    Occupied tiles cannot be entered, except ``goal``; once ``goal`` is reached the
    search stops, and its cost is in the result. Positions costing more than ``budget``
    are left out; ``start`` is included at cost 0.
    """
    b = state.game.board
    w = b.width
    enter = _entry_costs(state.tiles, b)
    around = _neighbours(b, diagonal)
    origin = start[1] * w + start[0]
    target = goal[1] * w + goal[0] if goal is not None else -1
    taken = {q[1] * w + q[0] for q in state.at}
    halt = {q[1] * w + q[0] for q in stops}
    halt.discard(origin)
    best: dict[int, float] = {origin: 0.0}
    heap: list[tuple[float, int]] = [(0.0, origin)]
    pop, push, inf = heapq.heappop, heapq.heappush, math.inf
    while heap:
        cost, i = pop(heap)
        if cost > best[i]:
            continue
        if i == target:
            break
        if i in halt:
            continue
        for j in around[i]:
            step = enter[j]
            if step is None:
                continue
            total = cost + step
            if total <= budget and total < best.get(j, inf) and (j not in taken or j == target):
                best[j] = total
                push(heap, (total, j))
    cells = b.cells
    return {cells[i]: c for i, c in best.items()}


def _neighbours(board: Board, diagonal: bool) -> tuple[tuple[int, ...], ...]:
    """For each cell (by index ``y * width + x``), the indices of the cells one step away
    (built once per board)."""
    key = "_neighbours8" if diagonal else "_neighbours4"
    cached: tuple[tuple[int, ...], ...] | None = board.__dict__.get(key)
    if cached is None:
        w, h = board.width, board.height
        steps = _STEPS8 if diagonal else _STEPS4
        cached = tuple(tuple((y + dy) * w + x + dx for dx, dy in steps
                             if 0 <= x + dx < w and 0 <= y + dy < h)
                       for y in range(h) for x in range(w))
        object.__setattr__(board, key, cached)
    return cached


def _entry_costs(tiles: tuple[str, ...], board: Board) -> tuple[float | None, ...]:
    """The movement cost to enter each cell, row by row (``None``: impassable); kept on
    the board, by tile layout (a layout changes only when a tile does)."""
    cache: dict[tuple[str, ...], tuple[float | None, ...]] | None = \
        board.__dict__.get("_entry_costs")
    if cache is None:
        cache = {}
        object.__setattr__(board, "_entry_costs", cache)
    costs = cache.get(tiles)
    if costs is None:
        out: list[float | None] = []
        for name in tiles:
            cost = board.tile_types.get(name, {}).get("cost", 1)
            out.append(None if cost is None or cost < 0 else float(cost))
        costs = tuple(out)
        if len(cache) >= 64:
            cache.clear()
        cache[tiles] = costs
    return costs

def line(a: tuple[int, int], b: tuple[int, int]) -> Iterator[Pos]:
    """The cells from ``a`` to ``b`` (Bresenham), both ends included."""
    x0, y0 = a
    x1, y1 = b
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx, sy = (1 if x0 < x1 else -1), (1 if y0 < y1 else -1)
    err = dx + dy
    while True:
        yield Pos(x0, y0)
        if x0 == x1 and y0 == y1:
            return
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x0 += sx
        if e2 <= dx:
            err += dx
            y0 += sy


def tiles_on_line(state: State, a: tuple[int, int], b: tuple[int, int]) -> list[str]:
    """The tile types of the cells from ``a`` to ``b`` (``line``), both ends included."""
    board = state.game.board
    tiles = state.tiles
    width = board.width
    return [tiles[p[1] * width + p[0]] for p in line(a, b)]


def line_of_sight(state: State, a: tuple[int, int], b: tuple[int, int],
                  entities_block: bool = False) -> bool:
    """Whether nothing opaque stands strictly between ``a`` and ``b``."""
    board = state.game.board
    for p in line(a, b):
        if p in (a, b):
            continue
        props = board.tile_types.get(state.tiles[p[1] * board.width + p[0]], {})
        if props.get("blocks_sight"):
            return False
        if entities_block and p in state.at:
            return False
    return True
