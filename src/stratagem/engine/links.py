"""Point-to-point maps: places on the board joined by links (roads, sea lanes, borders).

A board with links (``Board.links``) is still drawn as its grid, but a unit steps only
along a link: the links are each cell's neighbours (``cells.neighbour_table``) and the
distance between two cells is the fewest links from one to the other (``math.inf`` when
no chain of links joins them). The distances are worked out once per board, when it is
made, and kept here under the board's metric (``links-`` and a digest of the links), so
that ``geometry.distance``, which is given positions and a metric only, reads them.
"""

from __future__ import annotations

import hashlib
import math
from collections import deque
from collections.abc import Iterable

_HOPS: dict[str, tuple[int, dict[int, dict[int, int]]]] = {}
"""By metric: the board's width, and for each linked cell the links to every cell it
reaches (by cell index ``y * width + x``)."""


def metric_of(width: int, height: int, links: Iterable[tuple[int, int]]) -> str:
    """The metric of a board with these links: the hop distances kept under it."""
    pairs = tuple(sorted({(min(a, b), max(a, b)) for a, b in links}))
    key = "links-" + hashlib.sha1(repr((width, height, pairs)).encode()).hexdigest()[:16]
    if key not in _HOPS:
        around: dict[int, set[int]] = {}
        for a, b in pairs:
            around.setdefault(a, set()).add(b)
            around.setdefault(b, set()).add(a)
        table: dict[int, dict[int, int]] = {}
        for start in around:
            seen = {start: 0}
            todo = deque([start])
            while todo:
                i = todo.popleft()
                for j in around[i]:
                    if j not in seen:
                        seen[j] = seen[i] + 1
                        todo.append(j)
            table[start] = seen
        _HOPS[key] = (width, table)
    return key


def hops(metric: str, a: tuple[int, int], b: tuple[int, int]) -> float:
    """The fewest links from ``a`` to ``b`` on the board of ``metric`` (0 from a cell to
    itself; ``math.inf`` when no chain of links joins them)."""
    if a[0] == b[0] and a[1] == b[1]:
        return 0
    width, table = _HOPS[metric]
    found = table.get(a[1] * width + a[0])
    if found is None:
        return math.inf
    return found.get(b[1] * width + b[0], math.inf)


__all__ = ["hops", "metric_of"]
