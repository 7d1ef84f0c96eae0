"""The `board:` section (and a scenario's own board): tile types, symbols, the layout,
the topology (square, with 8 or 4 neighbours, or hex in one of six layouts).

A layout is rows of tile symbols separated by spaces; each row's indentation is free.
On a hex board that lets the map look like the board: with pointy-topped hexes in
``pointy-odd`` rows, indent the odd rows (the 2nd, 4th…) by one space, in
``pointy-even`` the even ones, in an axial layout each row one space more than the
row above. Flat-topped hexes sit in columns, which text cannot shift: their rows are
written straight, and the odd (or even) columns are the ones drawn half a hex lower.

Sides are terrain on the edge between two cells (``engine.sides``): `side_types` declare
their kinds as `tile_types` declare the tiles' (`cost` added to a step across, `null`
for none; costs by kind of unit; `blocks_sight`; `params`, fixed numbers the rules read
as `side_between(a, b).NAME`), and `sides` place them, each between one cell and another,
or along a run of edges between two lists of cells (the banks of a river):

```yaml
board:
  side_types:
    river: {cost: 2, params: {defence: 1}}
    bridge: {cost: 0}
  sides:
    - {type: river, between: [[3, 0], [3, 1], [3, 2]], and: [[4, 0], [4, 1], [4, 2]]}
    - {type: bridge, between: [3, 1], and: [4, 1]}   # a later side replaces an earlier
```
"""

from __future__ import annotations

import dataclasses
import re
from functools import partial
from typing import Any

from ...engine import hexes
from ...engine.actions import Pos
from ...engine.hexes import LAYOUTS
from ...engine.spec import Board
from ..core import CompileState
from ..errors import did_you_mean
from ..reading import Skip, show
from ..source import Node
from .places import compile_places
from .state import compile_tile_params

PLAIN_TILE = "floor"
"""The engine's own plain tile: `.` with no `tiles`, the tiles of a `size` board with no
tile types."""


def compile_board(c: CompileState, node: Node | None) -> Board:
    """A board: its tile types, the symbols of its layout, its metric; a `layout` or a
    `size` (an empty board when there is no `board:`)."""
    if node is None:
        return Board()
    m = c.keys(node, ("layout", "tiles", "tile_types", "tile_params", "metric", "size",
                      "topology", "hex", "neighbours", "capacity", "places", "links",
                      "side_types", "sides"),
               "`board`")
    board = _grid(c, node, m)
    if "places" in m or "links" in m:
        if "links" in m and ("metric" in m or "neighbours" in m):
            key = "metric" if "metric" in m else "neighbours"
            c.fail(m[key].loc, f"a board with `links` steps along them and counts distance "
                   f"in them: `{key}` has no say", f"leave `{key}` out")
        board = compile_places(c, m.get("places"), m.get("links"), board)
    if "side_types" in m or "sides" in m:
        if board.links:
            key = "sides" if "sides" in m else "side_types"
            c.fail(m[key].loc, "sides lie on the edges between the cells of a square or hex "
                   "grid; a map of `links` has none", "leave out `links`, or the sides")
            raise Skip
        types = _side_types(c, m.get("side_types"))
        placed = _place_sides(c, m.get("sides"), types, board)
        board = dataclasses.replace(board, side_types=types, sides=placed)
    return board


def _grid(c: CompileState, node: Node, m: dict[str, Node]) -> Board:
    """The grid of a board: its tiles, their types and how distance is counted."""
    shape = _topology(c, m)
    params: list[str] = []
    if "capacity" in m:
        shape["capacity"] = _capacity(c, m["capacity"], params)
    tile_types: dict[str, dict[str, Any]] = {}
    for name, spec in c.need_map(m.get("tile_types"), "`tile_types`").items():
        props = c.keys(spec, ("cost", "blocks_sight", "params", "capacity"),
                       f"tile type `{name}`")
        if "params" in props:
            compile_tile_params(c, name, props["params"])
        entry: dict[str, Any] = {}
        if "capacity" in props:
            entry["capacity"] = _capacity(c, props["capacity"], params)
        if "cost" in props:
            _cost(c, name, props["cost"], entry, c.unit_cost_keys)
        if "blocks_sight" in props:
            entry["blocks_sight"] = c.flag(props["blocks_sight"], "`blocks_sight`")
        tile_types[name] = entry
    if params:
        if len(set(params)) > 1:
            c.fail(node.loc, f"capacities count different parameters: {sorted(set(params))}",
                   "one board counts one size parameter")
            raise Skip
        shape["stack_param"] = params[0]
    symbols: dict[str, str] = {}
    declared = tuple(tile_types)
    for sym, tname in c.need_map(m.get("tiles"), "`tiles`").items():
        t = c.need_str(tname, "a tile type")
        symbols[sym] = t
        if t not in tile_types:
            # An undeclared name is a plain tile type; one a letter or two off a declared
            # one is a misspelling that would silently lose that type's cost and sight.
            hint = did_you_mean(t, declared)
            if hint and t != PLAIN_TILE:  # the engine's own plain tile is no misspelling
                c.fail(tname.loc, f"tile type `{t}` is not in `tile_types`", hint)
        tile_types.setdefault(t, {})
    metric = "manhattan" if shape.get("neighbours") == 4 else "chebyshev"
    if "metric" in m:
        metric = c.need_str(m["metric"], "`metric`")
        if metric not in ("chebyshev", "manhattan", "euclidean"):
            c.fail(m["metric"].loc, f"unknown metric `{metric}`",
                   "chebyshev, manhattan or euclidean")
    if "tile_params" in m:  # every tile type's, declared once (a type's own come first)
        plain = () if tile_types else (PLAIN_TILE,)  # a `size` board of one plain type
        compile_tile_params(c, (*tile_types, *plain), m["tile_params"])
    if "layout" in m:
        return _layout(c, m["layout"], symbols, tile_types, metric, shape)
    if "size" in m:
        size = c.need_list(m["size"], "`size`")
        if len(size) != 2:
            c.fail(m["size"].loc, "`size` is [width, height]")
            raise Skip
        w = c.need_int(size[0], "the width", 1, 1000)
        h = c.need_int(size[1], "the height", 1, 1000)
        if w * h > 250_000:
            c.fail(m["size"].loc, "a board of more than 250000 tiles")
            raise Skip
        default = next(iter(tile_types), PLAIN_TILE)
        tile_types.setdefault(default, {})
        return Board(w, h, (default,) * (w * h), tile_types, metric, **shape)
    c.fail(node.loc, "a board needs a `layout` or a `size`")
    raise Skip


def _cost(c: CompileState, tile: str, node: Node, entry: dict[str, Any],
          keys: list[tuple[str, str, Any]], kind: str = "tile type") -> None:
    """A tile (or side) type's cost: a number, `null` (no one enters, or crosses), or costs
    by kind of unit (`{armor: 3, other: 2}`: `other` is the type's own cost, the rest go
    to `cost_by`, each key kept in ``keys`` to be checked once the units are known)."""
    if not node.is_map:
        entry["cost"] = None if node.value is None else c.need_num(node, "a cost")
        return
    by: dict[str, float | None] = {}
    for key, v in c.need_map(node, f"the cost of {kind} `{tile}`").items():
        cost = None if v.value is None else c.need_num(v, f"the cost of `{key}` on `{tile}`")
        if key == "other":
            entry["cost"] = cost
        else:
            by[key] = cost
            keys.append((key, tile, node.key_locs[key]))
    if by:
        entry["cost_by"] = by


def check_unit_costs(c: CompileState) -> None:
    """Each key of a tile's (or a side's) costs by kind of unit names an entity type or a
    tag of one."""
    tags = {t for et in c.entity_types.values() for t in et.tags}
    known = sorted({*c.entity_types, *tags})
    for kind, keys in (("tile type", c.unit_cost_keys), ("side type", c.side_cost_keys)):
        for key, name, loc in keys:
            if key not in c.entity_types and key not in tags:
                c.fail(loc, f"`{key}` in the cost of {kind} `{name}` is neither an entity "
                       "type nor a tag of one",
                       did_you_mean(key, known) or "keys: entity types, their tags, and "
                       "`other` for every other unit")


def _capacity(c: CompileState, node: Node, params: list[str]) -> int:
    """A capacity: a count (`capacity: 3`), or a size parameter and the most a square
    holds of it (`capacity: {param: size, max: 4}`; the parameter goes into ``params``)."""
    if node.is_map:
        m = c.keys(node, ("param", "max"), "`capacity`", ("param", "max"))
        params.append(c.need_str(m["param"], "a parameter name"))
        return c.need_int(m["max"], "`max`", 1)
    return c.need_int(node, "`capacity`", 1)


def _topology(c: CompileState, m: dict[str, Node]) -> dict[str, Any]:
    """The board's `topology`, `hex` layout and `neighbours`, as `Board` fields."""
    out: dict[str, Any] = {}
    topology = "square"
    if "topology" in m:
        topology = c.need_str(m["topology"], "`topology`")
        if topology not in ("square", "hex"):
            c.fail(m["topology"].loc, f"unknown topology `{topology}`", "square or hex")
            raise Skip
        out["topology"] = topology
    if "hex" in m:
        layout = c.need_str(m["hex"], "`hex`")
        if topology != "hex":
            c.fail(m["hex"].loc, "`hex` sets out a hex board", "add `topology: hex`")
            raise Skip
        if layout not in LAYOUTS:
            c.fail(m["hex"].loc, f"unknown hex layout `{layout}`", ", ".join(LAYOUTS))
            raise Skip
        out["hex_layout"] = layout
    elif topology == "hex":
        out["hex_layout"] = "pointy-odd"
    if "neighbours" in m:
        if topology == "hex":
            c.fail(m["neighbours"].loc, "a hex has 6 neighbours; `neighbours` is for "
                   "square boards")
            raise Skip
        n = c.need_int(m["neighbours"], "`neighbours`", 4, 8)
        if n not in (4, 8):
            c.fail(m["neighbours"].loc, "`neighbours` is 4 or 8")
            raise Skip
        out["neighbours"] = n
    if topology == "hex" and "metric" in m:
        c.fail(m["metric"].loc, "a hex board counts hex steps; `metric` is for square boards")
        raise Skip
    return out


def _layout(c: CompileState, node: Node, symbols: dict[str, str],
            tile_types: dict[str, dict[str, Any]], metric: str, shape: dict[str, Any]) -> Board:
    text = node.value
    if not isinstance(text, str):
        c.fail(node.loc, "`layout` is text: one row of tile symbols per line")
        raise Skip
    rows: list[list[tuple[str, int]]] = []  # each row's symbols, with their offsets
    ends: list[int] = []  # the offset just after each row's last symbol
    start = 0
    for line in text.splitlines(keepends=True):
        row = [(m.group(), start + m.start()) for m in re.finditer(r"\S+", line)]
        if row:
            rows.append(row)
            ends.append(row[-1][1] + len(row[-1][0]))
        start += len(line)
    if not rows:
        c.fail(node.loc, "the layout is empty")
        raise Skip
    width = len(rows[0])
    tiles: list[str] = []
    for y, row in enumerate(rows):
        if len(row) != width:
            at = row[width][1] if len(row) > width else ends[y]
            c.fail(node.text_loc(at), f"layout row {y + 1} has {len(row)} tiles, "
                   f"row 1 has {width}")
            raise Skip
        for sym, offset in row:
            if sym not in symbols:
                if not symbols and sym == ".":
                    symbols["."] = PLAIN_TILE
                    tile_types.setdefault(PLAIN_TILE, {})
                else:
                    c.fail(node.text_loc(offset),
                           f"layout row {y + 1}: unknown tile symbol `{sym}`",
                           f"declare it under `tiles`: {{'{sym}': tile_type}}")
                    # Reported; a declared type stands in for it, so that what names the
                    # board's tile types (display, effects) is checked against the rest.
                    tiles.append(next(iter(symbols.values()), PLAIN_TILE))
                    tile_types.setdefault(tiles[-1], {})
                    continue
            tiles.append(symbols[sym])
    return Board(width, len(rows), tuple(tiles), tile_types, metric, **shape)



def _side_types(c: CompileState, node: Node | None) -> dict[str, dict[str, Any]]:
    """`side_types`: each kind of side with its properties (see the module's notes); the
    names of their parameters go into ``c.side_params``. A mistake in one kind is reported
    and the others read on."""
    types: dict[str, dict[str, Any]] = {}
    for name, spec in c.need_map(node, "`side_types`").items():
        types[name] = {}
        if spec.value is not None:  # (`ditch:` alone: a side that only names itself)
            c.attempt(partial(_side_type, c, name, spec, types[name]))
    return types


def _side_type(c: CompileState, name: str, spec: Node, entry: dict[str, Any]) -> None:
    """One side type's properties, into ``entry``."""
    if spec.is_map and "blocks_move" in spec.value:
        c.fail(spec.key_locs.get("blocks_move", spec.loc), "a side no unit crosses is "
               "written `cost: null`, as a tile no unit enters", "cost: null")
        spec = Node({k: v for k, v in spec.value.items() if k != "blocks_move"},
                    spec.loc, spec.key_locs)
    props = c.keys(spec, ("cost", "blocks_sight", "blocks_zoc", "params"),
                   f"side type `{name}`")
    if "cost" in props:
        c.attempt(lambda: _cost(c, name, props["cost"], entry, c.side_cost_keys, "side type"))
    if "blocks_sight" in props:
        entry["blocks_sight"] = c.flag(props["blocks_sight"], "`blocks_sight`")
    if "blocks_zoc" in props:
        entry["blocks_zoc"] = c.flag(props["blocks_zoc"], "`blocks_zoc`")
    if "params" not in props:
        return
    params: dict[str, float] = {}
    entry["params"] = params
    node = props["params"]
    for pname, v in c.need_map(node, f"the `params` of side type `{name}`").items():
        if not pname.isidentifier():
            c.fail(node.key_locs.get(pname, v.loc), f"`{pname}` cannot be a parameter's "
                   "name", "letters, digits and _")
        elif v.is_map:
            c.fail(v.loc, f"a side's parameter is a fixed number, not {show(v)}",
                   f"{pname}: 1 (sides never change, so they have no bounds)")
        elif (value := c.attempt(partial(c.need_num, v, f"`{pname}` of side type "
                                                           f"`{name}`"))) is not None:
            params[pname] = value
            c.side_params.setdefault(pname, {})[name] = value


def _place_sides(c: CompileState, node: Node | None, types: dict[str, dict[str, Any]],
                 board: Board) -> tuple[tuple[int, int, str], ...]:
    """`sides`: each entry's `type` on the edge `between` one cell `and` another, or on
    every edge between a cell of one list and a cell of the other (each cell of either
    list must touch the other list). A later entry replaces an earlier one on the same
    edge (a bridge over a river)."""
    placed: dict[tuple[int, int], str] = {}
    w = board.width
    for item in c.need_list(node, "`sides` (each {type, between, and})"):
        def one(item: Node = item) -> None:
            m = c.keys(item, ("type", "between", "and"), "a side", ("type", "between", "and"))
            kind = c.need_str(m["type"], "a side's `type`")
            if kind not in types:
                c.fail(m["type"].loc, f"unknown side type `{kind}`",
                       did_you_mean(kind, types) or "declare it under `side_types`")
                raise Skip
            left = _side_cells(c, m["between"], board)
            right = _side_cells(c, m["and"], board)
            pairs = []
            for p, _ in left:
                for q, q_at in right:
                    if p == q:
                        c.fail(q_at.loc, f"{list(p)} is on both sides of a side")
                        raise Skip
                    if _share_edge(board, p, q):
                        pairs.append((p, q))
            if len(left) == 1 and len(right) == 1 and not pairs:
                (p, _), (q, q_at) = left[0], right[0]
                corner = board.topology != "hex" and abs(p.x - q.x) == abs(p.y - q.y) == 1
                c.fail(q_at.loc, f"{list(p)} and {list(q)} "
                       + ("meet only at a corner" if corner else "are not next to each other")
                       + ": a side lies on the edge two cells share",
                       "on a square board, squares side by side or one above the other"
                       if corner else "")
                raise Skip
            for cells, other, key in ((left, right, "and"), (right, left, "between")):
                for p, p_at in cells:
                    if not any(_share_edge(board, p, q) for q, _ in other):
                        c.fail(p_at.loc, f"{list(p)} shares an edge with none of the cells "
                               f"of `{key}`", "each cell of a run of sides touches the "
                               "other bank")
                        raise Skip
            for p, q in pairs:
                i, j = p.y * w + p.x, q.y * w + q.x
                placed[(min(i, j), max(i, j))] = kind
        c.attempt(one)
    return tuple((i, j, kind) for (i, j), kind in sorted(placed.items()))


def _share_edge(board: Board, a: Pos, b: Pos) -> bool:
    """Whether two cells share an edge: neighbouring hexes, or squares side by side."""
    if board.topology == "hex":
        return hexes.distance(board.hex_layout or "pointy-odd", a, b) == 1
    return abs(a.x - b.x) + abs(a.y - b.y) == 1


def _side_cells(c: CompileState, node: Node, board: Board) -> list[tuple[Pos, Node]]:
    """One cell or a list of them, each `[x, y]` or a place's name, with where each is
    written."""
    if node.is_list and len(node.value) == 2 and all(
            isinstance(v.value, int) and not isinstance(v.value, bool) for v in node.value):
        items = [node]  # one cell: [x, y]
    elif node.is_list:
        items = node.value
        if not items:
            c.fail(node.loc, "an empty list of cells")
            raise Skip
    else:
        items = [node]
    out: list[tuple[Pos, Node]] = []
    named = dict(board.places)
    for it in items:
        if isinstance(it.value, str):
            if it.value not in named:
                c.fail(it.loc, f"no place `{it.value}` on the board",
                       did_you_mean(it.value, named) or "a cell is [x, y] or a place's name")
                raise Skip
            pos = named[it.value]
        elif it.is_list and len(it.value) == 2:
            pos = Pos(c.need_int(it.value[0], "x"), c.need_int(it.value[1], "y"))
        else:
            c.fail(it.loc, f"a cell is [x, y] or a place's name, not {show(it)}")
            raise Skip
        if not board.contains(pos):
            c.fail(it.loc, f"{list(pos)} is off the {board.width}x{board.height} board")
            raise Skip
        out.append((pos, it))
    return out
