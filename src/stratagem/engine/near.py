"""The range pre-filter of the option generator: a target whose condition bounds its
distance from a center (``TargetSpec.near``: ``distance(actor, target) <= N``, or ``<``,
``==``) skips the candidates that stand farther before any condition is tested. The
conditions are still tested on the others, so the filter only ever drops what they would."""

from __future__ import annotations

import math
from typing import Any

from . import geometry as geo
from .actions import Pos
from .context import Ctx


def near_cells(ctx: Ctx, near: tuple[Any, Any], candidates: Any) -> Any:
    """The position candidates without those farther than a condition of the target
    allows (``TargetSpec.near``), in their order; the conditions are still tested on the
    others. A candidate that is not a position is kept."""
    center = near[0](ctx)
    if not isinstance(center, Pos):
        try:
            e = None if center is None else ctx.state.entities_.get(center)
        except TypeError:
            return candidates
        center = None if e is None else e.pos
    bound = near[1](ctx)
    if center is None or type(bound) not in (int, float):
        return candidates
    metric = ctx.game.board.metric
    distance = geo.distance
    return [v for v in candidates
            if not isinstance(v, tuple) or len(v) != 2 or distance(center, v, metric) <= bound]


def near_entities(ctx: Ctx, near: tuple[Any, Any], candidates: list[Any]) -> list[Any]:
    """The candidates without those known to stand farther than a condition of the target
    allows (``TargetSpec.near``); the conditions are still tested on the others."""
    center_of, bound_of = near
    ents = ctx.state.entities_
    center = center_of(ctx)
    if not isinstance(center, Pos):
        try:
            e = None if center is None else ents.get(center)
        except TypeError:
            return candidates
        center = None if e is None else e.pos
    bound = bound_of(ctx)
    if center is None or type(bound) not in (int, float):
        return candidates
    cx, cy = center
    metric = ctx.game.board.metric
    get = ents.get
    kept = []
    if metric in ("chebyshev", "manhattan"):
        sum_ = metric == "manhattan"
        for v in candidates:
            e = None if v is None else get(v)
            if e is not None and (p := e.pos) is not None:
                dx, dy = p[0] - cx, p[1] - cy
                if dx < 0:
                    dx = -dx
                if dy < 0:
                    dy = -dy
                if (dx + dy if sum_ else dx if dx > dy else dy) > bound:
                    continue
            kept.append(v)
        return kept
    if metric[0] in "hl":  # hex steps, or links: a step may change both coordinates
        for v in candidates:
            e = None if v is None else get(v)
            if e is not None and (p := e.pos) is not None \
                    and geo.distance(center, p, metric) > bound:
                continue
            kept.append(v)
        return kept
    hypot = math.hypot
    for v in candidates:
        e = None if v is None else get(v)
        if e is not None and (p := e.pos) is not None and hypot(p[0] - cx, p[1] - cy) > bound:
            continue
        kept.append(v)
    return kept


__all__ = ["near_cells", "near_entities"]
