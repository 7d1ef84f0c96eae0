"""Stratega's other ways of spawning a unit, in the native format.

- ``SpawnRandom(Source, Kind)`` puts a new unit of the source's owner on the first free
  walkable cell of the 3 by 3 square around the source, or nowhere when none is free, as
  Stratega's turn-based engine does (no dice, despite the name): first in the order the
  native ``positions(shape: square, …)`` lists cells, row by row from the top left.
- ``SpawnEntityRandomLocation(Kind)`` puts a new neutral unit on a free walkable cell
  of the whole board, each as likely (Stratega draws cells until it finds one, and
  never stops on a full board; here a full board spawns nothing).
- ``SpawnEntityGrid(Owner, Kind, Place)`` is ``SpawnEntity`` on a grid layer; with one
  layer (``Grids:`` is refused) it is ``SpawnEntity``: the same builder.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .functions import EFFECTS, Build, Fn, register
from .speech import Expr

NEUTRAL = "none"
"""A spawn's owner that is nobody (the native `owner: none`)."""


def _spawn_random(b: Build, a: list[Expr]) -> list[dict[str, Any]]:
    source = b.entity(a[0])
    owner = b.owner(a[0])
    v = b.val(a[1])
    kind = v.text if v.kind == "entity_type" else b.name(a[1], "entity type")
    b.rolls[0] += 1
    cells = f"spawn_cells{b.rolls[0]}"
    walk = "" if len(b.walkable) == len(b.tiles) else f", where: tile(it) in {b.walkable!r}"
    return [
        {"let": {"as": cells, "value": f"positions(shape: square, center: {source}.pos, "
                                       f"radius: 1, empty: true{walk})"}},
        {"if": {"test": f"count({cells}) > 0", "then": [
            {"spawn": {"type": kind, "at": f"{cells}[0]", "owner": owner}}]}}]


def _spawn_anywhere(b: Build, a: list[Expr]) -> list[dict[str, Any]]:
    v = b.val(a[0])
    kind = v.text if v.kind == "entity_type" else b.name(a[0], "entity type")
    b.rolls[0] += 1
    cells, pick = f"spawn_cells{b.rolls[0]}", f"spawn_pick{b.rolls[0]}"
    walk = "" if len(b.walkable) == len(b.tiles) else f"tile(it) in {b.walkable!r}"
    where = f"filter(cells(empty: true), where: {walk})" if walk else "cells(empty: true)"
    return [
        {"let": {"as": cells, "value": where}},
        {"if": {"test": f"count({cells}) > 0", "then": [
            {"roll": {"as": pick, "dice": f"dice(1, count({cells}))"}},
            {"spawn": {"type": kind, "at": f"{cells}[{pick} - 1]", "owner": NEUTRAL}}]}}]


def install() -> None:
    """Fill in ``SpawnRandom``, ``SpawnEntityRandomLocation`` and ``SpawnEntityGrid``
    (after ``SpawnEntity`` has its final builder)."""
    register(EFFECTS, "SpawnRandom", Fn(2, 2, _spawn_random))
    register(EFFECTS, "SpawnEntityRandomLocation", Fn(1, 1, _spawn_anywhere))
    register(EFFECTS, "SpawnEntityGrid", replace(EFFECTS["SpawnEntity"], instead="",
                                                 later=""))


__all__ = ["install"]
