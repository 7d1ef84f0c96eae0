"""Cooldowns: an action that, once taken, may not be taken again for a while.

An action type's ``cooldown`` is ``(count, per)``. Taking the action (its first effect,
``StartCooldown``) records when it is ready again; a condition the action type carries
(``cooldown_condition``) keeps it out of the legal actions until then. A cooldown belongs
to the acting entity (an entity action) or to the acting player (a player action), so two
healers each have their own.

What a tick is, the designer picks:

- ``per == "turn"``: a turn of the player who took the action. ``count`` 1 means "not
  again this turn", 2 means "skip one of my turns". The engine counts each player's turns
  as they begin (``count_turn``; under initiative order, every turn of one of that
  player's entities counts), and only for games that need the count (``FlowHooks``).
- ``per == "round"``: an engine round. ``count`` 1 means "not again this round".

Everything is kept in the state's ``counters`` (serialized with it): the turn counts under
``turns@P`` and each cooldown under ``cooldown:ACTION@#ID`` or ``cooldown:ACTION@PN`` as
``(ready_at, player)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .effect import Effect, register_effect
from .spec import Condition

if TYPE_CHECKING:
    from .context import Ctx
    from .runtime import Resolver
    from .state import State

PER = ("turn", "round")
"""What one tick of a cooldown is: a turn of the player who acted, or a round."""
_KEYS_KEPT = 4096
"""Counter keys a cooldown condition keeps made (cleared when full)."""


def turns_of(s: State, player: int) -> int:
    """How many turns ``player`` has begun (counted only in games that need it)."""
    n: int = s.counters_.get(f"turns@{player}", 0)
    return n


def count_turn(s: State, player: int) -> None:
    """Count one more turn begun by ``player`` (inside a transaction)."""
    s._w_counters()[f"turns@{player}"] = turns_of(s, player) + 1


def cooldown_key(action: str, entity: int | None, player: int | None) -> str:
    """Where the cooldown of ``action`` for an entity (or else a player) is kept."""
    who = f"#{int(entity)}" if entity is not None else f"P{player}"
    return f"cooldown:{action}@{who}"


def _clock(s: State, per: str, player: int) -> int:
    return s.flow.round if per == "round" else turns_of(s, player)


def cooldown_left(s: State, action: str, who: Any) -> int:
    """Ticks left before ``action`` is usable again by ``who`` — an entity for an entity
    action, a player for a player action: 0 when it is ready, or has no cooldown."""
    at = s.game.action_types.get(action)
    if at is None or at.cooldown is None or who is None:
        return 0
    entity = at.source == "entity"
    kept = s.counters_.get(cooldown_key(action, who if entity else None,
                                       None if entity else who))
    if kept is None:
        return 0
    ready, owner = kept
    left: int = max(0, ready - _clock(s, at.cooldown[1], owner))
    return left


@register_effect
@dataclass(frozen=True, slots=True)
class StartCooldown(Effect):
    """Start an action's cooldown for the acting entity (or player): the first effect of
    an action type with a ``cooldown``, added by the rules compiler."""

    action: str
    count: int
    per: str
    entity: bool

    def run(self, r: Resolver, ctx: Ctx) -> None:
        s = r.s
        player = ctx.player
        assert player is not None
        key = cooldown_key(self.action, ctx.actor if self.entity else None, player)
        s._w_counters()[key] = (_clock(s, self.per, player) + self.count, player)


def cooldown_condition(action: str, per: str, entity: bool) -> Condition:
    """The condition an action type with a cooldown carries: it is not cooling down."""
    # The test of every actor at every action decision: ``cooldown_left`` written out,
    # with each actor's (or player's) key made once.
    keys: dict[Any, str] = {}
    by_round = per == "round"

    def ready(ctx: Ctx) -> bool:
        who = ctx.actor if entity else ctx.player
        if who is None:
            return True
        key = keys.get(who)
        if key is None:
            if len(keys) >= _KEYS_KEPT:
                keys.clear()
            key = keys[who] = cooldown_key(action, who if entity else None,
                                           None if entity else who)
        s = ctx.state
        kept = s.counters_.get(key)
        if kept is None:
            return True
        ready_at, owner = kept
        clock: int = s.flow.round if by_round else turns_of(s, owner)
        return bool(ready_at <= clock)

    tick = "turns" if per == "turn" else "rounds"
    return Condition(f"`{action}` is cooling down (its cooldown counts {tick})", ready,
                     actor_free=not entity)


__all__ = ["PER", "StartCooldown", "cooldown_condition", "cooldown_key", "cooldown_left",
           "count_turn", "turns_of"]
