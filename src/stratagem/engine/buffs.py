"""Buffs: named parameter modifiers on an entity or a player, with durations and stacking.

A buff type adds to some parameters and multiplies others. The value of a parameter
under buffs is

    clamp((base + sum of additions) * product of factors)

(each stack counts once: two stacks of ``+2`` add 4), clamped to the parameter's
declared bounds. The state stores that value, so everything that reads parameters —
expressions, views, agents, displays — reads it with no extra step, and games without
buffs pay nothing. Beside it, the state keeps the offset each buffed parameter carries
(value minus base), under ``buff:<holder>`` in ``State.counters`` (``e7`` for entity 7,
``p1`` for player 1), with the buffs held: ``((name, rounds_left), ...)`` — one entry per
stack, ``None`` rounds for a buff that lasts until removed.

An effect that writes a buffed parameter changes its value; the base moves with it (base
= value - offset). When a buff is applied, removed or runs out, the offsets are worked
out again from the base, so a buff that ends takes away exactly what it gave.

Durations count rounds: at each round's end every buff's rounds left go down by one, and
a buff with none left is removed (``tick_buffs``). A buff applied for 2 rounds in round 1
is gone when round 2 ends.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .actions import Ref

if TYPE_CHECKING:
    from .runtime import Resolver
    from .state import State

STACKING = ("refresh", "stack", "ignore")
"""What applying a buff already held does: ``refresh`` its rounds left (one stack),
``stack`` another one (up to ``max_stacks``; at the limit, the stack closest to running
out is renewed), or ``ignore`` the new one."""


@dataclass(frozen=True)
class BuffType:
    """A buff: additions and factors by parameter, default duration, stacking rule."""

    name: str
    add: tuple[tuple[str, float], ...] = ()
    multiply: tuple[tuple[str, float], ...] = ()
    duration: int | None = None
    stacking: str = "refresh"
    max_stacks: int | None = None

    @property
    def params(self) -> frozenset[str]:
        """The parameters it changes."""
        return frozenset(p for p, _ in self.add) | frozenset(p for p, _ in self.multiply)


def holder_key(who: Any) -> str:
    """The counters' name of a buff holder: an entity (``Ref``) or a player (an int)."""
    if isinstance(who, Ref):
        return f"e{int(who)}"
    if isinstance(who, bool) or not isinstance(who, int):
        raise ValueError(f"a buff is held by an entity or a player, not {who!r}")
    return f"p{who}"


def held(s: State, who: Any) -> tuple[tuple[str, int | None], ...]:
    """The buffs ``who`` holds, one entry per stack: (name, rounds left or ``None``)."""
    rec = s.counters_.get("buff:" + holder_key(who))
    return () if rec is None else rec[0]


def stacks(s: State, who: Any, name: str) -> int:
    """How many stacks of a buff ``who`` holds (0 when none)."""
    return sum(1 for n, _ in held(s, who) if n == name)


def rounds_left(s: State, who: Any, name: str) -> float:
    """The rounds left of a buff ``who`` holds (the longest stack; ``inf`` when it lasts
    until removed, 0 when not held)."""
    left = [math.inf if r is None else r for n, r in held(s, who) if n == name]
    return max(left, default=0)


def base_value(s: State, who: Any, param: str) -> Any:
    """A parameter's value without buffs (its stored value less the offset buffs add)."""
    if isinstance(who, Ref):
        e = s.entities_.get(who)
        if e is None:
            return 0
        value = e.params_.get(param, 0)
    else:
        value = s.players[who].params_.get(param, 0)
    rec = s.counters_.get("buff:" + holder_key(who))
    if rec is not None:
        for p, off in rec[1]:
            if p == param:
                return value - off
    return value


def apply_buff(r: Resolver, who: Any, buff: BuffType, duration: int | None) -> None:
    """Give ``who`` a buff for ``duration`` rounds (``None``: until removed), by its
    stacking rule."""
    if duration is not None and duration <= 0:
        return
    entries = list(held(r.s, who))
    mine = [i for i, (n, _) in enumerate(entries) if n == buff.name]
    if mine and buff.stacking == "ignore":
        return
    if mine and buff.stacking == "refresh":
        entries[mine[0]] = (buff.name, duration)
    elif buff.max_stacks is not None and len(mine) >= buff.max_stacks:
        if buff.max_stacks == 0:
            return
        # At the limit: renew the stack closest to running out.
        oldest = min(mine, key=lambda i: (math.inf if entries[i][1] is None
                                          else entries[i][1], i))
        entries[oldest] = (buff.name, duration)
    else:
        entries.append((buff.name, duration))
    _settle(r, who, tuple(entries))


def remove_buff(r: Resolver, who: Any, name: str | None, count: int | None = None) -> None:
    """Take ``count`` stacks (all when ``None``) of a buff (every buff when ``name`` is
    ``None``) from ``who``; those closest to running out go first."""
    entries = held(r.s, who)
    if not entries:
        return
    mine = [i for i, (n, _) in enumerate(entries) if name is None or n == name]
    mine.sort(key=lambda i: (math.inf if entries[i][1] is None else entries[i][1], i))
    drop = set(mine if count is None else mine[:max(0, int(count))])
    _settle(r, who, tuple(e for i, e in enumerate(entries) if i not in drop))


def tick_buffs(r: Resolver) -> None:
    """A round has ended: every timed buff has one round less; those run out are removed."""
    s = r.s
    for key in sorted(k for k in s.counters_ if k.startswith("buff:")):
        who = _holder(key[5:])
        if isinstance(who, Ref) and who not in s.entities_:
            del s._w_counters()[key]  # its holder has left the game
            continue
        entries, _ = s.counters_[key]
        if all(left is None for _, left in entries):
            continue
        kept = tuple((n, None if left is None else left - 1) for n, left in entries
                     if left is None or left > 1)
        _settle(r, who, kept)


def _holder(key: str) -> Any:
    return Ref(int(key[1:])) if key[0] == "e" else int(key[1:])


def _settle(r: Resolver, who: Any, entries: tuple[tuple[str, int | None], ...]) -> None:
    """Record ``entries`` as what ``who`` holds, and give each parameter they touch (or
    touched) its value: the base with the buffs held applied."""
    s = r.s
    g = r.game
    key = "buff:" + holder_key(who)
    old = s.counters_.get(key)
    old_offsets = dict(old[1]) if old is not None else {}
    book = g.strategy.buffs
    add: dict[str, float] = {}
    mul: dict[str, float] = {}
    for name, _ in entries:
        bt = book[name]
        for p, v in bt.add:
            add[p] = add.get(p, 0) + v
        for p, v in bt.multiply:
            mul[p] = mul.get(p, 1) * v
    entity = isinstance(who, Ref)
    if entity:
        e = s.entities_[who]
        params = e.params_
        specs = g.param_specs
        etype = e.type
    else:
        params = s.players[who].params_
    offsets = []
    for p in sorted(set(old_offsets) | set(add) | set(mul)):
        if p not in params:
            continue  # this holder has no such parameter: the buff leaves it alone
        current = params[p]
        base = current - old_offsets.get(p, 0)
        value = (base + add.get(p, 0)) * mul.get(p, 1)
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        spec = specs.get((etype, p)) if entity else g.player_param_specs.get(p)
        if spec is not None:
            value = spec.clamp(value)
        if value != current:
            if entity:
                s._w_entity(who).params_[p] = value
            else:
                s._w_player(who).params_[p] = value
        if value != base:
            offsets.append((p, value - base))
    if entries or offsets:
        s._w_counters()[key] = (entries, tuple(offsets))
    elif old is not None:
        del s._w_counters()[key]
