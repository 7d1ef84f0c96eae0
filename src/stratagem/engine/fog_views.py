"""What a view under fog of war masks besides the board: the bookkeeping that would name,
place or count a unit its viewer does not see (``Fog.hide`` takes the units themselves off).

- **the other player's decision**: its actor, and its prompt (which names the actor), when
  the viewer does not see the acting unit;
- **the turn order** of a phase of unit initiative: the units the viewer does not see
  leave it, and the position in it counts only the units left (so neither how many
  hidden units act this round nor where they stand in the order shows);
  ``refill_order`` puts the units determinize placed back in, by the order's own key;
- **counters kept for a hidden unit** (keys ending ``@#id``: reactions used, cooldowns);
- **``next_id``**: one past the highest id the viewer knows of (its view, its memories,
  the game's set-up), not the count of every entity ever made, which would tell of
  units made out of sight;
- **the resolution stack**: while another player decides, the view withholds it
  altogether (what is being resolved, by whom, against what). While the viewer itself
  decides mid-resolution (a reaction), the frames stay so that play can go on from a
  determinized world, but reaction candidates the viewer does not see are dropped, the
  squares still ahead of another side's walk are withheld (where a unit is going is its
  owner's secret), and the blocks and events of another side's action that have nothing
  left to run lose their targets and named values.

Known limit: ids are given out in one sequence, so the id of a unit the viewer itself
makes later tells how many entities were made before it, hidden ones included.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .context import Ctx
from .fog import GONE, SEEN
from .frames import Block, EventFrame
from .state import Decision, State
from .walk import WALK

if TYPE_CHECKING:
    from .fog import Fog


def hidden_ids(state: State, v: State) -> frozenset[int]:
    """The entities of ``state`` its view ``v`` does not show."""
    return frozenset(eid for eid in state.entities_ if eid not in v.entities_)


def mask_bookkeeping(fog: Fog, state: State, v: State, viewer: int) -> None:
    """Mask, in the view ``v`` (a state being written, made from ``state``, its unseen
    units already taken off), every piece of bookkeeping that names or counts them."""
    hidden = hidden_ids(state, v)
    if hidden:
        tags = {f"@#{eid}" for eid in hidden}
        drop = [k for k in v.counters_ if "@#" in k and k[k.rfind("@#"):] in tags]
        for key in drop:
            del v._w_counters()[key]
    v.next_id = known_next_id(fog, v, viewer)
    g = state.game
    f = v.flow
    if hidden and g.phases and g.phases[f.phase].order.kind == "initiative" and f.order:
        kept = tuple(eid for eid in f.order if eid not in hidden)
        pos = sum(1 for eid in f.order[:f.pos] if eid not in hidden)
        v.flow = f._replace(order=kept, pos=pos)
    d = state.decision
    side = fog.side(viewer)
    if d is None or d.player == viewer:
        v.stack = [_mask_frame(f, side, hidden) for f in v.stack]
        return
    v.stack = []
    seen = d.actor is not None and d.actor not in hidden
    v.decision = Decision(d.kind, d.player, (), d.prompt if seen else "",
                          d.actor if seen else None, None)


def known_next_id(fog: Fog, v: State, viewer: int) -> int:
    """One past the highest entity id ``viewer`` knows of in its view ``v``."""
    known = [*v.entities_, *(r[0] for r in v.counters_.get(SEEN + str(viewer), ())),
             *v.counters_.get(GONE + str(viewer), ()), *(e.id for e in fog.roster(v.game))]
    return max(known, default=-1) + 1


def _mask_frame(f: Any, side: tuple[int, ...], hidden: frozenset[int]) -> Any:
    kind = type(f)
    if kind is Block:
        ctx = f.ctx
        if ctx.player in side:
            return f
        walk = ctx.vars.get(WALK)
        if walk is not None:  # another side's walk: where it goes next is not shown
            mover, _, here = walk
            return Block(f.effects, f.pc, ctx.bind(WALK, (mover, (), here)))
        if f.pc >= len(f.effects):
            return Block(f.effects, f.pc, _bare(ctx, hidden))
        return f
    if kind is EventFrame:
        cands = f.cands
        idx = f.idx
        if cands is not None and any(c.entity in hidden for c in cands):
            idx = sum(1 for c in cands[:idx] if c.entity not in hidden)
            cands = tuple(c for c in cands if c.entity not in hidden)
        fields = f.fields
        ctx = f.ctx
        if ctx.player not in side:
            if "path_left" in fields:
                fields = {**fields, "path_left": ()}
            ctx = _bare(ctx, hidden)
        if cands is f.cands and fields is f.fields and ctx is f.ctx:
            return f
        return f._replace(cands=cands, idx=idx, fields=fields, ctx=ctx)
    return f


def _bare(ctx: Ctx, hidden: frozenset[int]) -> Ctx:
    """Another side's context with nothing left to run in it: no targets, no named values
    (what it aimed at is its own), and no actor the viewer does not see."""
    actor = None if ctx.actor in hidden else ctx.actor
    return Ctx(ctx.state, ctx.player, actor, {}, {}, ctx.event)


def refill_order(view: State, s: State) -> None:
    """Put the units determinize placed (in ``s``, a state being written from ``view``)
    back into the turn order of a phase of unit initiative, by the order's key: the
    world's order holds every unit the view's order held, in the same order, and the
    others where the key puts them. The position follows the unit whose turn it is; when
    the view hid that unit (another player's turn), it goes to a unit of that player put
    back just before the place the view points at (else any of that player's units)."""
    g = view.game
    if not g.phases:
        return
    f = view.flow
    phase = g.phases[f.phase]
    if phase.order.kind != "initiative" or not f.order:
        return
    current = f.order[f.pos] if f.pos < len(f.order) else None
    added = [eid for eid in s.entities_ if eid not in view.entities_
             and s.entities_[eid].zone is None]
    key = phase.order.key
    ctx = Ctx(s, None)

    def rank(eid: int) -> tuple[float, int]:
        return (-key(ctx, s.entities_[eid]) if key is not None else 0, eid)

    order = list(f.order)
    for eid in sorted(added, key=rank):
        at = next((i for i, x in enumerate(order)
                   if x in s.entities_ and rank(x) > rank(eid)), len(order))
        order.insert(at, eid)
    pos = order.index(current) if current is not None else len(order)
    d = view.decision
    if d is not None and d.player != view.viewer and d.actor is None and d.kind == "action":
        theirs = [i for i, x in enumerate(order)
                  if x in s.entities_ and s.entities_[x].owner == d.player]
        before = [i for i in theirs if i < pos and order[i] in added]
        if before or theirs:
            pos = before[-1] if before else theirs[0]
    if tuple(order) != f.order or pos != f.pos:
        s.flow = f._replace(order=tuple(order), pos=pos)


__all__ = ["hidden_ids", "known_next_id", "mask_bookkeeping", "refill_order"]
