"""Board geometry: distances, shapes, reachability over tile costs, line of sight.

Tile types may declare ``cost`` (movement points to enter; ``None`` or a
negative cost: impassable), costs by kind of unit (``cost_by``, ``Board.unit_costs``:
every search takes the ``mover`` whose costs it counts) and ``blocks_sight`` (true: opaque).
Sides between cells (``engine.sides``) add to the cost of a step across them or close it,
and may block sight.

Square boards step to 8 neighbours or 4 (``Board.neighbours``, or ``diagonal``); hex
boards to 6, worked out in cube coordinates by ``hexes``. Every search runs over cell
indices ``y * width + x`` with neighbour tables built once per board (``cells``), so
the topology is decided there and nowhere else. What blocks a way is a set of
positions (``blockers``: every unit, the mover's enemies, or nothing).

One module because distance, reach, paths, lines and sight all read the board through
one set of neighbour tables and one metric, past 500 lines since the sides between cells
joined them: apart, a rule of one (a hex's edge, a side, a link) could drift from the
others.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from . import hexes, links, sides
from .actions import Pos
from .cells import Overrides, cheapest_costs, neighbour_table, passable, terrain
from .state import State

if TYPE_CHECKING:
    from .spec import Board

def distance(a: tuple[int, int], b: tuple[int, int], metric: str = "chebyshev") -> float:
    """The distance between two positions under a board metric (a hex board's metric is
    ``hex-`` and its layout: the number of hex steps)."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    if metric == "chebyshev":
        return max(dx, dy)
    if metric == "manhattan":
        return dx + dy
    if metric.startswith("hex-"):
        return hexes.distance(metric[4:], a, b)
    if metric.startswith("links-"):
        return links.hops(metric, a, b)
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
    east, south = hexes.drawn_steps(board.hex_layout, x, y)  # half hexes along, rows across
    if board.hex_layout.startswith("flat"):
        return (1.5 * east + 1.0, _ROOT3 / 2 * (south + 1))
    return (_ROOT3 / 2 * (east + 1), 1.5 * south + 1.0)


_SHAPE_CACHE_SIZE = 100_000
"""The most shapes a board keeps (``shape``); past it the board starts a new table."""


def shape(state: State, center: tuple[int, int], kind: str,
          radius: float) -> tuple[Pos, ...]:
    """On-board positions of a shape around ``center``, row by row (worked out once per
    board, center, kind and radius: the board never changes).

    Square boards: ``circle``: Euclidean distance ≤ radius; ``square``: Chebyshev ≤
    radius; ``cross``: the same row or column within radius; ``diamond``: Manhattan ≤
    radius; ``ring``: the board's distance d with radius - 1 < d ≤ radius (exactly
    ``radius`` under a whole-number metric); ``all``: the whole board.
    Hex boards: ``circle``, ``square`` and ``diamond`` are all the hexes within ``radius``
    steps (a hex board has one kind of disc); ``ring`` those exactly
    ``radius`` steps away; ``cross`` the three straight lines of hexes through the center,
    within ``radius``.
    """
    b = state.game.board
    cache: dict[Any, tuple[Pos, ...]] | None = b.__dict__.get("_shapes")
    if cache is None or len(cache) >= _SHAPE_CACHE_SIZE:
        cache = {}
        object.__setattr__(b, "_shapes", cache)
    key = (center, kind, radius)
    found = cache.get(key)
    if found is None:
        found = cache[key] = tuple(_shape(b, center, kind, radius))
    return found


def _shape(b: Board, center: tuple[int, int], kind: str, radius: float) -> list[Pos]:
    if kind == "all":
        return [Pos(x, y) for y in range(b.height) for x in range(b.width)]
    if kind not in _SHAPES:
        raise ValueError(f"unknown shape '{kind}' ({', '.join(_SHAPES)}, all)")
    r = math.floor(radius)
    if b.links:  # a point-to-point map: the cells so many links away (a cross is a disc)
        return [c for c in b.cells if (d := distance(center, c, b.metric)) <= radius
                and (kind != "ring" or d == r)]
    cx, cy = center
    out = []
    hexed = b.topology == "hex"
    layout = b.hex_layout or "pointy-odd"
    metric = b.metric
    # Every disc of radius r, square or hex (offset or axial), lies in the Chebyshev
    # square of radius r around its center in map coordinates.
    for y in range(max(0, cy - r), min(b.height, cy + r + 1)):
        for x in range(max(0, cx - r), min(b.width, cx + r + 1)):
            if hexed:
                d = hexes.distance(layout, center, (x, y))
                if kind == "ring":
                    ok = d == r
                elif kind == "cross":
                    ok = d <= radius and hexes.on_axis(layout, center, (x, y))
                else:
                    ok = d <= radius
            else:
                dx, dy = abs(x - cx), abs(y - cy)
                if kind == "square":
                    ok = True
                elif kind == "circle":
                    ok = dx * dx + dy * dy <= radius * radius
                elif kind == "cross":
                    ok = dx == 0 or dy == 0
                elif kind == "diamond":
                    ok = dx + dy <= radius
                else:  # ring
                    ok = radius - 1 < distance(center, (x, y), metric) <= radius
            if ok:
                out.append(Pos(x, y))
    return out


_SHAPES = ("circle", "square", "cross", "diamond", "ring")


def mover_costs(state: State, mover: Any) -> Overrides:
    """The tile (and side) costs ``mover`` (an entity, an entity type's name, or ``None``:
    any unit) pays apart from the board's own (``Board.unit_costs``); ``()`` on a board
    whose tiles and sides cost every unit alike."""
    b = state.game.board
    if mover is None or not b.per_unit:
        return ()
    name = mover if isinstance(mover, str) else getattr(mover, "type", None)
    if not isinstance(name, str):
        return ()
    et = state.game.entity_types.get(name)
    return b.unit_costs(name, et.tags if et is not None else frozenset())


def side_steps(state: State, mover: Any = None) -> tuple[frozenset[int], dict[int, float]]:
    """The steps across sides between cells that ``mover`` (as in ``tile_cost``) may not
    take, and the points the sides add to the others, by the key ``i * size + j`` of the
    step from cell i to cell j (``sides.step_table``)."""
    return sides.step_table(state.game.board, sides.side_costs_in(mover_costs(state, mover)))


def step_cost(state: State, a: tuple[int, int], b: tuple[int, int], mover: Any = None
              ) -> float | None:
    """Movement points for one step from ``a`` to the neighbouring ``b``: the cost to enter
    ``b`` and what a side between them adds, never below 0 (``None``: ``b`` cannot be
    entered, or the side between cannot be crossed), for ``mover`` as in ``tile_cost``."""
    cost = tile_cost(state, b, mover)
    board = state.game.board
    if cost is None or not board.sides:
        return cost
    w, size = board.width, board.size
    i, j = a[1] * w + a[0], b[1] * w + b[0]
    closed, extra = side_steps(state, mover)
    if i * size + j in closed:
        return None
    return max(0.0, cost + extra.get(i * size + j, 0.0))


def tile_cost(state: State, pos: tuple[int, int], mover: Any = None) -> float | None:
    """Movement points to enter a tile (``None``: impassable), for ``mover`` (an entity or
    an entity type's name; ``None``: the tile's own cost)."""
    b = state.game.board
    tile = state.tiles[pos[1] * b.width + pos[0]]
    cost = b.tile_types.get(tile, {}).get("cost", 1)
    for name, paid in mover_costs(state, mover):
        if name == tile:
            cost = paid
            break
    if cost is None or cost < 0:
        return None
    return float(cost)


BLOCKING = ("units", "enemies", "nothing")
"""What may block a way: every unit (the default), only the mover's enemies, nothing."""


def blockers(state: State, blocked_by: str = "units", mover_owner: int | None = None
             ) -> frozenset[Pos] | dict[Pos, int]:
    """The positions a way may not cross: those holding units (``units``), those holding a
    unit of another owner than ``mover_owner`` (``enemies``; a neutral unit is nobody's
    friend), or none (``nothing``)."""
    if blocked_by == "units":
        return state.at_
    if blocked_by == "nothing":
        return frozenset()
    if blocked_by != "enemies":
        raise ValueError(f"unknown `blocked_by` '{blocked_by}' ({', '.join(BLOCKING)})")
    ents = state.entities_
    sides = state.game.sides
    if sides is not None and mover_owner is not None:  # with teams, a side lets its own by
        return frozenset(p for e in ents.values() if (p := e.pos) is not None
                         and (e.owner is None or sides[e.owner] != sides[mover_owner]))
    return frozenset(p for e in ents.values()
                     if (p := e.pos) is not None and (e.owner is None or e.owner != mover_owner))


def reachable(state: State, start: tuple[int, int], budget: float,
              diagonal: bool | None = None, blocked: Iterable[tuple[int, int]] | None = None,
              mover: Any = None) -> dict[Pos, float]:
    """Positions reachable from ``start`` within ``budget`` movement points, with their cost.

    Entering a tile costs its ``cost``; the positions of ``blocked`` (by default the
    occupied ones) cannot be entered or crossed. ``start`` itself is included at cost 0.
    ``diagonal`` (square boards; ``None``: the board's ``neighbours``) allows diagonal steps.
    ``mover`` (an entity or an entity type's name) pays its own costs (``mover_costs``).
    """
    return stopping_costs(state, start, budget, diagonal, frozenset(), None, blocked, mover)


def path_distance(state: State, a: tuple[int, int], b: tuple[int, int],
                  diagonal: bool | None = None, blocked: Iterable[tuple[int, int]] | None = None,
                  mover: Any = None) -> float:
    """The cheapest movement cost from ``a`` to ``b`` (``inf`` if unreachable).

    The positions of ``blocked`` (by default the occupied ones) block the way, except
    the destination itself.
    """
    if not state.game.board.contains(b) or not state.game.board.contains(a):
        return math.inf
    costs = stopping_costs(state, a, math.inf, diagonal, frozenset(), b, blocked, mover)
    return costs.get(Pos(b[0], b[1]), math.inf)


def zone_of_control(state: State, centers: Iterable[tuple[int, int]]) -> frozenset[Pos]:
    """The on-board positions within distance 1 (under the board's metric) of any center,
    but across a side that stops a zone of control (``sides.zoc_closed``: a wall)."""
    b = state.game.board
    w, h = b.width, b.height
    around = neighbour_table(b, b.metric == "chebyshev")  # within 1: 8 neighbours, 4, or 6 hexes
    cells = b.cells
    shut = sides.zoc_closed(b) if b.sides else frozenset()
    size = b.size
    out: set[Pos] = set()
    for x, y in centers:
        if 0 <= x < w and 0 <= y < h:
            i = y * w + x
            out.add(cells[i])
            if shut:
                out.update(cells[j] for j in around[i] if i * size + j not in shut)
            else:
                out.update(cells[j] for j in around[i])
        else:  # off the board, but maybe next to its edge
            out.update(Pos(x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                       if 0 <= x + dx < w and 0 <= y + dy < h
                       and distance((x, y), (x + dx, y + dy), b.metric) <= 1)
    return frozenset(out)


def stopping_costs(state: State, start: tuple[int, int], budget: float, diagonal: bool | None,
                   stops: frozenset[Pos], goal: tuple[int, int] | None = None,
                   blocked: Iterable[tuple[int, int]] | None = None, mover: Any = None
                   ) -> dict[Pos, float]:
    """Cheapest movement costs from ``start`` where entering a position of ``stops``
    ends the movement there (it is reached, never crossed; ``start`` itself is left freely).

    The positions of ``blocked`` (by default the occupied ones) cannot be entered, except
    ``goal``; once ``goal`` is reached the search stops, and its cost is in the result.
    Positions costing more than ``budget`` are left out; ``start`` is included at cost 0.
    """
    best = _search(state, start, budget, diagonal, stops, goal, blocked, None, mover)
    cells = state.game.board.cells
    return {cells[i]: c for i, c in best.items()}


def reachable_cells(state: State, start: tuple[int, int], budget: float,
                    diagonal: bool | None = None, stops: frozenset[Pos] = frozenset(),
                    blocked: Iterable[tuple[int, int]] | None = None, mover: Any = None
                    ) -> list[Pos]:
    """The positions ``stopping_costs`` reaches (without a goal), ``start`` left out,
    row by row: what a `reachable` query lists, without building the costs."""
    best = _search(state, start, budget, diagonal, stops, None, blocked, None, mover)
    cells = state.game.board.cells
    origin = start[1] * state.game.board.width + start[0]
    return [cells[i] for i in sorted(best) if i != origin]


def cheapest_path(state: State, start: tuple[int, int], goal: tuple[int, int],
                  diagonal: bool | None = None, blocked: Iterable[tuple[int, int]] | None = None,
                  budget: float = math.inf, stops: frozenset[Pos] = frozenset(),
                  mover: Any = None) -> list[Pos] | None:
    """The positions of a cheapest way from ``start`` to ``goal``, ``start`` left out and
    ``goal`` last (``[]`` when they are the same; ``None`` when there is no way within
    ``budget``). Ties go to the way whose cells come first row by row at each step back
    from the goal, so the same board always gives the same path. A way enters a cell of
    ``stops`` (a zone of control) only as its last step, as ``reachable`` with
    ``stop_near`` reaches it."""
    b = state.game.board
    if not b.contains(goal) or not b.contains(start):
        return None
    parent: dict[int, int] = {}
    best = _search(state, start, budget, diagonal, stops, goal, blocked, parent, mover)
    w = b.width
    i = goal[1] * w + goal[0]
    if i not in best:
        return None
    origin = start[1] * w + start[0]
    out: list[Pos] = []
    cells = b.cells
    while i != origin:
        out.append(cells[i])
        i = parent[i]
    out.reverse()
    return out


MAX_PATHS = 1000
"""The most ways ``all_paths`` lists before it gives up with an error."""


def all_paths(state: State, start: tuple[int, int], goal: tuple[int, int],
              budget: float | None = None, diagonal: bool | None = None,
              blocked: Iterable[tuple[int, int]] | None = None, mover: Any = None
              ) -> list[tuple[Pos, ...]]:
    """The ways from ``start`` to ``goal`` (each the positions after ``start``, ``goal``
    last): every cheapest one, or with ``budget`` every one that never enters a square
    twice and costs at most ``budget``. Cheapest first, then row by row. More than
    ``MAX_PATHS`` ways is an error (narrow the budget)."""
    b = state.game.board
    if not b.contains(goal) or not b.contains(start) or tuple(start) == tuple(goal):
        return []
    w = b.width
    t = terrain(state.tiles, b, mover_costs(state, mover))
    enter, closed, extra, size = t.enter, t.closed, t.extra, b.size
    around = neighbour_table(b, b.neighbours != 4 if diagonal is None else diagonal)
    origin, target = start[1] * w + start[0], goal[1] * w + goal[0]
    taken = {q[1] * w + q[0] for q in (state.at_ if blocked is None else blocked)}
    taken.discard(target)
    # The cheapest cost from each cell on to the goal (entering the cells after it).
    to_goal: dict[int, float] = {target: 0.0}
    heap: list[tuple[float, int]] = [(0.0, target)]
    while heap:
        cost, i = heapq.heappop(heap)
        if cost > to_goal[i]:
            continue
        step = enter[i]
        if step is None or (i in taken and i != target):
            continue
        for j in around[i]:
            if closed and j * size + i in closed:  # a side no one crosses
                continue
            total = cost + (step if not extra else max(0.0, step + extra.get(j * size + i, 0.0)))
            if total < to_goal.get(j, math.inf):
                to_goal[j] = total
                heapq.heappush(heap, (total, j))
    least = to_goal.get(origin, math.inf)
    limit = least if budget is None else budget
    if least > limit:
        return []
    cells = b.cells
    found: list[tuple[float, tuple[int, ...]]] = []
    way: list[int] = []

    def walk(i: int, spent: float) -> None:
        for j in around[i]:
            step = enter[j]
            if step is None or (j in taken) or j in way or j == origin:
                continue
            if closed and i * size + j in closed:
                continue
            if extra:
                step = max(0.0, step + extra.get(i * size + j, 0.0))
            cost = spent + step
            if cost + to_goal.get(j, math.inf) > limit + 1e-9:
                continue
            way.append(j)
            if j == target:
                found.append((cost, tuple(way)))
                if len(found) > MAX_PATHS:
                    raise ValueError(f"more than {MAX_PATHS} ways from {tuple(start)} to "
                                     f"{tuple(goal)} within {limit}: narrow the budget")
            else:
                walk(j, cost)
            way.pop()

    walk(origin, 0.0)
    found.sort(key=lambda f: (f[0], [(cells[i][1], cells[i][0]) for i in f[1]]))
    return [tuple(cells[i] for i in f[1]) for f in found]


def _search(state: State, start: tuple[int, int], budget: float, diagonal: bool | None,
            stops: frozenset[Pos], goal: tuple[int, int] | None,
            blocked: Iterable[tuple[int, int]] | None, parent: dict[int, int] | None,
            mover: Any = None) -> dict[int, float]:
    """The cheapest cost of each cell within ``budget`` (see ``stopping_costs``), by cell
    index; ``parent`` (when given) records where each came from. Read-only: a search
    without blockers, stops, goal or parent is kept on the board's terrain and shared."""
    b = state.game.board
    x, y = start
    if not (0 <= x < b.width and 0 <= y < b.height):
        return {}
    t = terrain(state.tiles, b, mover_costs(state, mover))
    key = 6 if b.topology == "hex" else (8 if (b.neighbours != 4 if diagonal is None
                                                 else diagonal) else 4)
    origin = y * b.width + x
    free = not stops and goal is None and parent is None
    if free and blocked is not None and not blocked:  # nothing blocks: the terrain decides
        memo = t.memo
        found = memo.get((origin, budget, key))
        if found is None:
            found = cheapest_costs(t, passable(t, b, key), origin, budget, -1, set(), set(), None)
            if len(memo) >= 4096:
                memo.clear()
            memo[(origin, budget, key)] = found
        return found
    w = b.width
    taken = {q[1] * w + q[0] for q in (state.at_ if blocked is None else blocked)}
    halt = {q[1] * w + q[0] for q in stops}
    halt.discard(origin)
    target = goal[1] * w + goal[0] if goal is not None else -1
    return cheapest_costs(t, passable(t, b, key), origin, budget, target, taken, halt, parent)


def neighbours(board: Board, pos: tuple[int, int], diagonal: bool | None = None) -> list[Pos]:
    """The on-board positions one step from ``pos`` (``diagonal`` as in ``reachable``)."""
    if not board.contains(pos):
        return []
    cells = board.cells
    around = neighbour_table(board, board.neighbours != 4 if diagonal is None else diagonal)
    return [cells[j] for j in around[pos[1] * board.width + pos[0]]]


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


def square_line(a: tuple[int, int], b: tuple[int, int], side: int = 1) -> tuple[list[Pos], bool]:
    """The squares a straight line between the centres of ``a`` and ``b`` passes through,
    one per step along its longer axis: at each step the square nearest the line. Where
    the line passes exactly between two squares (through their shared edge or corner), the
    one taken is the higher (``side`` 1) or the lower (``side`` -1) along the shorter axis;
    the same squares whichever end it is drawn from. Also whether there was such a tie."""
    (x0, y0), (x1, y1) = a, b
    dx, dy = x1 - x0, y1 - y0
    n = max(abs(dx), abs(dy))
    if n == 0:
        return [Pos(x0, y0)], False
    out = []
    tie = False
    for i in range(n + 1):
        cell = []
        for start, d in ((x0, dx), (y0, dy)):
            twice = 2 * (start * n + d * i)  # twice the coordinate, in n-ths
            up = (twice + n) // (2 * n)  # the nearest square, a half rounded up
            if (twice + n) % (2 * n) == 0:  # exactly half way between two squares
                tie = True
                cell.append(up if side > 0 else up - 1)
            else:
                cell.append(up)
        out.append(Pos(cell[0], cell[1]))
    return out, tie


def board_line(board: Board, a: tuple[int, int], b: tuple[int, int], side: int = 1) -> list[Pos]:
    """The cells a straight line from ``a`` to ``b`` crosses, both ends included: the
    squares nearest the line on a square board (``square_line``), the hex line
    (``hexes.line``) on a hex board, without the hexes off the board that a line along its
    jagged edge may graze; a line exactly between two cells is nudged to ``side``."""
    if board.links:  # a point-to-point map: a line is the two ends (sight is not blocked)
        return [Pos(*a)] if a == b else [Pos(*a), Pos(*b)]
    if board.topology == "hex":  # a line along a jagged edge may leave the board: not kept
        return [Pos(x, y) for x, y in hexes.line(board.hex_layout or "pointy-odd", a, b, side)
                if 0 <= x < board.width and 0 <= y < board.height]
    return square_line(a, b, side)[0]


def tiles_on_line(state: State, a: tuple[int, int], b: tuple[int, int]) -> list[str]:
    """The tile types of the cells from ``a`` to ``b`` (``board_line``), both ends included."""
    board = state.game.board
    tiles = state.tiles
    width = board.width
    return [tiles[p[1] * width + p[0]] for p in board_line(board, a, b)]


def line_of_sight(state: State, a: tuple[int, int], b: tuple[int, int],
                  entities_block: bool = False) -> bool:
    """Whether nothing opaque stands strictly between ``a`` and ``b``, and the line
    between their centres crosses no side that blocks sight (``sides.sight_blocked``).

    A line that runs exactly along the edge between two cells (or through the corner of
    two squares) is drawn nudged to either side (``hexes.line``, ``square_line``); sight
    passes when either is clear, so it is the same both ways. On a point-to-point map
    (``Board.links``) nothing blocks sight."""
    board = state.game.board
    if not board.open_sight:  # a point-to-point map, or sides that block sight
        if board.links:  # sight is counted in links, never blocked
            return True
        return _sight_past_sides(state, a, b, entities_block)
    if board.topology == "hex":
        return (_clear(state, board_line(board, a, b, 1), a, b, entities_block)
                or _clear(state, board_line(board, a, b, -1), a, b, entities_block))
    cells, tie = square_line(a, b, 1)
    return (_clear(state, cells, a, b, entities_block)
            or (tie and _clear(state, square_line(a, b, -1)[0], a, b, entities_block)))


def _sight_past_sides(state: State, a: tuple[int, int], b: tuple[int, int],
                      entities_block: bool) -> bool:
    """``line_of_sight`` on a board with sides that block sight: the tiles and the sides
    clear on one side of the line, nudged one way or the other (kept apart from
    ``line_of_sight``, which every game's sight runs through)."""
    board = state.game.board
    for s in (1, -1):
        if _clear(state, board_line(board, a, b, s), a, b, entities_block) \
                and not sides.sight_blocked(board, a, b, s):
            return True
    return False


def _clear(state: State, cells: Iterable[Pos], a: tuple[int, int], b: tuple[int, int],
           entities_block: bool) -> bool:
    board = state.game.board
    for p in cells:
        if p in (a, b):
            continue
        props = board.tile_types.get(state.tiles[p[1] * board.width + p[0]], {})
        if props.get("blocks_sight"):
            return False
        if entities_block and p in state.at_:
            return False
    return True

def closed(s: State, value: Any, mover: Any = None) -> str:
    """Why no one (or ``mover``) may stand at a position, in words for a refusal: off the
    board, or a tile no one (or no unit of its kind) may enter (`` (lake: no one may enter
    it)``); else nothing."""
    board = s.game.board
    if not isinstance(value, tuple) or len(value) != 2 or not board.contains(value):
        return " (off the board)"
    tile = s.tiles[value[1] * board.width + value[0]]
    if tile_cost(s, value) is None:
        return f" ({tile}: no one may enter it)"
    if mover is not None and tile_cost(s, value, mover) is None:
        name = mover if isinstance(mover, str) else getattr(mover, "type", "")
        return f" ({tile}: no {name} may enter it)"
    return ""
