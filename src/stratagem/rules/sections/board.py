"""The `board:` section (and a scenario's own board): tile types, symbols, the layout,
the topology (square, with 8 or 4 neighbours, or hex in one of six layouts).

A layout is rows of tile symbols separated by spaces; each row's indentation is free.
On a hex board that lets the map look like the board: with pointy-topped hexes in
``pointy-odd`` rows, indent the odd rows (the 2nd, 4th…) by one space, in
``pointy-even`` the even ones, in an axial layout each row one space more than the
row above. Flat-topped hexes sit in columns, which text cannot shift: their rows are
written straight, and the odd (or even) columns are the ones drawn half a hex lower.
"""

from __future__ import annotations

import re
from typing import Any

from ...engine.hexes import LAYOUTS
from ...engine.spec import Board
from ..core import CompileState
from ..errors import did_you_mean
from ..reading import Skip
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
                      "topology", "hex", "neighbours", "capacity", "places", "links"),
               "`board`")
    board = _grid(c, node, m)
    if "places" in m or "links" in m:
        if "links" in m and ("metric" in m or "neighbours" in m):
            key = "metric" if "metric" in m else "neighbours"
            c.fail(m[key].loc, f"a board with `links` steps along them and counts distance "
                   f"in them: `{key}` has no say", f"leave `{key}` out")
        board = compile_places(c, m.get("places"), m.get("links"), board)
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
            _cost(c, name, props["cost"], entry)
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


def _cost(c: CompileState, tile: str, node: Node, entry: dict[str, Any]) -> None:
    """A tile type's cost: a number, `null` (no one enters), or costs by kind of unit
    (`{armor: 3, other: 2}`: `other` is the tile's own cost, the rest go to `cost_by`)."""
    if not node.is_map:
        entry["cost"] = None if node.value is None else c.need_num(node, "a cost")
        return
    by: dict[str, float | None] = {}
    for key, v in c.need_map(node, f"the cost of tile type `{tile}`").items():
        cost = None if v.value is None else c.need_num(v, f"the cost of `{key}` on `{tile}`")
        if key == "other":
            entry["cost"] = cost
        else:
            by[key] = cost
            c.unit_cost_keys.append((key, tile, node.key_locs[key]))
    if by:
        entry["cost_by"] = by


def check_unit_costs(c: CompileState) -> None:
    """Each key of a tile's costs by kind of unit names an entity type or a tag of one."""
    tags = {t for et in c.entity_types.values() for t in et.tags}
    known = sorted({*c.entity_types, *tags})
    for key, tile, loc in c.unit_cost_keys:
        if key not in c.entity_types and key not in tags:
            c.fail(loc, f"`{key}` in the cost of tile type `{tile}` is neither an entity "
                   "type nor a tag of one",
                   did_you_mean(key, known) or "keys: entity types, their tags, and `other` "
                   "for every other unit")


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

