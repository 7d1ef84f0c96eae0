"""Effects: the primitive changes that action types, reactions and triggers list.

Each effect is a frozen value with ``run(resolver, ctx)``. Its arguments are
constants or callables of the context (``Expr``), evaluated when it runs, so a
compiled rules file and a hand-written Python game build the same objects.
Effects that change the board emit events (``moved``, ``damaged``, ``died``,
…) whose pending stage can be reacted to; the raw change is the event's body.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from .actions import Pos
from .context import Ctx
from .dice import Distribution
from .errors import RunawayError
from .state import Entity, Status, writable_copy

if TYPE_CHECKING:
    from .runtime import Resolver

MAX_LOOP = 10_000
"""Items one ``ForEach`` may visit."""


def _v(x: Any, ctx: Ctx) -> Any:
    return x(ctx) if callable(x) else x


def _player(x: Any, ctx: Ctx) -> int:
    """A player expression, defaulting to the context's player."""
    p = _v(x, ctx) if x is not None else ctx.player
    if not isinstance(p, int):
        raise ValueError(f"expected a player index, got {p!r}")
    return p


class Effect:
    """Base of all effects.

    ``blocks()`` names every effect tuple the effect may push, so a game can
    register them all and a state whose stack holds them can be serialized.
    """

    __slots__ = ()

    def run(self, r: Resolver, ctx: Ctx) -> None:
        raise NotImplementedError

    def straight(self) -> bool:
        """Whether the effect always runs to its end at once: it never pushes effects,
        waits for a roll or choice, or emits an event. A block of such effects runs in
        one go, without stepping the stack (``run_straight``)."""
        return type(self) in STRAIGHT

    def run_straight(self, r: Resolver, ctx: Ctx) -> Ctx:
        """Run a straight effect; returns the context for the effects after it (with any
        name it binds)."""
        self.run(r, ctx)
        return ctx

    def blocks(self) -> tuple[tuple[Effect, ...], ...]:
        """The effect tuples this effect may push onto the stack."""
        out: list[tuple[Effect, ...]] = []
        for name in getattr(self, "__slots__", ()):
            value = getattr(self, name, None)
            if isinstance(value, tuple) and value and all(isinstance(x, Effect) for x in value):
                out.append(value)
        return tuple(out)


# ---------------------------------------------------------------- raw changes
def set_param(r: Resolver, eid: int, name: str, value: Any) -> None:
    """Set an entity parameter, clamped to its declared bounds."""
    s = r.s
    e = s.entities[eid]
    spec = r.game.param_specs.get((e.type, name))
    if spec is not None:
        value = spec.clamp(value)
    if e.params.get(name) != value:
        s._w_entity(eid).params[name] = value


def set_player_param(r: Resolver, player: int, name: str, value: Any) -> None:
    """Set a player parameter, clamped to its declared bounds."""
    spec = r.game.player_param_specs.get(name)
    if spec is not None:
        value = spec.clamp(value)
    if r.s.players[player].params.get(name) != value:
        r.s._w_player(player).params[name] = value


def place(r: Resolver, eid: int, to: Pos | None) -> None:
    """Put an entity at a position (``None``: off the board), no event."""
    s = r.s
    e = s.entities[eid]
    if e.pos == to:
        return
    if to is not None:
        if not r.game.board.contains(to):
            raise ValueError(f"position {to} is off the board")
        other = s.at.get(to)
        if other is not None and other != eid:
            raise ValueError(f"position {to} is taken by #{int(other)}")
    at = s._w_at()
    if e.pos is not None and at.get(e.pos) == eid:
        del at[e.pos]
    if to is not None:
        at[to] = eid
    s._w_entity(eid).pos = to


def remove(r: Resolver, eid: int) -> None:
    """Take an entity out of the game (and out of any zone)."""
    s = r.s
    e = s.entities.get(eid)
    if e is None:
        return
    if e.pos is not None and s.at.get(e.pos) == eid:
        del s._w_at()[e.pos]
    if e.zone is not None and e.owner is not None:
        pl = s._w_player(e.owner)
        pl.zones[e.zone] = tuple(x for x in pl.zones[e.zone] if x != eid)
    del s._w_entities()[eid]


def spawn(r: Resolver, type: str, owner: int | None, pos: Pos | None,
          params: dict[str, Any] | None = None, zone: str | None = None) -> int:
    """Create an entity from its type's defaults; returns its id."""
    s = r.s
    g = r.game
    defaults, statuses = g.spawn_protos[type]
    values = writable_copy(defaults)
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
        if pos in s.at:
            raise ValueError(f"cannot spawn {type} at {pos}: taken by #{int(s.at[pos])}")
    if zone is not None and owner is None:
        raise ValueError(f"a {type} in zone {zone} needs an owner")
    s.next_id = eid + 1
    # The new entity belongs to this transaction from the start (State._w_entity).
    own = s._own
    if not own & 1:
        s.entities = writable_copy(s.entities)
        own |= 1
        s._own_entities = set()
    s.entities[eid] = Entity(eid, type, owner, pos, values, statuses, zone)
    s._own_entities.add(eid)  # type: ignore[union-attr]
    if pos is not None:
        if not own & 2:
            s.at = writable_copy(s.at)
            own |= 2
        s.at[pos] = eid
    s._own = own
    if zone is not None:
        assert owner is not None
        pl = s._w_player(owner)
        pl.zones[zone] = (*pl.zones[zone], eid)
    return eid


# ------------------------------------------------------------------- effects
@dataclass(frozen=True, slots=True)
class SetParam(Effect):
    """Set an entity parameter (clamped to its bounds)."""

    entity: Any
    name: str
    value: Any

    def run(self, r: Resolver, ctx: Ctx) -> None:
        set_param(r, _v(self.entity, ctx), self.name, _v(self.value, ctx))


@dataclass(frozen=True, slots=True)
class ModifyParam(Effect):
    """Add ``delta`` to an entity parameter (clamped to its bounds)."""

    entity: Any
    name: str
    delta: Any

    def run(self, r: Resolver, ctx: Ctx) -> None:
        eid = _v(self.entity, ctx)
        set_param(r, eid, self.name, r.s.entities[eid].params[self.name] + _v(self.delta, ctx))


@dataclass(frozen=True, slots=True)
class SetPlayerParam(Effect):
    """Set a player parameter (clamped to its bounds)."""

    player: Any
    name: str
    value: Any

    def run(self, r: Resolver, ctx: Ctx) -> None:
        set_player_param(r, _v(self.player, ctx), self.name, _v(self.value, ctx))


@dataclass(frozen=True, slots=True)
class ModifyPlayerParam(Effect):
    """Add ``delta`` to a player parameter (clamped to its bounds)."""

    player: Any
    name: str
    delta: Any

    def run(self, r: Resolver, ctx: Ctx) -> None:
        p = _v(self.player, ctx)
        set_player_param(r, p, self.name, r.s.players[p].params[self.name] + _v(self.delta, ctx))


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
        pos = self.pos
        if callable(pos):
            pos = pos(ctx)
        if pos is None and self.pos is not None and self.zone is None:
            raise ValueError(f"spawn of {type}: its position came out as none")
        return spawn(r, type, owner, pos,
                     {k: _v(v, ctx) for k, v in params.items()} if params else None, self.zone)

    def run(self, r: Resolver, ctx: Ctx) -> None:
        eid = self._make(r, ctx)
        if self.bind:
            r.bind(self.bind, eid)

    def run_straight(self, r: Resolver, ctx: Ctx) -> Ctx:
        eid = self._make(r, ctx)
        name = self.bind
        if not name:
            return ctx
        return Ctx(ctx.state, ctx.player, ctx.actor, ctx.targets, {**ctx.vars, name: eid},
                   ctx.event)


@dataclass(frozen=True, slots=True)
class Remove(Effect):
    """Take an entity out of the game without a ``died`` event."""

    entity: Any

    def run(self, r: Resolver, ctx: Ctx) -> None:
        remove(r, _v(self.entity, ctx))


@dataclass(frozen=True, slots=True)
class _Place(Effect):
    """The body of a move: put ``event.mover`` at ``event.to``."""

    def run(self, r: Resolver, ctx: Ctx) -> None:
        ev = ctx.ev
        place(r, ev["mover"], ev["to"])


def _mover_can_arrive(ctx: Ctx) -> bool:
    ev = ctx.ev if ctx.event is not None else {}
    mover, to = ev.get("mover"), ev.get("to")
    s = ctx.state
    if mover not in s.entities:
        return False
    return to is None or s.at.get(to) in (None, mover)


@dataclass(frozen=True, slots=True)
class Move(Effect):
    """Move an entity: a ``moved`` event whose pending stage reactions may answer.

    The move happens after the reactions, and only if the mover is still in the
    game and the destination still free.
    """

    entity: Any
    to: Any
    event: str = "moved"

    def run(self, r: Resolver, ctx: Ctx) -> None:
        eid = _v(self.entity, ctx)
        frm = r.s.entities[eid].pos
        r.emit(self.event, {"mover": eid, "from": frm, "to": _v(self.to, ctx)}, ctx,
               _PLACE, _valid_move)

    def blocks(self) -> tuple[tuple[Effect, ...], ...]:
        return (_PLACE,)


def _valid_move(ctx: Ctx) -> bool:
    return _mover_can_arrive(ctx)


_PLACE: tuple[Effect, ...] = (_Place(),)


@dataclass(frozen=True, slots=True)
class _Die(Effect):
    def run(self, r: Resolver, ctx: Ctx) -> None:
        remove(r, ctx.ev["entity"])


@dataclass(frozen=True, slots=True)
class Kill(Effect):
    """Remove an entity through a ``died`` event (triggers answer its done stage)."""

    entity: Any
    by: Any = None

    def run(self, r: Resolver, ctx: Ctx) -> None:
        eid = _v(self.entity, ctx)
        if eid not in r.s.entities:
            return
        e = r.s.entities[eid]
        r.emit("died", {"entity": eid, "type": e.type, "owner": e.owner, "at": e.pos,
                        "by": _v(self.by, ctx)}, ctx, _DIE, _entity_present)

    def blocks(self) -> tuple[tuple[Effect, ...], ...]:
        return (_DIE,)


def _entity_present(ctx: Ctx) -> bool:
    return ctx.ev["entity"] in ctx.state.entities


_DIE: tuple[Effect, ...] = (_Die(),)


@dataclass(frozen=True, slots=True)
class _ApplyDamage(Effect):
    param: str

    def run(self, r: Resolver, ctx: Ctx) -> None:
        ev = ctx.ev
        eid = ev["target"]
        if eid not in r.s.entities:
            return
        amount = max(0, ev["amount"])
        left = r.s.entities[eid].params[self.param] - amount
        set_param(r, eid, self.param, left)
        if left <= 0:
            Kill(eid, ev.get("source")).run(r, ctx)


@dataclass(frozen=True, slots=True)
class Damage(Effect):
    """Deal damage through a ``damaged`` event (modifiers may change ``amount``).

    At 0 HP the target dies (a ``died`` event)."""

    target: Any
    amount: Any
    source: Any = None
    kind: str = ""
    param: str = "hp"

    def run(self, r: Resolver, ctx: Ctx) -> None:
        eid = _v(self.target, ctx)
        if eid not in r.s.entities:
            return
        src = _v(self.source, ctx) if self.source is not None else ctx.actor
        r.emit("damaged", {"target": eid, "amount": _v(self.amount, ctx), "source": src,
                           "kind": self.kind or None}, ctx,
               _damage_body(self.param), _target_present)

    def blocks(self) -> tuple[tuple[Effect, ...], ...]:
        return (_damage_body(self.param), _DIE)


def _target_present(ctx: Ctx) -> bool:
    return ctx.ev["target"] in ctx.state.entities


@cache
def _damage_body(param: str) -> tuple[Effect, ...]:
    return (_ApplyDamage(param),)


@cache
def _heal_body(param: str) -> tuple[Effect, ...]:
    return (_ApplyHeal(param),)


@dataclass(frozen=True, slots=True)
class _ApplyHeal(Effect):
    param: str

    def run(self, r: Resolver, ctx: Ctx) -> None:
        ev = ctx.ev
        eid = ev["target"]
        set_param(r, eid, self.param, r.s.entities[eid].params[self.param] + max(0, ev["amount"]))


@dataclass(frozen=True, slots=True)
class Heal(Effect):
    """Restore a parameter (HP by default) up to its maximum, through a ``healed`` event."""

    target: Any
    amount: Any
    param: str = "hp"

    def run(self, r: Resolver, ctx: Ctx) -> None:
        eid = _v(self.target, ctx)
        if eid in r.s.entities:
            r.emit("healed", {"target": eid, "amount": _v(self.amount, ctx)}, ctx,
                   _heal_body(self.param), _target_present)

    def blocks(self) -> tuple[tuple[Effect, ...], ...]:
        return (_heal_body(self.param),)


@dataclass(frozen=True, slots=True)
class ChangeOwner(Effect):
    """Give an entity to another player."""

    entity: Any
    player: Any

    def run(self, r: Resolver, ctx: Ctx) -> None:
        r.s._w_entity(_v(self.entity, ctx)).owner = _v(self.player, ctx)


@dataclass(frozen=True, slots=True)
class AddStatus(Effect):
    """Put a status on an entity (replacing one of the same name)."""

    entity: Any
    name: str
    duration: Any = None
    usages: Any = None

    def run(self, r: Resolver, ctx: Ctx) -> None:
        eid = _v(self.entity, ctx)
        if eid not in r.s.entities:
            return
        st = r.game.statuses[self.name]
        dur = _v(self.duration, ctx) if self.duration is not None else st.duration
        use = _v(self.usages, ctx) if self.usages is not None else st.usages
        e = r.s._w_entity(eid)
        e.statuses = (*(x for x in e.statuses if x.name != self.name), Status(self.name, dur, use))


@dataclass(frozen=True, slots=True)
class RemoveStatus(Effect):
    """Take a status off an entity."""

    entity: Any
    name: str

    def run(self, r: Resolver, ctx: Ctx) -> None:
        eid = _v(self.entity, ctx)
        if eid in r.s.entities and r.s.entities[eid].has_status(self.name):
            e = r.s._w_entity(eid)
            e.statuses = tuple(x for x in e.statuses if x.name != self.name)


@dataclass(frozen=True, slots=True)
class UseStatus(Effect):
    """Spend one use of a status; it expires at zero."""

    entity: Any
    name: str

    def run(self, r: Resolver, ctx: Ctx) -> None:
        eid = _v(self.entity, ctx)
        if eid not in r.s.entities:
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


@dataclass(frozen=True, slots=True)
class Roll(Effect):
    """Roll dice into a named value (sampled, replayed, or a chance decision)."""

    name: str
    dice: Any  # Distribution | Expr -> Distribution

    def run(self, r: Resolver, ctx: Ctx) -> None:
        dist = _v(self.dice, ctx)
        if not isinstance(dist, Distribution):
            raise TypeError(f"roll '{self.name}' needs a dice distribution, got {dist!r}")
        r.roll(self.name, dist)


@dataclass(frozen=True, slots=True)
class If(Effect):
    """Run ``then`` when ``test`` holds, else ``otherwise``."""

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


@dataclass(frozen=True, slots=True)
class ForEach(Effect):
    """Run ``body`` once per item, with the item bound as ``name``."""

    name: str
    items: Any
    body: tuple[Effect, ...]

    def run(self, r: Resolver, ctx: Ctx) -> None:
        items = list(_v(self.items, ctx))
        if len(items) > MAX_LOOP:
            raise RunawayError(f"a loop over '{self.name}' has {len(items)} items "
                               f"(more than {MAX_LOOP})")
        for item in reversed(items):  # pushed last-first, so they run first-first
            r.push(self.body, ctx.bind(self.name, item))


@dataclass(frozen=True, slots=True)
class _PickBranch(Effect):
    name: str
    branches: tuple[tuple[Effect, ...], ...]

    def run(self, r: Resolver, ctx: Ctx) -> None:
        r.push(self.branches[ctx.vars[self.name]], ctx)

    def blocks(self) -> tuple[tuple[Effect, ...], ...]:
        return self.branches


@dataclass(frozen=True, slots=True)
class WeightedChoice(Effect):
    """Run one of several branches at random, by integer weights (a chance node)."""

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


@dataclass(frozen=True, slots=True)
class Emit(Effect):
    """Emit a named event with fields; ``body`` is the change it stands for."""

    event: str
    fields: dict[str, Any] = field(default_factory=dict)
    body: tuple[Effect, ...] = ()
    valid: Any = None

    def run(self, r: Resolver, ctx: Ctx) -> None:
        r.emit(self.event, {k: _v(v, ctx) for k, v in self.fields.items()}, ctx, self.body,
               self.valid)


@dataclass(frozen=True, slots=True)
class Perform(Effect):
    """Carry out another action type's effects with the given actor and targets."""

    action: str
    actor: Any = None
    targets: dict[str, Any] = field(default_factory=dict)

    def run(self, r: Resolver, ctx: Ctx) -> None:
        at = r.game.action_types[self.action]
        actor = _v(self.actor, ctx) if self.actor is not None else ctx.actor
        if actor is not None and actor not in r.s.entities:
            return
        player = r.s.entities[actor].owner if actor is not None else ctx.player
        targets = {k: _v(v, ctx) for k, v in self.targets.items()}
        r.push(at.effects, Ctx(r.s, player, actor, targets, {}, ctx.event))


@dataclass(frozen=True, slots=True)
class Choose(Effect):
    """Ask a player to pick one of ``options`` mid-effect; bound as ``name``."""

    name: str
    options: Any
    player: Any = None
    prompt: str = ""

    def run(self, r: Resolver, ctx: Ctx) -> None:
        player = _player(self.player, ctx)
        options = tuple(_v(self.options, ctx))
        r.choose(self.name, player, options, self.prompt or f"choose {self.name}")


@dataclass(frozen=True, slots=True)
class MoveCard(Effect):
    """Move a card (an entity in a zone) to a zone of its owner, on top or at the bottom."""

    card: Any
    to: str
    bottom: bool = False

    def run(self, r: Resolver, ctx: Ctx) -> None:
        eid = _v(self.card, ctx)
        s = r.s
        e = s.entities[eid]
        if e.owner is None:
            raise ValueError(f"card #{int(eid)} has no owner")
        pl = s._w_player(e.owner)
        if e.zone is not None:
            pl.zones[e.zone] = tuple(x for x in pl.zones[e.zone] if x != eid)
        zone = pl.zones[self.to]
        pl.zones[self.to] = (eid, *zone) if self.bottom else (*zone, eid)
        if e.pos is not None:
            place(r, eid, None)
        s._w_entity(eid).zone = self.to


@dataclass(frozen=True, slots=True)
class _DrawPicked(Effect):
    player: Any
    source: str
    to: str
    name: str
    bind: str | None

    def run(self, r: Resolver, ctx: Ctx) -> None:
        p = _player(self.player, ctx)
        card = r.s.players[p].zones[self.source][ctx.vars[self.name]]
        MoveCard(card, self.to).run(r, ctx)
        if self.bind:
            r.bind(self.bind, card, outer=1)  # in the block that ran DrawCard


@dataclass(frozen=True, slots=True)
class DrawCard(Effect):
    """Draw a uniformly random card of a player's zone into another (a chance node)."""

    player: Any
    source: str
    to: str
    bind: str | None = None
    _block: tuple[Effect, ...] = field(default=(), init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        source = self.source
        player = self.player

        def pool(ctx: Ctx) -> Distribution:
            p = _player(player, ctx)
            n = len(ctx.state.players[p].zones[source])
            return Distribution(((i, 1) for i in range(n)), f"draw from {source}")

        block = (Roll("_draw", pool), _DrawPicked(player, source, self.to, "_draw", self.bind))
        object.__setattr__(self, "_block", block)

    def run(self, r: Resolver, ctx: Ctx) -> None:
        p = _player(self.player, ctx)
        if r.s.players[p].zones[self.source]:
            r.push(self._block, ctx)

    def blocks(self) -> tuple[tuple[Effect, ...], ...]:
        return (self._block,)


@dataclass(frozen=True, slots=True)
class SetVar(Effect):
    """Bind a named value for the rest of the block."""

    name: str
    value: Any

    def run(self, r: Resolver, ctx: Ctx) -> None:
        r.bind(self.name, _v(self.value, ctx))

    def run_straight(self, r: Resolver, ctx: Ctx) -> Ctx:
        return ctx.bind(self.name, _v(self.value, ctx))


@dataclass(frozen=True, slots=True)
class Remember(Effect):
    """Store a value in the state's memory (visible to agents and programs)."""

    key: Any
    value: Any

    def run(self, r: Resolver, ctx: Ctx) -> None:
        r.s._w_memory()[str(_v(self.key, ctx))] = _v(self.value, ctx)


@dataclass(frozen=True, slots=True)
class SetEventField(Effect):
    """Change a field of the event being reacted to (while it is pending)."""

    field: str
    value: Any

    def run(self, r: Resolver, ctx: Ctx) -> None:
        assert ctx.event is not None, "SetEventField outside a reaction"
        r.set_event_field(ctx.event, self.field, _v(self.value, ctx))


@dataclass(frozen=True, slots=True)
class CancelEvent(Effect):
    """Cancel the pending event being reacted to: its change never happens."""

    def run(self, r: Resolver, ctx: Ctx) -> None:
        assert ctx.event is not None, "CancelEvent outside a reaction"
        r.cancel_event(ctx.event)


@dataclass(frozen=True, slots=True)
class EndTurn(Effect):
    """End the current turn once the action resolves."""

    def run(self, r: Resolver, ctx: Ctx) -> None:
        r.s.flow = r.s.flow._replace(ended=True)


@dataclass(frozen=True, slots=True)
class EndPhase(Effect):
    """End the current phase: the current turn ends (with its hooks), then the phase."""

    def run(self, r: Resolver, ctx: Ctx) -> None:
        r.s.flow = r.s.flow._replace(ended=True, closing=True)


@dataclass(frozen=True, slots=True)
class Win(Effect):
    """End the game at once with a player (the acting one by default) as the winner;
    ``{player}`` in the reason becomes the winner's name."""

    player: Any = None
    reason: str = "won"

    def run(self, r: Resolver, ctx: Ctx) -> None:
        from .flow import finish, said
        p = _player(self.player, ctx)
        finish(r, (p,), said(r.game, "win", p, self.reason))


@dataclass(frozen=True, slots=True)
class Draw(Effect):
    """End the game at once as a draw."""

    reason: str = "draw"

    def run(self, r: Resolver, ctx: Ctx) -> None:
        from .flow import finish
        finish(r, (), self.reason, draw=True)


@dataclass(frozen=True, slots=True)
class Call(Effect):
    """Run a plain function of the resolver and context (for Python-defined games)."""

    fn: Any
    label: str = "call"

    def run(self, r: Resolver, ctx: Ctx) -> None:
        self.fn(r, ctx)


STRAIGHT: frozenset[type[Effect]] = frozenset({
    SetParam, ModifyParam, SetPlayerParam, ModifyPlayerParam, Spawn, Remove, ChangeOwner,
    AddStatus, RemoveStatus, UseStatus, SetVar, Remember, EndTurn, EndPhase, Win, Draw,
})
"""Effects that run to their end at once (see ``Effect.straight``; ``If`` decides by its
branches). Effects that roll, choose, emit events, push or call out are not among them."""


@dataclass(frozen=True, slots=True)
class SetTile(Effect):
    """Change the tile type at a position; movement costs, sight and ``tile()`` follow it."""

    pos: Any
    to: Any

    def run(self, r: Resolver, ctx: Ctx) -> None:
        pos = _v(self.pos, ctx)
        name = _v(self.to, ctx)
        b = r.game.board
        if pos is None or not b.contains(pos):
            raise ValueError(f"set_tile: position {pos} is off the board")
        if name not in b.tile_types:
            raise ValueError(f"set_tile: unknown tile type '{name}'")
        i = pos[1] * b.width + pos[0]
        tiles = r.s.tiles
        if tiles[i] != name:
            r.s.tiles = (*tiles[:i], name, *tiles[i + 1:])
