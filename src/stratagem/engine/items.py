"""Items and inventories: things units pick up from the board, carry, use and drop.

An item type is an entity type (it can lie on the board, placed like any piece) with what
using it does (``ItemType.on_use``) and whether using it uses it up. An entity type that
may carry items has a number of inventory slots (``Strategy.inventory``).

Picking an item up takes it off the board: it leaves ``State.entities`` and is kept in its
holder's inventory, in ``State.counters`` under ``inv:e<holder>``, as ``((id, type,
params), ...)`` with ``params`` as ``((name, value), ...)``, in the order picked up.
Dropping it puts it back on the board under the same id, with the same parameters. Items
held by an entity that leaves the game leave with it, except those of a type that
``drops``: they fall where it stood (``leave``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import stacks
from .actions import Pos, Ref
from .changes import place, remove
from .context import Ctx
from .geometry import distance
from .state import Entity

if TYPE_CHECKING:
    from .effect import Effect
    from .runtime import Resolver
    from .state import State


@dataclass(frozen=True)
class ItemType:
    """What using an item of a type does (``on_use``, run with ``holder`` bound) and
    whether the use consumes it."""

    name: str
    on_use: tuple[Effect, ...] = ()
    consumed: bool = True
    drops: bool = False
    """Whether it falls to the board when its holder leaves the game (``leave``)."""


Held = tuple[int, str, tuple[tuple[str, Any], ...]]


def inventory(s: State, holder: Any) -> tuple[Held, ...]:
    """What an entity carries: (item id, item type, parameters), in the order picked up."""
    return () if holder is None else s.counters_.get(f"inv:e{int(holder)}", ())


def carried(s: State, holder: Any) -> list[str]:
    """What an entity carries as a person reads it: each item's label, in the order picked
    up (the terminal's and the web page's unit lines: "carries treasure, potion")."""
    look = s.game.display.entity
    return [look(t).label.lower() for _, t, _ in inventory(s, holder)]


def slots(s: State, holder: Any) -> int:
    """How many items an entity can carry (0 for a type with no inventory, or one gone)."""
    e = None if holder is None else s.entities_.get(holder)
    return 0 if e is None else s.game.strategy.inventory.get(e.type, 0)


def free_slots(s: State, holder: Any) -> int:
    """How many more items an entity can carry."""
    return max(0, slots(s, holder) - len(inventory(s, holder)))


def holds(s: State, holder: Any, item: str) -> bool:
    """Whether an entity carries an item of type ``item``."""
    return any(t == item for _, t, _ in inventory(s, holder))


def _store(r: Resolver, holder: int, items: tuple[Held, ...]) -> None:
    key = f"inv:e{int(holder)}"
    if items:
        r.s._w_counters()[key] = items
    elif key in r.s.counters_:
        del r.s._w_counters()[key]


def _room(r: Resolver, holder: int) -> None:
    s = r.s
    if holder not in s.entities_:
        raise ValueError(f"#{int(holder)} is not in the game: it cannot take an item")
    if free_slots(s, holder) <= 0:
        n = slots(s, holder)
        raise ValueError(f"#{int(holder)} ({s.entities_[holder].type}) has no free inventory "
                         f"slot ({n} slot{'s' if n != 1 else ''}): test "
                         "`inventory_free(...) > 0` before taking an item")


def pick_up(r: Resolver, holder: int, item: int) -> None:
    """Move an item from the board (or anywhere in the game) into ``holder``'s inventory."""
    s = r.s
    e = s.entities_.get(item)
    if e is None:
        raise ValueError(f"#{int(item)} is not in the game: it cannot be picked up")
    if e.type not in r.game.strategy.items:
        raise ValueError(f"#{int(item)} is a {e.type}, not an item: it cannot be picked up")
    _room(r, holder)
    record = (int(item), e.type, tuple(sorted(e.params_.items())))
    remove(r, item)
    _store(r, holder, (*inventory(s, holder), record))


def give(r: Resolver, holder: int, item_type: str) -> None:
    """Put a new item of ``item_type`` (with its type's parameters) into an inventory."""
    _room(r, holder)
    s = r.s
    iid = s.next_id
    s.next_id = iid + 1
    params = tuple(sorted(r.game.spawn_protos[item_type][0].items()))
    _store(r, holder, (*inventory(s, holder), (iid, item_type, params)))


def _take(r: Resolver, holder: int, item_type: str) -> Held | None:
    """The first carried item of a type, taken out of the inventory (``None``: none)."""
    items = inventory(r.s, holder)
    for i, rec in enumerate(items):
        if rec[1] == item_type:
            _store(r, holder, items[:i] + items[i + 1:])
            return rec
    return None


def use(r: Resolver, ctx: Ctx, holder: int, item_type: str) -> None:
    """Use the first carried item of a type: run its ``on_use`` (with ``holder`` bound) and,
    when its type says so, use it up. Nothing happens when none is carried."""
    it = r.game.strategy.items.get(item_type)
    if it is None or not holds(r.s, holder, item_type):
        return
    if it.consumed:
        _take(r, holder, item_type)
    if it.on_use:
        r.push(it.on_use, Ctx(r.s, ctx.player, holder, ctx.targets,
                              {**ctx.vars, "holder": Ref(holder), "item": item_type}))


def drop(r: Resolver, holder: int, item_type: str, at: Pos) -> None:
    """Put the first carried item of a type back on the board at ``at`` (which must be
    free), with its id and parameters. Nothing happens when none is carried."""
    s = r.s
    b = r.game.board
    if not b.contains(at):
        raise ValueError(f"cannot drop a {item_type} at {at}: off the board")
    if at in s.at_:
        raise ValueError(f"cannot drop a {item_type} at {at}: taken by #{int(s.at_[at])}")
    rec = _take(r, holder, item_type)
    if rec is None:
        return
    iid, t, params = rec
    s._w_entities()[iid] = Entity(iid, t, None, Pos(at[0], at[1]), dict(params))
    owned = s._own_entities  # set by _w_entities: the new entity is this transaction's own
    assert owned is not None
    owned.add(iid)
    s._w_at()[Pos(at[0], at[1])] = iid


def discard(r: Resolver, holder: int, item_type: str) -> None:
    """Take the first carried item of a type out of the game."""
    _take(r, holder, item_type)


def leave(r: Resolver, eid: int) -> None:
    """Take an entity out of the game (``changes.remove``); what it carried leaves with it,
    but each item of a type that ``drops`` falls on the square where it stood, or, when that
    square cannot take it, on the nearest one that can (ties: the lowest row, then column)."""
    e = r.s.entities_.get(eid)
    at = e.pos if e is not None else None
    remove(r, eid)
    items = inventory(r.s, eid)
    if not items:
        return
    _store(r, eid, ())
    kinds = r.game.strategy.items
    for iid, t, params in items:
        it = kinds.get(t)
        if at is None or it is None or not it.drops:
            continue
        square = _room_near(r, at, t)
        if square is None:
            continue  # a board with no room left: it is lost with its holder
        s = r.s
        s._w_entities()[iid] = Entity(iid, t, None, None, dict(params))
        owned = s._own_entities  # set by _w_entities: the new entity is this transaction's
        assert owned is not None
        owned.add(iid)
        place(r, iid, square)


def _room_near(r: Resolver, at: Pos, item_type: str) -> Pos | None:
    """The square nearest ``at`` that can take an item (``at`` itself first)."""
    s = r.s
    b = r.game.board

    def free(q: Pos) -> bool:
        return q not in s.at_ or (b.stacking and stacks.has_room(s, q, None, item_type))

    if free(at):
        return at
    squares = [Pos(x, y) for y in range(b.height) for x in range(b.width)
               if free(Pos(x, y)) and b.contains((x, y))]
    return min(squares, key=lambda q: (distance(at, q, b.metric), q.y, q.x), default=None)
