"""Movement over cell indices: what a tile layout means for movement (``Terrain``: the
cost to enter each cell, each cell's passable neighbours) and the search of the cheapest
costs from a cell (``cheapest_costs``), breadth first when every passable cell costs the same.

Cells are numbered ``y * width + x``; the neighbour tables (``neighbour_table``) are
built once per board and the terrain once per tile layout, both kept on the board, so
a search does no set-up. ``geometry`` answers the questions (reachable positions,
path distances, cheapest paths) on top of this.
"""

from __future__ import annotations

import heapq
import math
from typing import TYPE_CHECKING

from . import hexes, sides

if TYPE_CHECKING:
    from .spec import Board

_STEPS8 = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
_STEPS4 = _STEPS8[:4]


class Terrain:
    """What a tile layout means for movement, built once per layout: the cost to enter
    each cell (``None``: impassable), the steps across a side no one may take
    (``closed``) and the points sides add to others (``extra``), both by the key
    ``i * size + j`` of the step from cell i to cell j (``sides.step_table``), the one
    cost of every step when they are all alike (``step``; else ``None``), each cell's
    passable neighbours by kind of step (``open``: 4, 8 or 6) and the searches nothing
    blocks (``memo``)."""

    __slots__ = ("closed", "enter", "extra", "memo", "open", "step")

    def __init__(self, enter: tuple[float | None, ...], closed: frozenset[int] = frozenset(),
                 extra: dict[int, float] | None = None) -> None:
        self.enter = enter
        self.closed = closed
        self.extra = extra or {}
        costs = {c for c in enter if c is not None}
        self.step = costs.pop() if len(costs) == 1 and not self.extra else None
        self.open: dict[int, tuple[tuple[int, ...], ...]] = {}
        self.memo: dict[tuple[int, float, int], dict[int, float]] = {}


Overrides = tuple[tuple[str | tuple[str], float | None], ...]
"""The costs a kind of unit pays apart from the board's own (``Board.unit_costs``):
``(tile type, cost)`` pairs, ``None`` for a tile it may not enter, and ``((side type,),
cost)`` pairs for the sides between cells (``sides.side_costs_in``); ``()`` for none."""


def terrain(tiles: tuple[str, ...], board: Board, over: Overrides = ()) -> Terrain:
    """The terrain of a tile layout for units that pay ``over`` (``()``: the tiles' and
    the sides' own costs), kept on the board (the last layout asked by identity, others
    by value: a layout changes only when a tile does)."""
    last = board.__dict__.get("_last_terrain")
    if last is not None and last[0] is tiles and last[1] == over:
        found: Terrain = last[2]
        return found
    cache: dict[tuple[tuple[str, ...], Overrides], Terrain] | None = \
        board.__dict__.get("_terrains")
    if cache is None:
        cache = {}
        object.__setattr__(board, "_terrains", cache)
    t = cache.get((tiles, over))
    if t is None:
        enter = entry_costs(tiles, board, over)
        t = (Terrain(enter, *sides.step_table(board, sides.side_costs_in(over)))
             if board.sides else Terrain(enter))
        if len(cache) >= 64:
            cache.clear()
        cache[(tiles, over)] = t
    object.__setattr__(board, "_last_terrain", (tiles, over, t))
    return t


def passable(t: Terrain, board: Board, key: int) -> tuple[tuple[int, ...], ...]:
    """The passable neighbours of every cell for steps of kind ``key`` (4, 8 or 6)."""
    found = t.open.get(key)
    if found is None:
        enter, closed, size = t.enter, t.closed, len(t.enter)
        found = tuple(tuple(j for j in near if enter[j] is not None
                            and (not closed or i * size + j not in closed))
                      for i, near in enumerate(neighbour_table(board, key == 8)))
        t.open[key] = found
    return found


def neighbour_table(board: Board, diagonal: bool) -> tuple[tuple[int, ...], ...]:
    """For each cell (by index ``y * width + x``), the indices of the cells one step away
    (built once per board): 8 or 4 on a square board (``diagonal``), 6 on a hex board, the
    linked ones on a point-to-point map (``Board.links``)."""
    hexed = board.topology == "hex"
    key = "_linked" if board.links else "_neighbours6" if hexed else \
        "_neighbours8" if diagonal else "_neighbours4"
    cached: tuple[tuple[int, ...], ...] | None = board.__dict__.get(key)
    if cached is None:
        w, h = board.width, board.height
        if board.links:  # a point-to-point map: the cells a link joins, and no others
            near: list[set[int]] = [set() for _ in range(w * h)]
            for a, b in board.links:
                near[a].add(b)
                near[b].add(a)
            cached = tuple(tuple(sorted(n)) for n in near)
        elif hexed:
            layout = board.hex_layout or "pointy-odd"
            cached = tuple(tuple(ny * w + nx for nx, ny in hexes.neighbours(layout, x, y)
                                 if 0 <= nx < w and 0 <= ny < h)
                           for y in range(h) for x in range(w))
        else:
            steps = _STEPS8 if diagonal else _STEPS4
            cached = tuple(tuple((y + dy) * w + x + dx for dx, dy in steps
                                 if 0 <= x + dx < w and 0 <= y + dy < h)
                           for y in range(h) for x in range(w))
        object.__setattr__(board, key, cached)
    return cached


def entry_costs(tiles: tuple[str, ...], board: Board, over: Overrides = ()
                ) -> tuple[float | None, ...]:
    """The movement cost to enter each cell, row by row (``None``: impassable), for units
    that pay ``over`` (``()``: the tiles' own costs); kept on the board, by tile layout
    (a layout changes only when a tile does)."""
    cache: dict[tuple[tuple[str, ...], Overrides], tuple[float | None, ...]] | None = \
        board.__dict__.get("_entry_costs")
    if cache is None:
        cache = {}
        object.__setattr__(board, "_entry_costs", cache)
    costs = cache.get((tiles, over))
    if costs is None:
        paid = dict(over)
        out: list[float | None] = []
        for name in tiles:
            cost = paid[name] if name in paid else board.tile_types.get(name, {}).get("cost", 1)
            out.append(None if cost is None or cost < 0 else float(cost))
        costs = tuple(out)
        if len(cache) >= 64:
            cache.clear()
        cache[(tiles, over)] = costs
    return costs


def cheapest_costs(t: Terrain, around: tuple[tuple[int, ...], ...], origin: int,
                   budget: float, target: int, taken: set[int], halt: set[int],
                   parent: dict[int, int] | None) -> dict[int, float]:
    """The cheapest cost of each cell from ``origin`` within ``budget``, over the passable
    neighbours ``around`` of each cell; cells of ``taken`` are not entered (but
    ``target``), cells of ``halt`` are entered but not left, and the search stops once
    it takes ``target`` (``-1``: none). ``parent`` (when given) records where each
    cell was entered from.

    When every passable cell costs the same to enter, breadth first, ring by ring, each
    ring in cell order: the order Dijkstra's heap (cost, then cell index) would take them,
    so the costs, the order they are found in and ``parent`` are Dijkstra's. Otherwise
    Dijkstra with a heap; a step across a side pays what the side adds (``extra``: never
    below nothing)."""
    best: dict[int, float] = {origin: 0.0}
    step = t.step
    if step is not None:
        ring = [origin]
        cost = 0.0
        while ring:
            total = cost + step
            if total > budget:
                break
            nxt: list[int] = []
            for i in ring:
                if i == target:
                    return best
                if i in halt:
                    continue
                for j in around[i]:
                    if j in best or (j in taken and j != target):
                        continue
                    best[j] = total
                    nxt.append(j)
                    if parent is not None:
                        parent[j] = i
            nxt.sort()
            ring = nxt
            cost = total
        return best
    enter = t.enter
    heap: list[tuple[float, int]] = [(0.0, origin)]
    pop, push, inf = heapq.heappop, heapq.heappush, math.inf
    if t.extra:
        return _across_sides(t, around, best, heap, budget, target, taken, halt, parent)
    while heap:
        cost, i = pop(heap)
        if cost > best[i]:
            continue
        if i == target:
            break
        if i in halt:
            continue
        for j in around[i]:
            total = cost + enter[j]  # type: ignore[operator]  # passable: a number
            if total <= budget and total < best.get(j, inf) and (j not in taken or j == target):
                best[j] = total
                if parent is not None:
                    parent[j] = i
                push(heap, (total, j))
    return best


def _across_sides(t: Terrain, around: tuple[tuple[int, ...], ...], best: dict[int, float],
                  heap: list[tuple[float, int]], budget: float, target: int, taken: set[int],
                  halt: set[int], parent: dict[int, int] | None) -> dict[int, float]:
    """``cheapest_costs``'s Dijkstra on a board whose sides add to some steps' costs."""
    enter, extra, size = t.enter, t.extra, len(t.enter)
    pop, push, inf = heapq.heappop, heapq.heappush, math.inf
    while heap:
        cost, i = pop(heap)
        if cost > best[i]:
            continue
        if i == target:
            break
        if i in halt:
            continue
        base = i * size
        for j in around[i]:
            step = enter[j] + extra.get(base + j, 0.0)  # type: ignore[operator]  # passable
            total = cost + step if step > 0 else cost
            if total <= budget and total < best.get(j, inf) and (j not in taken or j == target):
                best[j] = total
                if parent is not None:
                    parent[j] = i
                push(heap, (total, j))
    return best
