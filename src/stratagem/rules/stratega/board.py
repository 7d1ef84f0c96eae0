"""``Tiles`` and ``Board``: tile types, the map, and the entities the map places.

Stratega's map is text: each character a tile symbol or an entity symbol, an entity
symbol followed by one digit for its owner (none: neutral); an entity stands on the
default tile. Spaces are ignored. The native board gets the tile layout, the board's
distance is Euclidean (as Stratega's ranges and sight are), and each entity becomes a
placement of the set-up, in the map's reading order.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from ..reading import Skip, show
from ..source import Node
from .config import parameters
from .context import Translation


def tiles(t: Translation, node: Node) -> None:
    """``Tiles``: walkable or not, blocking sight or not, the default tile, symbols and
    parameters."""
    types: dict[str, Any] = {}
    symbols: dict[str, str] = {}
    for name, n in t.need_map(node, "`Tiles`").items():
        if not name.isidentifier():
            t.fail(node.key_locs[name], f"`{name}` cannot be a tile name", "letters and digits")
            continue
        m = t.attempt(partial(t.keys, n, ("Sprite", "Symbol", "IsWalkable", "BlocksSight",
                                           "DefaultTile", "Parameters"), f"tile `{name}`",
                              ("Symbol",)))
        if m is None:
            continue
        sym = str(m["Symbol"].value) if m["Symbol"].is_scalar else ""
        if len(sym) != 1 or sym.isspace() or sym.isdigit():
            t.fail(m["Symbol"].loc, f"a tile symbol must be one character (not a digit), "
                                    f"not {show(m['Symbol'])}")
            continue
        if sym in symbols:
            t.fail(m["Symbol"].loc, f"symbol `{sym}` is also tile `{symbols[sym]}`'s")
            continue
        symbols[sym] = name
        t.tiles[name] = n
        props: dict[str, Any] = {}
        walk = _flag(t, m.get("IsWalkable"), True)
        if walk:
            t.walkable.append(name)
        else:
            props["cost"] = None
        if _flag(t, m.get("BlocksSight"), False):
            props["blocks_sight"] = True
        if _flag(t, m.get("DefaultTile"), False):
            if t.default_tile:
                t.fail(m["DefaultTile"].loc, f"`{t.default_tile}` is the default tile already")
            t.default_tile = name
        params = t.attempt(partial(parameters, t, m.get("Parameters"), f"tile `{name}`")) or {}
        t.tile_params.update(params)
        if params:
            props["params"] = {k: p.native() for k, p in params.items()}
        types[name] = props
        t.origin(("board", "tile_types", name), f"Tiles.{name}", node.key_locs[name])
    t.put(("board", "metric"), "euclidean")
    t.put(("board", "tiles"), {s: n for s, n in symbols.items()})
    t.put(("board", "tile_types"), types)


def _flag(t: Translation, node: Node | None, default: bool) -> bool:
    if node is None:
        return default
    if not isinstance(node.value, bool):
        t.fail(node.loc, f"expected true or false, not {show(node)}")
        return default
    return node.value


def board(t: Translation, node: Node) -> None:
    """``Board``: the map (``Layout``, or a map of ``Maps`` named by it) and its
    entities, and the extra placements of ``Board: Entities``."""
    m = t.keys(node, ("GenerationType", "Layout", "Maps", "Entities"), "`Board`", ("Layout",))
    gen = m.get("GenerationType")
    if gen is not None and (not gen.is_scalar or gen.value != "Manual"):
        t.fail(gen.loc, f"only `GenerationType: Manual` boards are supported, not {show(gen)}")
        raise Skip
    layout = m["Layout"]
    maps = m.get("Maps")
    if maps is not None and not maps.is_map:
        t.fail(maps.loc, "`Maps` given as a file is not supported", "write the maps inline")
        raise Skip
    if maps is not None and isinstance(layout.value, str) and layout.value in maps.value:
        layout = maps.value[layout.value]
    text = t.need_str(layout, "`Layout`")
    tile_of = {str(n.value["Symbol"].value): name for name, n in t.tiles.items()
               if n.is_map and "Symbol" in n.value and n.value["Symbol"].is_scalar}
    entity_of = {sym: name for name, sym in t.entity_symbols.items()}
    for sym in tile_of.keys() & entity_of.keys():
        t.fail(layout.loc, f"symbol `{sym}` stands for tile `{tile_of[sym]}` and entity type "
                           f"`{entity_of[sym]}`")
        raise Skip
    default_sym = next((s for s, n in tile_of.items() if n == t.default_tile), None)
    rows: list[list[str]] = [[]]
    placements: list[dict[str, Any]] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "\n":
            rows.append([])
        elif ch.isspace():
            pass
        elif ch in tile_of:
            rows[-1].append(ch)
        elif ch in t.shared_symbols:
            t.fail(layout.text_loc(i), f"symbol `{ch}` stands for entity types "
                                       f"{', '.join(t.shared_symbols[ch])}: the map cannot say "
                                       f"which", "give each entity type its own `Symbol`")
            raise Skip
        elif ch in entity_of:
            owner: int | None = None
            if i + 1 < len(text) and text[i + 1].isdigit():
                owner = int(text[i + 1])
                if owner >= len(t.players):
                    t.fail(layout.text_loc(i + 1), f"player {owner} does not exist "
                                                   f"(players 0 to {len(t.players) - 1})")
                i += 1
            if default_sym is None:
                t.fail(layout.text_loc(i), "an entity stands on the default tile, and no tile "
                                           "is `DefaultTile: true`")
                raise Skip
            at = [len(rows[-1]), len(rows) - 1]
            place: dict[str, Any] = {"type": entity_of[ch], "at": at}
            if owner is not None and owner < len(t.players):
                place["owner"] = t.players[owner]
            placements.append(place)
            rows[-1].append(default_sym)
        else:
            t.fail(layout.text_loc(i), f"`{ch}` is neither a tile nor an entity symbol",
                   f"tiles: {' '.join(tile_of)}; entities: {' '.join(entity_of) or 'none'}")
            raise Skip
        i += 1
    rows = [r for r in rows if r]
    if not rows:
        t.fail(layout.loc, "the layout is empty")
        raise Skip
    if any(len(r) != len(rows[0]) for r in rows):
        bad = next(k for k, r in enumerate(rows) if len(r) != len(rows[0]))
        t.fail(layout.loc, f"the rows of the layout must be equally wide: row {bad + 1} has "
                           f"{len(rows[bad])} tiles, row 1 has {len(rows[0])}")
        raise Skip
    t.put(("board", "layout"), "\n".join(" ".join(r) for r in rows) + "\n")
    t.origin(("board",), "Board.Layout", layout.loc)
    for kind, n in t.need_map(m.get("Entities"), "`Board: Entities`").items():
        if kind not in t.entities:
            t.fail(m["Entities"].key_locs[kind], f"unknown entity type `{kind}`")
            continue
        e = t.keys(n, ("Position", "Owner"), f"`Board: Entities: {kind}`", ("Position",))
        pos = t.need_list(e["Position"], "`Position`")
        if len(pos) != 2:
            t.fail(e["Position"].loc, "`Position` must be [x, y]")
            continue
        x, y = (t.need_int(p, "a coordinate", 0) for p in pos)
        place = {"type": kind, "at": [x, y]}
        if "Owner" in e:
            owner = t.need_int(e["Owner"], "`Owner`", 0, len(t.players) - 1)
            place["owner"] = t.players[owner]
        placements.append(place)
    if placements:
        t.put(("setup", "entities"), placements)
        t.origin(("setup",), "Board.Layout", layout.loc)


__all__ = ["board", "tiles"]
