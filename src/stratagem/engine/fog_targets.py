"""Options under fog of war: targets limited to what the acting side sees.

In a game with a fog (``engine.fog``) every action type's targets are wrapped once, when
the game is built:

- an entity target offers only the entities the acting player's side sees, so options
  never name a hidden unit;
- with ``Fog.sighted_moves`` (the rules' ``visibility: moves: sighted``, the default),
  every other target — a square to move to, a path — and its conditions are worked out
  on the board as the acting side sees it (``Fog.sighted``: the unseen units taken off),
  so a square held by a hidden unit is offered like any free one and options never tell,
  by leaving it out, that someone stands there. What happens when a move gets there is
  the effect's business: a ``move_along`` walk stops on the last square with room
  before it (``engine.walk``), a one-event ``move`` does not happen.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .fog import Fog
    from .spec import ActionType, TargetSpec


def hide_targets(fog: Fog, action_types: Iterable[ActionType]) -> list[ActionType]:
    """The action types with their targets limited to what the acting side sees."""
    out = []
    for at in action_types:
        specs = tuple(_hide_target(fog, t) for t in at.targets)
        out.append(replace(at, targets=specs) if specs != at.targets else at)
    return out


def _hide_target(fog: Fog, t: TargetSpec) -> TargetSpec:
    if t.kind == "entity":
        return replace(t, candidates=_seen_only(fog, t.candidates))
    if not fog.sighted_moves:
        return t
    return replace(t, candidates=_on_sighted(fog, t.candidates),
                   conditions=tuple(replace(c, test=_on_sighted(fog, c.test))
                                    for c in t.conditions))


def _on_sighted(fog: Fog, inner: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """``inner`` evaluated on the board as the deciding player's side sees it."""

    def on_sighted(ctx: Any) -> Any:
        p = ctx.player
        if p is None:
            return inner(ctx)
        seen = fog.sighted(ctx.state, p)
        return inner(ctx if seen is ctx.state else ctx.on(seen))

    return on_sighted


def _seen_only(fog: Fog, inner: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """``inner``'s candidates less the entities the deciding player's side does not see."""

    def seen_candidates(ctx: Any) -> Any:
        values = inner(ctx)
        p = ctx.player
        if p is None:
            return values
        s = ctx.state
        ents = s.entities_
        width = s.game.board.width
        mask: int | None = None  # what p sees, worked out once if needed
        out = []
        for v in values:
            e = None if v is None else ents.get(v)
            if e is not None and fog.is_hidden_kind(p, e):
                if fog.predicate is not None:
                    if not fog.predicate(s, p, e):
                        continue
                else:
                    if mask is None:
                        mask = fog.seen_mask(s, p)
                    pos = e.pos
                    if pos is None or not mask >> (pos[1] * width + pos[0]) & 1:
                        continue
            out.append(v)
        return out

    return seen_candidates


__all__ = ["hide_targets"]
