"""A board's named cells and its links: `board: places:` and `board: links:`.

    board:
      layout: |
        c . p
        . . h
      places: {rome: [0, 0], ostia: [2, 0], tibur: [2, 1]}
      links: [rome - ostia, rome - tibur]     # or [rome, ostia] pairs

`places` names cells: a name reads as its position with `place('rome')`, a placement may
say `at: rome`, and the terminal and the web page show the name beside the position.
`links` make a point-to-point map: a unit then steps only along a link (each joins two
places, both ways), distance counts links, and sight is not blocked (``engine.links``).
"""

from __future__ import annotations

import dataclasses
import re

from ...engine import Pos
from ...engine.spec import Board
from ..core import CompileState
from ..errors import did_you_mean
from ..reading import Skip, show
from ..source import Node

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_LINK = re.compile(r"\s*([^\s-][^-]*?)\s*-\s*([^\s-][^-]*?)\s*\Z")


def compile_places(c: CompileState, places: Node | None, links: Node | None,
                   board: Board) -> Board:
    """The board with its named cells and its links."""
    named: dict[str, Pos] = {}
    where: dict[Pos, str] = {}
    for name, spec in c.need_map(places, "`places` (names and their [x, y])").items():
        loc = places.key_locs.get(name, spec.loc) if places is not None else spec.loc
        if not _NAME.match(name):
            c.fail(loc, f"a place's name is a word of letters, digits and `_`, not {name!r}")
            continue
        xy = c.need_list(spec, f"the position of `{name}`")
        if len(xy) != 2:
            c.fail(spec.loc, f"the position of `{name}` is [x, y]")
            continue
        pos = Pos(c.need_int(xy[0], "x"), c.need_int(xy[1], "y"))
        if not board.contains(pos):
            c.fail(spec.loc, f"`{name}`: {list(pos)} is off the {board.width}x{board.height} "
                   "board")
            continue
        if pos in where:
            c.fail(spec.loc, f"`{name}` and `{where[pos]}` name the same cell {list(pos)}")
            continue
        named[name] = pos
        where[pos] = name
    pairs: list[tuple[int, int]] = []
    items = c.need_list(links, "`links` (pairs of places: `rome - ostia`)")
    if items and places is None:
        c.fail(links.loc if links is not None else items[0].loc,
               "links join places: name them in `places`", "places: {rome: [0, 0], …}")
        raise Skip
    for item in items:
        ends = _ends(c, item)
        if ends is None:
            continue
        cells = []
        for end in ends:
            if end not in named:
                c.fail(item.loc, f"no place `{end}` to link",
                       did_you_mean(end, named) or f"places: {', '.join(named)}")
                break
            p = named[end]
            cells.append(p[1] * board.width + p[0])
        else:
            if cells[0] == cells[1]:
                c.fail(item.loc, f"a link joins two places, not `{ends[0]}` to itself")
                continue
            pairs.append((cells[0], cells[1]))
    return dataclasses.replace(board, places=tuple(named.items()), links=tuple(pairs))


def _ends(c: CompileState, item: Node) -> tuple[str, str] | None:
    """The two places a link joins: `rome - ostia`, or `[rome, ostia]`."""
    if isinstance(item.value, str):
        m = _LINK.match(item.value)
        if m:
            return m.group(1), m.group(2)
    elif item.is_list and len(item.value) == 2 and all(
            isinstance(v.value, str) for v in item.value):
        return item.value[0].value, item.value[1].value
    c.fail(item.loc, f"a link is two places, `rome - ostia` or `[rome, ostia]`, not "
           f"{show(item)}")
    return None
