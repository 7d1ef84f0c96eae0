"""The `board:` section (and a scenario's own board): tile types, symbols, the layout."""

from __future__ import annotations

import re
from typing import Any

from ...engine.spec import Board
from ..core import CompileState
from ..reading import Skip
from ..source import Node
from .state import compile_tile_params


def compile_board(c: CompileState, node: Node | None) -> Board:
    """A board: its tile types, the symbols of its layout, its metric; a `layout` or a
    `size` (an empty board when there is no `board:`)."""
    if node is None:
        return Board()
    m = c.keys(node, ("layout", "tiles", "tile_types", "metric", "size"), "`board`")
    tile_types: dict[str, dict[str, Any]] = {}
    for name, spec in c.need_map(m.get("tile_types"), "`tile_types`").items():
        props = c.keys(spec, ("cost", "blocks_sight", "params"), f"tile type `{name}`")
        if "params" in props:
            compile_tile_params(c, name, props["params"])
        entry: dict[str, Any] = {}
        if "cost" in props:
            v = props["cost"].value
            entry["cost"] = None if v is None else c.need_num(props["cost"], "a cost")
        if "blocks_sight" in props:
            entry["blocks_sight"] = bool(props["blocks_sight"].value)
        tile_types[name] = entry
    symbols: dict[str, str] = {}
    for sym, tname in c.need_map(m.get("tiles"), "`tiles`").items():
        t = c.need_str(tname, "a tile type")
        symbols[sym] = t
        tile_types.setdefault(t, {})
    metric = "chebyshev"
    if "metric" in m:
        metric = c.need_str(m["metric"], "`metric`")
        if metric not in ("chebyshev", "manhattan", "euclidean"):
            c.fail(m["metric"].loc, f"unknown metric `{metric}`",
                   "chebyshev, manhattan or euclidean")
    if "layout" in m:
        return _layout(c, m["layout"], symbols, tile_types, metric)
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
        default = next(iter(tile_types), "floor")
        tile_types.setdefault(default, {})
        return Board(w, h, (default,) * (w * h), tile_types, metric)
    c.fail(node.loc, "a board needs a `layout` or a `size`")
    raise Skip


def _layout(c: CompileState, node: Node, symbols: dict[str, str],
            tile_types: dict[str, dict[str, Any]], metric: str) -> Board:
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
                    symbols["."] = "floor"
                    tile_types.setdefault("floor", {})
                else:
                    c.fail(node.text_loc(offset),
                           f"layout row {y + 1}: unknown tile symbol `{sym}`",
                           f"declare it under `tiles`: {{'{sym}': tile_type}}")
                    raise Skip
            tiles.append(symbols[sym])
    return Board(width, len(rows), tuple(tiles), tile_types, metric)

