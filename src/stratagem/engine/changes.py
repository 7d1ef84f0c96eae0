"""Raw changes to a state in progress: parameters, positions, entities.

The effects (``engine.effects``) and the set-up of a new state make their changes
through these: no events, no reactions, just the change, clamped to declared bounds
and written copy-on-write (``State._w_entity`` and friends).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import stacks
from .actions import Pos
from .knowledge import enter, forget, is_table, leave, onto_board
from .state import Entity

if TYPE_CHECKING:
    from .runtime import Resolver


def set_param(r: Resolver, eid: int, name: str, value: Any) -> None:
    """Set an entity parameter, clamped to its declared bounds."""
    s = r.s
    e = s.entities_[eid]
    spec = r.game.param_specs.get((e.type, name))
    if spec is not None:
        value = spec.clamp(value)
    if e.params_.get(name) != value:
        s._w_entity(eid).params_[name] = value


def set_player_param(r: Resolver, player: int, name: str, value: Any) -> None:
    """Set a player parameter, clamped to its declared bounds."""
    spec = r.game.player_param_specs.get(name)
    if spec is not None:
        value = spec.clamp(value)
    if r.s.players[player].params_.get(name) != value:
        r.s._w_player(player).params_[name] = value


def place(r: Resolver, eid: int, to: Pos | None) -> None:
    """Put an entity at a position (``None``: off the board), no event."""
    s = r.s
    e = s.entities_[eid]
    if e.pos == to:
        return
    if r.game.board.stacking:
        _restack(r, eid, e.pos, to)
        return
    if to is not None:
        if not r.game.board.contains(to):
            raise ValueError(f"position {to} is off the board")
        other = s.at_.get(to)
        if other is not None and other != eid:
            raise ValueError(f"position {to} is taken by #{int(other)}")
        if e.zone is not None:  # a card laid on the board leaves its zone, face up
            onto_board(s, eid)
    at = s._w_at()
    if e.pos is not None and at.get(e.pos) == eid:
        del at[e.pos]
    if to is not None:
        at[to] = eid
    s._w_entity(eid).pos = to


def _restack(r: Resolver, eid: int, frm: Pos | None, to: Pos | None) -> None:
    """``place`` on a board with stacks: off the old square's stack, onto the new one's."""
    s = r.s
    if to is not None:
        if not r.game.board.contains(to):
            raise ValueError(f"position {to} is off the board")
        if not stacks.has_room(s, to, eid):
            raise ValueError(f"position {to} has no room for #{eid}")
        if s.entities_[eid].zone is not None:  # a card laid on the board leaves its zone
            onto_board(s, eid)
    if frm is not None:
        stacks.take(s, frm, eid)
    if to is not None:
        stacks.put(s, to, eid)
    s._w_entity(eid).pos = to


def remove(r: Resolver, eid: int) -> None:
    """Take an entity out of the game (and out of any zone)."""
    s = r.s
    e = s.entities_.get(eid)
    if e is None:
        return
    fog = r.game.fog
    if fog is not None:  # who sees it go knows it is gone
        fog.saw_removed(s, e)
    if e.pos is not None and r.game.board.stacking:
        stacks.take(s, e.pos, eid)
    elif e.pos is not None and s.at_.get(e.pos) == eid:
        del s._w_at()[e.pos]
    if e.zone is not None:
        leave(s, eid)
    forget(s, eid)
    del s._w_entities()[eid]


def spawn(r: Resolver, type: str, owner: int | None, pos: Pos | None,
          params: dict[str, Any] | None = None, zone: str | None = None) -> int:
    """Create an entity from its type's defaults; returns its id."""
    s = r.s
    g = r.game
    defaults, statuses = g.spawn_protos[type]
    values = defaults.copy()
    if params:
        specs = g.param_specs
        for k, v in params.items():
            spec = specs.get((type, k))
            values[k] = spec.clamp(v) if spec is not None else v
    eid = s.next_id
    if pos is not None:
        b = g.board
        if not (0 <= pos[0] < b.width and 0 <= pos[1] < b.height):
            raise ValueError(f"cannot spawn {type} at {pos}: off the board")
        if pos in s.at_ and not (b.stacking and stacks.has_room(s, pos, None, type)):
            raise ValueError(f"cannot spawn {type} at {pos}: taken by #{int(s.at_[pos])}")
    if zone is not None and owner is None and not is_table(g, zone):
        raise ValueError(f"a {type} in zone {zone} needs an owner")
    s.next_id = eid + 1
    # The new entity belongs to this transaction from the start (State._w_entity).
    own = s._own
    if not own & 1:
        s.entities_ = s.entities_.copy()
        own |= 1
        s._own_entities = set()
    s.entities_[eid] = Entity(eid, type, owner, pos, values, statuses, zone)
    s._own_entities.add(eid)  # type: ignore[union-attr]
    if pos is not None and pos in s.at_:  # onto a stack (checked above)
        s._own = own
        stacks.put(s, pos, eid)
        own = s._own
    elif pos is not None:
        if not own & 2:
            s.at_ = s.at_.copy()
            own |= 2
        s.at_[pos] = eid
    s._own = own
    if zone is not None:
        s.entities_[eid].zone = None  # enter puts it there, and shows it to who sees the zone
        enter(s, eid, owner, zone)
    return eid
