"""Stacks: several entities on one square, where the board gives squares room for them.

A board holds one entity per square unless it says otherwise (``Board.capacity``, a tile
type's ``capacity``, ``Board.stack_param``). Where it does, a square holds entities up
to its capacity — by count, or by the sum of a size parameter of the entities — and keeps
them in the order they arrived: ``State.stacks`` lists the ids of every square holding
two or more, bottom (first) to top; ``State.at`` names the bottom one, so code that asks
"is anyone here?" reads ``at`` as before. On a board without stacks none of this runs:
``at`` alone says who stands where, exactly as it always has.
"""

from __future__ import annotations

from typing import Any

from .actions import Pos
from .state import State


def capacity(state: State, pos: tuple[int, int]) -> float:
    """How much the square at ``pos`` holds now (its tile type's ``capacity``, or the
    board's)."""
    b = state.game.board
    props = b.tile_types.get(state.tiles[pos[1] * b.width + pos[0]], {})
    cap = props.get("capacity", b.capacity)
    return float(cap) if isinstance(cap, int | float) else float(b.capacity)


def stack_at(state: State, pos: Pos) -> tuple[int, ...]:
    """The ids of the entities on a square, bottom (first arrived) to top."""
    many: tuple[int, ...] | None = state.stacks_.get(pos) if state.stacks_ else None
    if many is not None:
        return many
    eid = state.at_.get(pos)
    return () if eid is None else (eid,)


def size_of(state: State, eid: int | None, type: str | None = None) -> float:
    """How much of a square's capacity an entity (or an entity of ``type``) takes."""
    param = state.game.board.stack_param
    if not param:
        return 1.0
    if eid is not None and eid in state.entities_:
        v = state.entities_[eid].params_.get(param, 1)
    else:
        spec = state.game.param_specs.get((type or "", param))
        v = spec.default if spec is not None else 1
    return float(v) if isinstance(v, int | float) else 1.0


def has_room(state: State, pos: Pos, eid: int | None = None,
             type: str | None = None) -> bool:
    """Whether the square at ``pos`` has room for the entity ``eid`` (or a new one of
    ``type``; with neither, one more of size 1) besides what stands there already."""
    if not state.game.board.stacking:
        return state.at_.get(pos) in (None, eid) if eid is not None else pos not in state.at_
    here = [x for x in stack_at(state, pos) if x != eid]
    if not here:
        return True
    param = state.game.board.stack_param
    if param:
        used = sum(size_of(state, x) for x in here)
        return used + size_of(state, eid, type) <= capacity(state, pos)
    return len(here) + 1 <= capacity(state, pos)


def put(state: State, pos: Pos, eid: int) -> None:
    """Add ``eid`` on top of the square at ``pos`` (a state in a transaction)."""
    at = state._w_at()
    bottom = at.get(pos)
    if bottom is None or bottom == eid:
        at[pos] = eid
        return
    below = stack_at(state, pos)
    state._w_stacks()[pos] = (*map(int, below), int(eid))  # plain ids, as a loaded state has


def take(state: State, pos: Pos, eid: int) -> None:
    """Take ``eid`` off the square at ``pos`` (a state in a transaction)."""
    many = state.stacks_.get(pos) if state.stacks_ else None
    if many is None:
        if state.at_.get(pos) == eid:
            del state._w_at()[pos]
        return
    rest = tuple(x for x in many if x != eid)
    stacks = state._w_stacks()
    if len(rest) >= 2:
        stacks[pos] = rest
    else:
        del stacks[pos]
    if rest:
        if state.at_.get(pos) != rest[0]:
            state._w_at()[pos] = rest[0]
    elif pos in state.at_:
        del state._w_at()[pos]


def iter_stack_entities(state: State, positions: Any) -> list[int]:
    """Every entity id standing on any of ``positions``, square by square."""
    out: list[int] = []
    for p in positions:
        out.extend(stack_at(state, p))
    return out


__all__ = ["capacity", "has_room", "iter_stack_entities", "put", "size_of", "stack_at", "take"]
