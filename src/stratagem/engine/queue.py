"""Action queues: an effect that sets an action aside to be carried out later.

``Enqueue`` records an action (type, actor, targets) for the player it belongs to (the
actor's owner, else the acting player), due ``after`` of that player's turns
(``after: 1``, "next turn", is the start of their next turn). The queue is kept in the
state's ``counters`` under ``queue`` as ``(due, player, type, actor, targets)`` entries,
in the order they were queued, so it is serialized with the state.

As each turn of a player begins — after the ``turn_started`` event has been answered,
before the turn's first step — their due entries are carried out one by one, in the order
they were queued: each is checked again at that moment (``queued_problem``: the actor
still in the game and the player's, the action type's conditions, each target still a
valid choice, or ``none`` where the action may be played for nothing), and a legal one
runs its action type's effects as if the player had taken it (without counting as an
action of the turn). One that is no longer legal is dropped, with no effect. An entry
whose player leaves the game is never carried out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .actions import Ref
from .context import Ctx
from .cooldowns import turns_of
from .effect import Effect, evaluate, register_effect

if TYPE_CHECKING:
    from .runtime import Resolver
    from .spec import ActionType, TargetSpec
    from .state import State

QUEUE = "queue"
"""The counter holding the queued actions."""

Entry = tuple[int, int, str, Any, tuple[tuple[str, Any], ...]]
"""A queued action: (due turn count, player, action type, actor, targets)."""


def queued(s: State) -> tuple[Entry, ...]:
    """The queued actions, oldest first."""
    q: tuple[Entry, ...] = s.counters_.get(QUEUE, ())
    return q


@register_effect
@dataclass(frozen=True, slots=True)
class Enqueue(Effect):
    """Queue an action to be carried out at the start of a later turn of its player
    (see the module's docstring). ``actor`` defaults to the acting entity for an entity
    action; ``after`` counts that player's turns (1: their next turn)."""

    action: str
    actor: Any = None
    targets: dict[str, Any] = field(default_factory=dict)
    after: Any = 1

    def run(self, r: Resolver, ctx: Ctx) -> None:
        s = r.s
        at = r.game.action_types[self.action]
        actor = evaluate(self.actor, ctx) if self.actor is not None else (
            ctx.actor if at.source == "entity" else None)
        if at.source == "entity":
            if actor is None or actor not in s.entities_:
                raise ValueError(f"enqueue {self.action}: its actor {actor!r} is not in the "
                                 "game")
            player = s.entities_[actor].owner
            actor = Ref(actor)
        else:
            actor, player = None, ctx.player
        if player is None:
            raise ValueError(f"enqueue {self.action}: no player to carry it out")
        after = evaluate(self.after, ctx)
        if isinstance(after, bool) or not isinstance(after, int) or after < 1:
            raise ValueError(f"enqueue {self.action}: `after` must be a whole number of "
                             f"turns, 1 or more, not {after!r}")
        targets = tuple((k, evaluate(v, ctx)) for k, v in self.targets.items())
        entry = (turns_of(s, player) + after, player, self.action, actor, targets)
        s._w_counters()[QUEUE] = (*queued(s), entry)


def _valid(spec: TargetSpec, ctx: Ctx) -> list[Any]:
    """The values a target may take now, its earlier targets bound in ``ctx``."""
    out = []
    for v in spec.candidates(ctx):
        ctx.targets[spec.name] = v
        if all(c.test(ctx) for c in spec.conditions):
            out.append(v)
    ctx.targets.pop(spec.name, None)
    return out


def queued_problem(s: State, player: int, at: ActionType, actor: Any,
                   targets: tuple[tuple[str, Any], ...]) -> str | None:
    """Why a queued action may not be carried out now, or ``None`` when it may."""
    g = s.game
    if not s.players[player].alive:
        return "its player is out of the game"
    if at.source == "entity":
        e = s.entities_.get(actor)
        if e is None:
            return f"#{int(actor)} is no longer in the game"
        if e.owner != player:
            return f"#{int(actor)} no longer belongs to {g.players[player]}"
        if at.name not in g.type_actions.get(e.type, ()):
            return f"a {e.type} cannot {at.name}"
    ctx = Ctx(s, player, actor, {})
    for c in at.conditions:
        if not c.test(ctx):
            return f"condition failed: {c.label}"
    given = dict(targets)
    for spec in at.targets:
        value = given.get(spec.name)
        valid = _valid(spec, ctx)
        if value is None:
            if valid or not (spec.optional or at.play_without_target):
                return f"target {spec.name} may not be none"
        elif value not in valid:
            return f"target {spec.name}={value} is no longer a valid choice"
        ctx.targets[spec.name] = value
    return None


@register_effect
@dataclass(frozen=True, slots=True)
class RunQueue(Effect):
    """Carry out the next due queued action of the turn's player, then come back for the
    one after it (the engine pushes ``DRAIN`` as a turn begins; see the module)."""

    pushes = True

    def run(self, r: Resolver, ctx: Ctx) -> None:
        s = r.s
        player = ctx.player
        assert player is not None
        now = turns_of(s, player)
        q = queued(s)
        for i, entry in enumerate(q):
            due, who, name, actor, targets = entry
            if who == player and due <= now:
                s._w_counters()[QUEUE] = (*q[:i], *q[i + 1:])
                r.push(DRAIN, ctx)
                at = r.game.action_types.get(name)
                if at is not None and queued_problem(s, player, at, actor, targets) is None:
                    g = r.game
                    if "action_done" in g.listened or "action_done" in g.narrated:
                        r.emit("action_done", {"player": player, "action": name,
                                               "actor": actor}, Ctx(s, player, actor))
                    given = dict(targets)  # a target not given is none (played for nothing)
                    r.push(at.effects, Ctx(s, player, actor,
                                           {t.name: given.get(t.name) for t in at.targets}))
                return


DRAIN: tuple[Effect, ...] = (RunQueue(),)
"""The effect list that carries out a player's due queued actions."""


def has_due(s: State, player: int) -> bool:
    """Whether ``player`` has a queued action due now."""
    now = turns_of(s, player)
    return any(who == player and due <= now for due, who, *_ in queued(s))


__all__ = ["DRAIN", "QUEUE", "Enqueue", "RunQueue", "has_due", "queued", "queued_problem"]
