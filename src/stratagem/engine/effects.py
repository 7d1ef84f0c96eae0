"""Effects: the primitive changes that action types, reactions and triggers list.

Each effect is a frozen value with ``run(resolver, ctx)``. Its arguments are
constants or callables of the context (``Expr``), evaluated when it runs, so a
compiled rules file and a hand-written Python game build the same objects.
Effects that change the board emit events (``moved``, ``damaged``, ``died``,
…) whose pending stage can be reacted to; the raw change (``engine.changes``) is
the event's body.

Each kind declares its traits where it is defined (``engine.effect`` says what
they mean) and registers itself with ``@register_effect``. One module because it
is a catalogue of small, independent classes, read one at a time: it runs over
500 lines because it holds every built-in kind, not because any one is long.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar

from .actions import Ref
from .changes import place, remove, set_param, set_player_param, spawn
from .context import Ctx
from .dice import Distribution
from .effect import (
    Checks,
    Effect,
    Events,
    effect_kinds,
    evaluate,
    player_of,
    register_effect,
    rules_effects,
    unregister_effect,
)
from .endings import eliminate, end_by_score, finish, said
from .errors import RunawayError
from .items import leave
from .knowledge import (
    draw_distribution,
    enter,
    is_table,
    is_tracked,
    own_draw,
    take_drawn,
    zone_ids,
)
from .narration import fill, label
from .phases import FLOW_EVENTS
from .stacks import has_room
from .state import DRAW_ROLL, HIDDEN_PLACEHOLDER, Status

if TYPE_CHECKING:
    from .runtime import Resolver

MAX_LOOP = 10_000
"""Items one ``ForEach`` may visit."""

# The kinds are this module's public face; the base, the registry and the raw changes
# come from the modules below it, so that one import gives a game's author all of them.
__all__ = [
    "MAX_LOOP",
    "STRAIGHT",
    "AddStatus",
    "Call",
    "CancelEvent",
    "ChangeOwner",
    "Choose",
    "Damage",
    "Draw",
    "DrawCard",
    "Effect",
    "Emit",
    "EndPhase",
    "EndTurn",
    "ForEach",
    "Heal",
    "If",
    "Kill",
    "ModifyParam",
    "ModifyPlayerParam",
    "Move",
    "MoveCard",
    "Perform",
    "Remember",
    "Remove",
    "RemoveStatus",
    "Roll",
    "SetEventField",
    "SetParam",
    "SetPlayerParam",
    "SetTile",
    "SetVar",
    "Spawn",
    "UseStatus",
    "WeightedChoice",
    "Win",
    "builtin_events",
    "effect_kinds",
    "evaluate",
    "place",
    "player_of",
    "register_effect",
    "remove",
    "rules_effects",
    "set_param",
    "set_player_param",
    "spawn",
    "unregister_effect",
]


# ------------------------------------------------------------------- effects
@register_effect
@dataclass(frozen=True, slots=True)
class SetParam(Effect):
    """Set an entity parameter (clamped to its bounds)."""

    entity: Any
    name: str
    value: Any

    def run(self, r: Resolver, ctx: Ctx) -> None:
        eid = evaluate(self.entity, ctx)
        if eid not in r.s.entities_:  # gone (removed earlier): nothing to write, as for damage
            return
        set_param(r, eid, self.name, evaluate(self.value, ctx))


@register_effect
@dataclass(frozen=True, slots=True)
class ModifyParam(Effect):
    """Add ``delta`` to an entity parameter (clamped to its bounds)."""

    entity: Any
    name: str
    delta: Any

    def run(self, r: Resolver, ctx: Ctx) -> None:
        eid = evaluate(self.entity, ctx)
        if eid not in r.s.entities_:  # gone (removed earlier): nothing to write, as for damage
            return
        current = r.s.entities_[eid].params_[self.name]
        set_param(r, eid, self.name, current + evaluate(self.delta, ctx))


@register_effect
@dataclass(frozen=True, slots=True)
class SetPlayerParam(Effect):
    """Set a player parameter (clamped to its bounds)."""

    player: Any
    name: str
    value: Any

    def run(self, r: Resolver, ctx: Ctx) -> None:
        set_player_param(r, evaluate(self.player, ctx), self.name, evaluate(self.value, ctx))


@register_effect
@dataclass(frozen=True, slots=True)
class ModifyPlayerParam(Effect):
    """Add ``delta`` to a player parameter (clamped to its bounds)."""

    player: Any
    name: str
    delta: Any

    def run(self, r: Resolver, ctx: Ctx) -> None:
        p = evaluate(self.player, ctx)
        current = r.s.players[p].params_[self.name]
        set_player_param(r, p, self.name, current + evaluate(self.delta, ctx))


@register_effect
@dataclass(frozen=True, slots=True)
class Spawn(Effect):
    """Create an entity at a position (or in a zone); its id is bound as ``bind``."""

    type: Any
    pos: Any = None
    owner: Any = None
    params: dict[str, Any] = field(default_factory=dict)
    zone: str | None = None
    bind: str | None = None

    def _make(self, r: Resolver, ctx: Ctx) -> int:
        owner = self.owner
        owner = ctx.player if owner is None else owner(ctx) if callable(owner) else owner
        params = self.params
        type = self.type
        if callable(type):
            type = type(ctx)
            if type not in r.game.spawn_protos:
                raise ValueError(f"spawn: `type` came out as {type!r}, which is no entity "
                                 "type" + (" (is a `let` or loop name hiding the type's name?)"
                                           if type is None else ""))
        pos = self.pos
        if callable(pos):
            pos = pos(ctx)
        if pos is None and self.pos is not None and self.zone is None:
            raise ValueError(f"spawn of {type}: its position came out as none")
        return spawn(r, type, owner, pos,
                     {k: evaluate(v, ctx) for k, v in params.items()} if params else None,
                     self.zone)

    def run(self, r: Resolver, ctx: Ctx) -> None:
        eid = self._make(r, ctx)
        if self.bind:
            r.bind(self.bind, eid)
        if r.game.announce_spawn:
            _announce(r, eid, ctx)

    def run_straight(self, r: Resolver, ctx: Ctx) -> Ctx:
        eid = self._make(r, ctx)
        if r.game.announce_spawn:
            _announce(r, eid, ctx)
        name = self.bind
        if not name:
            return ctx
        return Ctx(ctx.state, ctx.player, ctx.actor, ctx.targets, {**ctx.vars, name: eid},
                   ctx.event)


def _announce(r: Resolver, eid: int, ctx: Ctx) -> None:
    """Emit ``spawned`` for a new entity (called when something listens to it or narrates
    it, ``Game.announce_spawn``: a block holding a spawn then runs step by step, so it is
    answered before the effects after the spawn, ``flow_hooks.is_straight``)."""
    e = r.s.entities_[eid]
    r.emit("spawned", {"entity": Ref(eid), "type": e.type, "owner": e.owner, "pos": e.pos}, ctx)


@register_effect
@dataclass(frozen=True, slots=True)
class Remove(Effect):
    """Take an entity out of the game without a ``died`` event."""

    entity: Any

    def run(self, r: Resolver, ctx: Ctx) -> None:
        leave(r, evaluate(self.entity, ctx))


def _mover_can_arrive(ctx: Ctx) -> bool:
    """A move's validity check: the mover is still in the game and the square still free
    (on a board with stacks: with room for it)."""
    ev = ctx.ev if ctx.event is not None else {}
    mover, to = ev.get("mover"), ev.get("to")
    s = ctx.state
    if mover not in s.entities_:
        return False
    if to is not None and s.game.board.stacking:
        return has_room(s, to, mover)
    return to is None or s.at_.get(to) in (None, mover)


def _target_present(ctx: Ctx) -> bool:
    return ctx.ev["target"] in ctx.state.entities_


def _entity_present(ctx: Ctx) -> bool:
    return ctx.ev["entity"] in ctx.state.entities_


@register_effect
@dataclass(frozen=True, slots=True)
class Move(Effect):
    """Move an entity: a ``moved`` event whose pending stage reactions may answer.

    The move happens after the reactions, and only if the mover is still in the
    game and the destination still free.
    """

    pushes = True
    emits: ClassVar[Events] = {"moved": {"mover": "entity", "from": "pos", "to": "pos"}}
    checks: ClassVar[Checks] = {"move": _mover_can_arrive}

    entity: Any
    to: Any
    event: str = "moved"

    def run(self, r: Resolver, ctx: Ctx) -> None:
        eid = evaluate(self.entity, ctx)
        if eid is None:  # said plainly, not as the lookup that failed
            raise ValueError("`what` is none: no entity to move")
        e = r.s.entities_.get(eid)
        if e is None:  # it left the game earlier in the action: left alone, as `set` does
            return
        r.emit(self.event, {"mover": eid, "from": e.pos, "to": evaluate(self.to, ctx)}, ctx,
               _PLACE, _mover_can_arrive)

    def blocks(self) -> tuple[tuple[Effect, ...], ...]:
        return (_PLACE,)


@register_effect
@dataclass(frozen=True, slots=True)
class _Place(Effect):
    """The body of a move: put ``event.mover`` at ``event.to``."""

    needs_stack = True  # reads the event's fields

    def run(self, r: Resolver, ctx: Ctx) -> None:
        ev = ctx.ev
        place(r, ev["mover"], ev["to"])


_PLACE: tuple[Effect, ...] = (_Place(),)


@register_effect
@dataclass(frozen=True, slots=True)
class Damage(Effect):
    """Deal damage through a ``damaged`` event (modifiers may change ``amount``).

    At 0 HP the target dies (a ``died`` event)."""

    pushes = True
    emits: ClassVar[Events] = {
        "damaged": {"target": "entity", "amount": "number", "source": "entity", "kind": "str"}}
    checks: ClassVar[Checks] = {"target": _target_present}

    target: Any
    amount: Any
    source: Any = None
    kind: str = ""
    param: str = "hp"

    def run(self, r: Resolver, ctx: Ctx) -> None:
        eid = evaluate(self.target, ctx)
        if eid not in r.s.entities_:
            return
        src = evaluate(self.source, ctx) if self.source is not None else ctx.actor
        r.emit("damaged", {"target": eid, "amount": evaluate(self.amount, ctx), "source": src,
                           "kind": self.kind or None}, ctx,
               _damage_body(self.param), _target_present)

    def blocks(self) -> tuple[tuple[Effect, ...], ...]:
        return (_damage_body(self.param), _DIE)


@register_effect
@dataclass(frozen=True, slots=True)
class Heal(Effect):
    """Restore a parameter (HP by default) up to its maximum, through a ``healed`` event."""

    pushes = True
    emits: ClassVar[Events] = {"healed": {"target": "entity", "amount": "number"}}
    checks: ClassVar[Checks] = {"target": _target_present}

    target: Any
    amount: Any
    param: str = "hp"

    def run(self, r: Resolver, ctx: Ctx) -> None:
        eid = evaluate(self.target, ctx)
        if eid in r.s.entities_:
            r.emit("healed", {"target": eid, "amount": evaluate(self.amount, ctx)}, ctx,
                   _heal_body(self.param), _target_present)

    def blocks(self) -> tuple[tuple[Effect, ...], ...]:
        return (_heal_body(self.param),)


@register_effect
@dataclass(frozen=True, slots=True)
class _ApplyHeal(Effect):
    """The body of a heal: raise the parameter by the event's amount."""

    needs_stack = True  # reads the event's fields

    param: str

    def run(self, r: Resolver, ctx: Ctx) -> None:
        ev = ctx.ev
        eid = ev["target"]
        set_param(r, eid, self.param, r.s.entities_[eid].params_[self.param] + max(0, ev["amount"]))


@cache
def _heal_body(param: str) -> tuple[Effect, ...]:
    return (_ApplyHeal(param),)


@register_effect
@dataclass(frozen=True, slots=True)
class Kill(Effect):
    """Remove an entity through a ``died`` event (triggers answer its done stage)."""

    pushes = True
    emits: ClassVar[Events] = {
        "died": {"entity": "entity", "type": "str", "owner": "player", "at": "pos",
                 "by": "entity"}}
    checks: ClassVar[Checks] = {"entity": _entity_present}

    entity: Any
    by: Any = None

    def run(self, r: Resolver, ctx: Ctx) -> None:
        eid = evaluate(self.entity, ctx)
        if eid not in r.s.entities_:
            return
        e = r.s.entities_[eid]
        r.emit("died", {"entity": eid, "type": e.type, "owner": e.owner, "at": e.pos,
                        "by": evaluate(self.by, ctx)}, ctx, _DIE, _entity_present)

    def blocks(self) -> tuple[tuple[Effect, ...], ...]:
        return (_DIE,)


@register_effect
@dataclass(frozen=True, slots=True)
class _Die(Effect):
    """The body of a death: take the entity out of the game."""

    needs_stack = True  # reads the event's fields

    def run(self, r: Resolver, ctx: Ctx) -> None:
        leave(r, ctx.ev["entity"])


_DIE: tuple[Effect, ...] = (_Die(),)


@register_effect
@dataclass(frozen=True, slots=True)
class _ApplyDamage(Effect):
    """The body of damage: lower the parameter by the event's amount; at 0 the target
    dies (a ``died`` event)."""

    needs_stack = True  # reads the event's fields
    pushes = True
    emits: ClassVar[Events] = Kill.emits

    param: str

    def run(self, r: Resolver, ctx: Ctx) -> None:
        ev = ctx.ev
        eid = ev["target"]
        if eid not in r.s.entities_:
            return
        amount = max(0, ev["amount"])
        left = r.s.entities_[eid].params_[self.param] - amount
        set_param(r, eid, self.param, left)
        if left <= 0:
            Kill(eid, ev.get("source")).run(r, ctx)


@cache
def _damage_body(param: str) -> tuple[Effect, ...]:
    return (_ApplyDamage(param),)


@register_effect
@dataclass(frozen=True, slots=True)
class ChangeOwner(Effect):
    """Give an entity to another player."""

    entity: Any
    player: Any

    def run(self, r: Resolver, ctx: Ctx) -> None:
        eid = evaluate(self.entity, ctx)
        owner = evaluate(self.player, ctx)
        e = r.s.entities_[eid]
        if e.zone is not None and not is_table(r.game, e.zone):
            enter(r.s, eid, owner, e.zone)  # a card goes to its new owner's zone of that name
        else:
            r.s._w_entity(eid).owner = owner


@register_effect
@dataclass(frozen=True, slots=True)
class ChangeType(Effect):
    """Make an entity one of another type, keeping its id, owner, place and statuses: a
    man crowned a king, a pawn promoted. It keeps the value of each parameter the new
    type also has, takes the new type's default for the others, and drops those the new
    type lacks. An entity no longer in the game is left alone."""

    entity: Any
    type: Any

    def run(self, r: Resolver, ctx: Ctx) -> None:
        eid = evaluate(self.entity, ctx)
        if eid is None:
            raise ValueError("`what` is none: no entity to change")
        new = evaluate(self.type, ctx)
        g = r.game
        if new not in g.entity_types:
            raise ValueError(f"`to` is no entity type: {new!r}")
        e = r.s.entities_.get(eid)
        if e is None or e.type == new:
            return
        defaults = g.spawn_protos[new][0]
        w = r.s._w_entity(eid)
        w.params_ = {k: e.params_.get(k, v) for k, v in defaults.items()}
        w.type = new


@register_effect
@dataclass(frozen=True, slots=True)
class AddStatus(Effect):
    """Put a status on an entity (replacing one of the same name)."""

    entity: Any
    name: str
    duration: Any = None
    usages: Any = None

    def run(self, r: Resolver, ctx: Ctx) -> None:
        eid = evaluate(self.entity, ctx)
        if eid not in r.s.entities_:
            return
        st = r.game.statuses[self.name]
        dur = evaluate(self.duration, ctx) if self.duration is not None else st.duration
        use = evaluate(self.usages, ctx) if self.usages is not None else st.usages
        e = r.s._w_entity(eid)
        e.statuses = (*(x for x in e.statuses if x.name != self.name), Status(self.name, dur, use))


@register_effect
@dataclass(frozen=True, slots=True)
class RemoveStatus(Effect):
    """Take a status off an entity."""

    entity: Any
    name: str

    def run(self, r: Resolver, ctx: Ctx) -> None:
        eid = evaluate(self.entity, ctx)
        if eid in r.s.entities_ and r.s.entities_[eid].has_status(self.name):
            e = r.s._w_entity(eid)
            e.statuses = tuple(x for x in e.statuses if x.name != self.name)


@register_effect
@dataclass(frozen=True, slots=True)
class UseStatus(Effect):
    """Spend one use of a status; it expires at zero."""

    entity: Any
    name: str

    def run(self, r: Resolver, ctx: Ctx) -> None:
        eid = evaluate(self.entity, ctx)
        if eid not in r.s.entities_:
            return
        e = r.s._w_entity(eid)
        out = []
        for st in e.statuses:
            if st.name == self.name and st.usages is not None:
                if st.usages <= 1:
                    continue
                st = Status(st.name, st.duration, st.usages - 1)
            out.append(st)
        e.statuses = tuple(out)


@register_effect
@dataclass(frozen=True, slots=True)
class Roll(Effect):
    """Roll dice into a named value (sampled, replayed, or a chance decision)."""

    rolls = True  # sampled, replayed, or surfaced as a chance decision

    name: str
    dice: Any  # Distribution | Expr -> Distribution

    def run(self, r: Resolver, ctx: Ctx) -> None:
        dist = evaluate(self.dice, ctx)
        if not isinstance(dist, Distribution):
            raise TypeError(f"roll '{self.name}' needs a dice distribution, got {dist!r}")
        r.roll(self.name, dist)


@register_effect
@dataclass(frozen=True, slots=True)
class If(Effect):
    """Run ``then`` when ``test`` holds, else ``otherwise``."""

    pushes = True  # its branch (straight when both branches are: see ``straight``)

    test: Any
    then: tuple[Effect, ...] = ()
    otherwise: tuple[Effect, ...] = ()

    def run(self, r: Resolver, ctx: Ctx) -> None:
        r.push(self.then if self.test(ctx) else self.otherwise, ctx)

    def straight(self) -> bool:
        return all(e.straight() for e in (*self.then, *self.otherwise))

    def run_straight(self, r: Resolver, ctx: Ctx) -> Ctx:
        c = ctx
        s = r.s
        for e in self.then if self.test(ctx) else self.otherwise:
            c = e.run_straight(r, c)
            if s.outcome is not None:
                break
        return ctx  # names bound in a branch stay in it


@register_effect
@dataclass(frozen=True, slots=True)
class ForEach(Effect):
    """Run ``body`` once per item, with the item bound as ``name``."""

    pushes = True

    name: str
    items: Any
    body: tuple[Effect, ...]

    def run(self, r: Resolver, ctx: Ctx) -> None:
        items = list(evaluate(self.items, ctx))
        if len(items) > MAX_LOOP:
            raise RunawayError(f"a loop over '{self.name}' has {len(items)} items "
                               f"(more than {MAX_LOOP})")
        for item in reversed(items):  # pushed last-first, so they run first-first
            r.push(self.body, ctx.bind(self.name, item))


@register_effect
@dataclass(frozen=True, slots=True)
class _PickBranch(Effect):
    """The second half of a weighted choice: run the branch the roll named."""

    pushes = True

    name: str
    branches: tuple[tuple[Effect, ...], ...]

    def run(self, r: Resolver, ctx: Ctx) -> None:
        r.push(self.branches[ctx.vars[self.name]], ctx)

    def blocks(self) -> tuple[tuple[Effect, ...], ...]:
        return self.branches


@register_effect
@dataclass(frozen=True, slots=True)
class WeightedChoice(Effect):
    """Run one of several branches at random, by integer weights (a chance node)."""

    pushes = True
    rolls = True

    name: str
    options: tuple[tuple[int, tuple[Effect, ...]], ...]
    _block: tuple[Effect, ...] = field(default=(), init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        dist = Distribution(((i, w) for i, (w, _) in enumerate(self.options)), self.name)
        block = (Roll(self.name, dist), _PickBranch(self.name, tuple(b for _, b in self.options)))
        object.__setattr__(self, "_block", block)

    def run(self, r: Resolver, ctx: Ctx) -> None:
        r.push(self._block, ctx)

    def blocks(self) -> tuple[tuple[Effect, ...], ...]:
        return (self._block, *(b for _, b in self.options))


@register_effect
@dataclass(frozen=True, slots=True)
class Emit(Effect):
    """Emit a named event with fields; ``body`` is the change it stands for."""

    pushes = True  # its body; the event is named by the rules, not built in

    event: str
    fields: dict[str, Any] = field(default_factory=dict)
    body: tuple[Effect, ...] = ()
    valid: Any = None

    def run(self, r: Resolver, ctx: Ctx) -> None:
        r.emit(self.event, {k: evaluate(v, ctx) for k, v in self.fields.items()}, ctx, self.body,
               self.valid)


@register_effect
@dataclass(frozen=True, slots=True)
class Perform(Effect):
    """Carry out another action type's effects with the given actor and targets."""

    pushes = True

    action: str
    actor: Any = None
    targets: dict[str, Any] = field(default_factory=dict)

    def run(self, r: Resolver, ctx: Ctx) -> None:
        at = r.game.action_types[self.action]
        actor = evaluate(self.actor, ctx) if self.actor is not None else ctx.actor
        if actor is not None and actor not in r.s.entities_:
            return
        player = r.s.entities_[actor].owner if actor is not None else ctx.player
        targets = {k: evaluate(v, ctx) for k, v in self.targets.items()}
        r.push(at.effects, Ctx(r.s, player, actor, targets, {}, ctx.event))


@register_effect
@dataclass(frozen=True, slots=True)
class Choose(Effect):
    """Ask a player to pick one of ``options`` mid-effect; bound as ``name``."""

    waits = True

    name: str
    options: Any
    player: Any = None
    prompt: str = ""
    private: bool = False
    """Only the chooser is told what was chosen (the other players' logs and views, and
    the account told to a person, read it as none), and the choice is asked even with
    one option, so that whether it was asked tells nothing (``Game.private_targets``)."""

    def run(self, r: Resolver, ctx: Ctx) -> None:
        player = player_of(self.player, ctx)
        options = tuple(evaluate(self.options, ctx))
        r.choose(self.name, player, options, self._asked(r, ctx, player), self.private)

    def _asked(self, r: Resolver, ctx: Ctx, player: int) -> str:
        """The prompt, its ``{actor}``, ``{player}`` and named values filled in (as an
        action's text is): `retreat {actor} to` asks "retreat armor #5 to"."""
        if not self.prompt:
            return f"choose {self.name}"
        if "{" not in self.prompt:
            return self.prompt
        s = r.s
        fields: dict[str, Any] = {k: label(s, v) for k, v in ctx.vars.items()
                                  if not k.startswith("_")}
        fields.update((k, label(s, v)) for k, v in ctx.targets.items())
        fields["player"] = s.game.players[player] if 0 <= player < len(s.game.players) \
            else "chance"
        if ctx.actor is not None:
            fields["actor"] = label(s, Ref(ctx.actor))
        return fill(self.prompt, fields) or self.prompt


@register_effect
@dataclass(frozen=True, slots=True)
class MoveCard(Effect):
    """Move a card (an entity in a zone) to a zone, on top or at the bottom: a table zone,
    or ``player``'s zone (by default its owner's)."""

    card: Any
    to: str
    bottom: bool = False
    player: Any = None

    def run(self, r: Resolver, ctx: Ctx) -> None:
        eid = evaluate(self.card, ctx)
        s = r.s
        if eid is None:
            raise ValueError(f"no card to move to `{self.to}`: the card is none (a `draw` "
                             "from an empty zone, or a target `play_without_target` left "
                             "out): test it with `exists(...)` first")
        e = s.entities_.get(eid)
        if e is None:
            raise ValueError(f"card #{int(eid)} is no longer in the game" + (
                HIDDEN_PLACEHOLDER if int(eid) < 0 else ""))
        owner = evaluate(self.player, ctx) if self.player is not None else e.owner
        if owner is None and not is_table(r.game, self.to):
            raise ValueError(f"card #{int(eid)} has no owner: say whose `{self.to}` it "
                             "goes to (`player:`)")
        if e.pos is not None:
            place(r, eid, None)
        enter(s, eid, owner, self.to, self.bottom)


def _drawer(player: Any, ctx: Ctx) -> int | None:
    """Whose zones a draw names: ``player``, or the acting player; none at all (a draw
    between table zones during set-up) is for ``zone_ids`` to refuse if a zone needs one."""
    if player is None and ctx.player is None:
        return None
    return player_of(player, ctx)


@register_effect
@dataclass(frozen=True, slots=True)
class _DrawPicked(Effect):
    """The second half of a draw: move the card the roll named."""

    needs_stack = True  # binds the card in the block that ran DrawCard

    player: Any
    source: str
    to: str
    name: str
    bind: str | None

    def run(self, r: Resolver, ctx: Ctx) -> None:
        p = _drawer(self.player, ctx)
        index = ctx.vars[self.name]
        if is_tracked(r.game):
            card = take_drawn(r.s, p, self.source, index)
        else:
            card = r.s.players[player_of(p, ctx)].zones_[self.source][index]
        MoveCard(card, self.to, False, p).run(r, ctx)
        if self.bind:
            r.bind(self.bind, card, outer=1)  # in the block that ran DrawCard


@register_effect
@dataclass(frozen=True, slots=True)
class DrawCard(Effect):
    """Draw a uniformly random card of a zone (the table's, or the player's) into another
    zone (the table's, or the player's), as a chance node. In a game that tracks cards
    (``engine.knowledge``) equal cards are one outcome. From an empty zone it draws
    nothing and binds ``bind`` to no card (``None``)."""

    pushes = True
    rolls = True

    player: Any
    source: str
    to: str
    bind: str | None = None
    _block: tuple[Effect, ...] = field(default=(), init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        source = self.source
        player = self.player

        def pool(ctx: Ctx) -> Distribution:
            p = _drawer(player, ctx)
            if is_tracked(ctx.game):
                return draw_distribution(ctx.state, p, source)
            return own_draw(ctx.state, player_of(p, ctx), source)  # uniform over the cards

        block = (Roll(DRAW_ROLL, pool),
                 _DrawPicked(player, source, self.to, DRAW_ROLL, self.bind))
        object.__setattr__(self, "_block", block)

    def run(self, r: Resolver, ctx: Ctx) -> None:
        p = _drawer(self.player, ctx)
        if zone_ids(r.s, p, self.source):
            r.push(self._block, ctx)
        elif self.bind:
            r.bind(self.bind, None)  # nothing drawn: the name is bound to no card

    def blocks(self) -> tuple[tuple[Effect, ...], ...]:
        return (self._block,)


@register_effect
@dataclass(frozen=True, slots=True)
class SetVar(Effect):
    """Bind a named value for the rest of the block."""

    name: str
    value: Any

    def run(self, r: Resolver, ctx: Ctx) -> None:
        r.bind(self.name, evaluate(self.value, ctx))

    def run_straight(self, r: Resolver, ctx: Ctx) -> Ctx:
        return ctx.bind(self.name, evaluate(self.value, ctx))


@register_effect
@dataclass(frozen=True, slots=True)
class Remember(Effect):
    """Store a value in the state's memory (visible to agents and programs)."""

    key: Any
    value: Any

    def run(self, r: Resolver, ctx: Ctx) -> None:
        r.s._w_memory()[str(evaluate(self.key, ctx))] = evaluate(self.value, ctx)


@register_effect
@dataclass(frozen=True, slots=True)
class SetEventField(Effect):
    """Change a field of the event being reacted to (while it is pending)."""

    needs_stack = True  # writes the pending event's frame

    field: str
    value: Any

    def run(self, r: Resolver, ctx: Ctx) -> None:
        assert ctx.event is not None, "SetEventField outside a reaction"
        r.set_event_field(ctx.event, self.field, evaluate(self.value, ctx))


@register_effect
@dataclass(frozen=True, slots=True)
class CancelEvent(Effect):
    """Cancel the pending event being reacted to: its change never happens."""

    needs_stack = True  # writes the pending event's frame

    def run(self, r: Resolver, ctx: Ctx) -> None:
        assert ctx.event is not None, "CancelEvent outside a reaction"
        r.cancel_event(ctx.event)


@register_effect
@dataclass(frozen=True, slots=True)
class EndTurn(Effect):
    """End the current turn once the action resolves."""

    ends_turn = True

    def run(self, r: Resolver, ctx: Ctx) -> None:
        r.s.flow = r.s.flow._replace(ended=True)


@register_effect
@dataclass(frozen=True, slots=True)
class EndPhase(Effect):
    """End the current phase: the current turn ends (with its hooks), then the phase."""

    ends_turn = True

    def run(self, r: Resolver, ctx: Ctx) -> None:
        r.s.flow = r.s.flow._replace(ended=True, closing=True)


@register_effect
@dataclass(frozen=True, slots=True)
class Win(Effect):
    """End the game at once with a player (the acting one by default) as the winner;
    ``{player}`` in the reason becomes the winner's name."""

    player: Any = None
    reason: str = "won"

    def run(self, r: Resolver, ctx: Ctx) -> None:
        p = player_of(self.player, ctx)
        finish(r, (p,), said(r.game, "win", p, self.reason))


@register_effect
@dataclass(frozen=True, slots=True)
class Lose(Effect):
    """Put a player (the acting one by default) out of the game, as a ``lose`` rule does:
    when one player is left standing, that player wins. ``{player}`` in the reason becomes
    the loser's name (the result's reason)."""

    player: Any = None
    reason: str = "{player} lost"

    def run(self, r: Resolver, ctx: Ctx) -> None:
        p = player_of(self.player, ctx)
        if eliminate(r, p, said(r.game, "lose", p, self.reason)):
            r.s.stack.clear()


@register_effect
@dataclass(frozen=True, slots=True)
class Draw(Effect):
    """End the game at once as a draw."""

    reason: str = "draw"

    def run(self, r: Resolver, ctx: Ctx) -> None:
        finish(r, (), self.reason, draw=True)


@register_effect
@dataclass(frozen=True, slots=True)
class EndByScore(Effect):
    """End the game at once as the round limit does: the players still in ranked by the
    game's score, the highest winning (all first together when the game keeps none)."""

    reason: str = "the game is over"

    def run(self, r: Resolver, ctx: Ctx) -> None:
        end_by_score(r, self.reason)
        r.s.stack.clear()


@register_effect
@dataclass(frozen=True, slots=True)
class Call(Effect):
    """Run a plain function of the resolver and context (for Python-defined games)."""

    # A plain function may do anything to the stack. (A Python game whose functions
    # roll dice says so with ``Game(chance=True)``.)
    needs_stack = True

    fn: Any
    label: str = "call"

    def run(self, r: Resolver, ctx: Ctx) -> None:
        self.fn(r, ctx)


@register_effect
@dataclass(frozen=True, slots=True)
class SetTile(Effect):
    """Change the tile type at a position; movement costs, sight and ``tile()`` follow it."""

    pos: Any
    to: Any

    def run(self, r: Resolver, ctx: Ctx) -> None:
        pos = evaluate(self.pos, ctx)
        name = evaluate(self.to, ctx)
        b = r.game.board
        if pos is None or not b.contains(pos):
            raise ValueError(f"set_tile: position {pos} is off the board")
        if name not in b.tile_types:
            raise ValueError(f"set_tile: unknown tile type '{name}'")
        i = pos[1] * b.width + pos[0]
        tiles = r.s.tiles
        if tiles[i] != name:
            r.s.tiles = (*tiles[:i], name, *tiles[i + 1:])


STRAIGHT: frozenset[type[Effect]] = frozenset(
    cls for cls in effect_kinds() if cls.runs_straight())
"""The built-in kinds that run to their end at once, derived from their traits (see
``Effect.straight``; ``If`` decides by its branches)."""


def builtin_events() -> dict[str, dict[str, str]]:
    """The events the engine itself emits, each with the kinds of its fields: those the
    registered effect kinds declare (``Effect.emits``), then the phase machine's
    (``phases.FLOW_EVENTS``). Rules may react to these without declaring them."""
    events: dict[str, dict[str, str]] = {}
    for kind in effect_kinds():
        for name, fields in kind.emits.items():
            events.setdefault(name, dict(fields))
    for name, fields in FLOW_EVENTS.items():
        events.setdefault(name, dict(fields))
    return events
