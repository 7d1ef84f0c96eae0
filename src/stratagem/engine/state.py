"""The state of a game: everything that changes, nothing that does not.

A ``State`` handed out is never mutated. ``Game.apply`` starts a transaction
(``State._begin``): a new ``State`` object that shares every container with
its parent and copies a container, or a single entity, the first time the
transaction writes to it. A copy therefore costs what changed, not the whole
state, and no state is ever deep-copied.

Nor can a caller mutate one. The engine keeps each mapping of a state (its entities,
their parameters, the board index, players' parameters and zones, memory and counters)
as an exact ``dict`` under a name ending in ``_`` (``state.entities_``,
``entity.params_``, ``player.zones_``...): CPython 3.11 reads an exact dict by its
specialised paths, which a dict subclass misses (``benchmarks/README.md``, *Read-only
states*). A caller reads the public names (``state.entities``, ``entity.params``,
``player.zones``...): properties handing out a ``ReadOnlyDict``, a copy that refuses
every write with a ``TypeError``, made on the first read and kept with the state, entity
or player while the mapping it copies cannot change. The engine, the rules' compiled
closures and the games written in Python read and write the ``_`` names only.

Nor can a caller set a field of an entity or a player (``entity.pos = ...``,
``player.alive = ...``): the public readers hand out entities as ``SealedEntity`` (the
same object, its class switched on the way out), and a state's players are
``PlayerState``s, which refuse it; both say to take a ``copy()``. The engine writes only
what a transaction owns, ``Entity`` and ``PlayerDraft`` objects as fast as any slotted
object, and ``State._end`` seals the drafts.

Static information (tile types, entity types, action types) lives in the
``Game``; a state holds a reference to its game but neither compares nor
serializes it.

One module because its classes share one copy-on-write transaction: ``State._begin``
and ``State._end`` open and close the containers of the entities and players defined
beside it, their read-only copies and their sealed classes, so they are read
together; it runs past 500 lines (about 730).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, NamedTuple

from .actions import Action, Pos, Value
from .private_views import withheld

if TYPE_CHECKING:
    from .game import Game
    from .knowledge import Cards

CHANCE = -1
"""The ``player`` of a chance decision."""


_set = object.__setattr__
"""Sets a field of a sealed entity or player (the engine's own bookkeeping: read-only
copies made or dropped), past the ``__setattr__`` that refuses callers."""


class ReadOnlyDict(dict):  # type: ignore[type-arg]
    """A mapping of a state as a caller reads it (a copy of the engine's own): reads like
    a dict, refuses every write."""

    __slots__ = ()

    def _refuse(self, *args: object, **kwargs: object) -> Any:
        raise TypeError("a state's parts are read-only: game.apply(state, action) gives a "
                        "new state (an entity's or a player's copy() gives one whose "
                        "parameters may be written; a mapping's copy() a plain dict)")

    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __reduce__(self) -> tuple[Any, ...]:  # pickle and copy without __setitem__
        return (type(self), (dict(self),))

    def copy(self) -> dict[Any, Any]:
        """A writable copy (a plain dict)."""
        return dict(self)


class Status(NamedTuple):
    """A status on an entity: remaining rounds and uses (``None`` = unlimited)."""

    name: str
    duration: int | None = None
    usages: int | None = None


class Entity:
    """A unit, piece, marker or card: id, type, owner, place, parameters, statuses.

    ``pos`` is its board position (``None`` off the board); ``zone`` the name of
    its owner's zone when it is a card in a hand, deck or discard pile.
    ``params`` is read-only (a ``ReadOnlyDict``); the engine keeps the parameters in
    ``params_``, an exact dict, and replaces entities, never edits them once they belong
    to a published state.
    """

    __slots__ = ("_view", "id", "owner", "params_", "pos", "statuses", "type", "zone")

    _view: dict[str, Any] | None
    """The read-only copy of ``params_`` once a caller has read ``params`` (``None``
    before): shared by every state that shares the entity."""

    def __init__(self, id: int, type: str, owner: int | None, pos: Pos | None,
                 params: dict[str, Any], statuses: tuple[Status, ...] = (),
                 zone: str | None = None) -> None:
        self.id = id
        self.type = type
        self.owner = owner
        self.pos = pos
        self.params_ = params
        self.statuses = statuses
        self.zone = zone
        self._view = None

    @property
    def params(self) -> dict[str, Any]:
        """The parameters, read-only (``copy()`` gives an entity whose may be written)."""
        view = self._view
        if view is None:
            view = ReadOnlyDict(self.params_)
            _set(self, "_view", view)
        return view

    def copy(self) -> Entity:
        """A copy whose parameter dict may be written (through ``params`` too)."""
        e = self.clone()
        e._view = e.params_
        return e

    def clone(self) -> Entity:
        """The engine's copy, its parameters a new exact dict (``State._w_entity``)."""
        return Entity(self.id, self.type, self.owner, self.pos, self.params_.copy(),
                      self.statuses, self.zone)

    def __getitem__(self, name: str) -> Any:
        return self.params_[name]

    def has_status(self, name: str) -> bool:
        """Whether a status of that name is on this entity."""
        return any(s.name == name for s in self.statuses)

    def _key(self) -> tuple[Any, ...]:
        return (self.id, self.type, self.owner, self.pos, self.params_, self.statuses,
                self.zone)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Entity) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash((self.id, self.type, self.owner, self.pos,
                     tuple(self.params_.items()), self.statuses, self.zone))

    def __reduce__(self) -> tuple[Any, ...]:  # pickle and copy the fields, not the view
        return (Entity, (self.id, self.type, self.owner, self.pos, dict(self.params_),
                         self.statuses, self.zone))

    def __repr__(self) -> str:
        where = f" in {self.zone}" if self.zone else ""
        if self.pos is not None:
            where = f" at {self.pos}"
        return f"<{self.type} #{int(self.id)} of P{self.owner}{where}>"


def _refuse(self: object, name: str, value: Any = None) -> None:
    what = "entity" if isinstance(self, Entity) else "player"
    if name not in Entity.__slots__ and name not in PlayerState.__slots__:
        raise AttributeError(f"a state's {what} is read-only, and has no field '{name}' "
                             f"(its parameters are in .params: its copy()'s may be written)")
    raise AttributeError(f"a state's {what} is read-only: its copy() gives one whose "
                         f"'{name}' may be set")


class SealedEntity(Entity):
    """An entity as a state hands it to a caller: no field can be set or deleted.

    The engine builds and writes ``Entity`` objects inside a transaction; the public
    readers (``state.entities``, ``entity()``, ``occupant()``, ``iter_entities()``) turn
    each entity they hand out into this class (the same object, sealed; a published
    state's entities are never written again: the engine writes a clone). So the hot path
    pays nothing, and a caller who sets ``entity.pos`` gets an ``AttributeError`` instead
    of changing the state and every state that shares the entity.
    """

    __slots__ = ()
    __setattr__ = _refuse
    __delattr__ = _refuse


def sealed(e: Entity) -> Entity:
    """``e`` as a caller may have it (sealed in place; see ``SealedEntity``)."""
    if e.__class__ is Entity:
        e.__class__ = SealedEntity
    return e


class PlayerState:
    """One player's parameters, zones (tuples of entity ids) and standing.

    ``params`` and ``zones`` are read-only (``ReadOnlyDict``s); the engine keeps them in
    ``params_`` and ``zones_``, exact dicts.
    """

    __slots__ = ("_views", "alive", "params_", "zones_")

    params_: dict[str, Any]
    zones_: dict[str, tuple[int, ...]]
    alive: bool
    _views: tuple[dict[str, Any], dict[str, tuple[int, ...]]] | None
    """The read-only copies of ``params_`` and ``zones_`` once a caller has read either
    (``None`` before)."""

    def __init__(self, params: dict[str, Any], zones: dict[str, tuple[int, ...]],
                 alive: bool = True) -> None:
        _set(self, "params_", params)
        _set(self, "zones_", zones)
        _set(self, "alive", alive)
        _set(self, "_views", None)

    __setattr__ = _refuse  # a state's players are read-only: the engine writes drafts
    __delattr__ = _refuse

    def _read_only(self) -> tuple[dict[str, Any], dict[str, tuple[int, ...]]]:
        views = (ReadOnlyDict(self.params_), ReadOnlyDict(self.zones_))
        _set(self, "_views", views)
        return views

    @property
    def params(self) -> dict[str, Any]:
        """The player's parameters, read-only."""
        return (self._views or self._read_only())[0]

    @property
    def zones(self) -> dict[str, tuple[int, ...]]:
        """The player's zones (name to the entity ids in it, in order), read-only."""
        return (self._views or self._read_only())[1]

    def copy(self) -> PlayerState:
        """A copy whose fields may be set and whose dicts may be written (through
        ``params`` and ``zones`` too)."""
        p = self.clone()
        p._views = (p.params_, p.zones_)
        return p

    def clone(self) -> PlayerState:
        """The engine's copy, its dicts new exact ones, writable until the transaction
        that made it ends (``State._w_player``, ``State._seal_own``)."""
        return PlayerDraft(self.params_.copy(), self.zones_.copy(), self.alive)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, PlayerState) and self.params_ == other.params_
                and self.zones_ == other.zones_ and self.alive == other.alive)

    def __hash__(self) -> int:
        return hash((tuple(self.params_.items()), tuple(self.zones_.items()), self.alive))

    def __reduce__(self) -> tuple[Any, ...]:  # pickle and copy the fields, not the views
        return (PlayerState, (dict(self.params_), dict(self.zones_), self.alive))

    def __repr__(self) -> str:
        return f"PlayerState({self.params_}, {self.zones_}, alive={self.alive})"


class PlayerDraft(PlayerState):
    """A player the engine is writing (or a caller's ``copy()``): its fields may be set.
    A transaction's drafts become ``PlayerState``s again when it ends."""

    __slots__ = ()
    # The generic C paths, as in a class that defines neither: setting a field is as fast
    # as it is on a plain slotted object.
    __setattr__ = object.__setattr__  # type: ignore[assignment]
    __delattr__ = object.__delattr__  # type: ignore[assignment]

    def __init__(self, params: dict[str, Any], zones: dict[str, tuple[int, ...]],
                 alive: bool = True) -> None:
        self.params_ = params
        self.zones_ = zones
        self.alive = alive
        self._views = None


class FlowPos(NamedTuple):
    """Where the flow machine stands (see ``engine.turns`` and ``engine.phases``)."""

    mode: int = 0          # one of turns.START ... turns.REPEAT_PHASE
    round: int = 0         # 1-based once the first round begins
    phase: int = 0         # index into the game's phases
    order: tuple[int, ...] = ()   # who takes turns this phase: players, or entity ids
    pos: int = 0           # index into ``order``
    step: int = 0          # index into the phase's steps (phases within a turn)
    acted: int = 0         # actions taken in this step
    ended: bool = False    # the current step (or turn) was ended by an action
    turn: int = 0          # turns begun so far in the game (a stamp for once-per-turn limits)
    out: tuple[int, ...] = ()     # players who passed out of an alternating phase
    eliminated: tuple[tuple[int, ...], ...] = ()  # players eliminated, batch by batch, in order
    closing: bool = False  # the phase is ending: finish this turn, then end the phase
    repeats: int = 0       # runs of the current phase finished this round (``Phase.repeat``)


_ASKED_ONCE: frozenset[Any] = frozenset([None])
"""``Decision._set`` of a decision asked once whether it offers an action (a marker)."""


class Decision:
    """What a state waits for: who decides, of what kind, among which options.

    ``kind`` is ``"action"`` (including mid-effect choices), ``"reaction"`` or
    ``"chance"``; ``player`` is the deciding player (``CHANCE`` for chance);
    ``actions`` the legal options, never empty; for chance, ``weights`` gives an
    integer weight per option, so ``probabilities`` are exact.
    """

    __slots__ = ("_set", "actions", "actor", "kind", "player", "prompt", "weights")

    def __init__(self, kind: str, player: int, actions: tuple[Action, ...],
                 prompt: str = "", actor: int | None = None,
                 weights: tuple[int, ...] | None = None) -> None:
        self.kind = kind
        self.player = player
        self.actions = actions
        self.prompt = prompt
        self.actor = actor
        self.weights = weights
        self._set: frozenset[Action] | None = None

    def __contains__(self, action: object) -> bool:
        # The first question is answered by a scan (``apply``'s check, the one question a
        # playout asks: hashing every option would cost more); the set is made for a
        # decision asked again, by an agent or a search that weighs many actions.
        if len(self.actions) <= 16:
            return action in self.actions
        found = self._set
        if found is None:
            self._set = _ASKED_ONCE
            return action in self.actions
        if found is _ASKED_ONCE:
            found = self._set = frozenset(self.actions)
        return action in found

    @property
    def probabilities(self) -> tuple[float, ...]:
        """For a chance decision, the probability of each option."""
        if self.weights is None:
            raise ValueError(f"a {self.kind} decision has no probabilities")
        total = sum(self.weights)
        return tuple(w / total for w in self.weights)

    def _key(self) -> tuple[Any, ...]:
        return (self.kind, self.player, self.actions, self.prompt, self.actor, self.weights)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Decision) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        who = "chance" if self.player == CHANCE else f"P{self.player}"
        return f"<Decision {self.kind} by {who}: {len(self.actions)} options>"


class Outcome(NamedTuple):
    """How a finished game ended.

    ``ranks[p]`` is player p's place (1 is best; tied players share a place);
    ``scores[p]`` the game's score for p (win 1, loss -1, draw 0 unless the
    game scores otherwise); ``reason`` says why the game ended.
    """

    winners: tuple[int, ...]
    ranks: tuple[int, ...]
    scores: tuple[float, ...]
    reason: str

    @property
    def is_draw(self) -> bool:
        """Whether it is a draw: no winner, every player first together."""
        return drawn(self.winners, self.ranks)

    @property
    def lost_together(self) -> bool:
        """Whether every player lost together (a cooperative game the game itself won:
        no winner, every player ranked below first)."""
        return not self.winners and min(self.ranks, default=1) > 1

    @property
    def returns(self) -> tuple[float, ...]:
        """Per-player utility in [-1, 1], linear in rank (for search and bridges); when
        every player shares a place, 1 if they won together, -1 if they lost together,
        else (a draw) 0."""
        n = len(self.ranks)
        if n == 1:
            return (1.0 if self.winners else -1.0,)
        worst = max(self.ranks)
        if worst == min(self.ranks):
            together = 1.0 if self.winners else -1.0 if worst > 1 else 0.0
            return tuple(together for _ in self.ranks)
        return tuple(1.0 - 2.0 * (r - 1) / (worst - 1) for r in self.ranks)


def drawn(winners: tuple[int, ...], ranks: tuple[int, ...]) -> bool:
    """Whether a result is a draw: no winner, every player first together (a cooperative
    game won together has winners; one lost together ranks everyone below first)."""
    return not winners and all(r == 1 for r in ranks)


HIDDEN_PLACEHOLDER = (": a card this view does not show (its place in another's hidden "
                      "zone); a search deals it first: game.determinize(view, seed)")
"""Said of a hidden card's placeholder (a negative id in a view's zone) where it is used as
a card."""

DRAW_ROLL = "_draw"
"""The name of the roll by which a random draw picks its card (``effects.DrawCard``)."""


TurnMark = tuple[int, int, Any, int, int] | tuple[int, int, Any, int, int, int]
"""Where a turn, a round or a phase began within a move (``Record.turns``)."""


class Record(NamedTuple):
    """One entry of the action log: who chose what, and what chance produced.

    ``rolls`` are the values every roll and random draw produced while the
    action resolved, in order; feeding them back (``Game.apply(...,
    rolls=...)``) reproduces the action exactly. ``events`` are the narrated
    events, as ``(name, fields)``. ``draws``: the steps the state's generator took
    beyond the rolls (a zone shuffled: its faces dealt again, which no roll records),
    so that a saved game's seed can be found from its generator (``serialize.seed_of``).
    ``picked``: which of ``rolls`` picked a card rather than threw a die, bit ``i`` for
    ``rolls[i]`` (a narration shows dice, not the place of a card in a zone).
    ``turns``: where a turn, a round or a phase began while the action resolved and
    something followed in it, as ``(events before it, rolls before it, the turn's player
    or None, round, phase index)``, and the runs of a repeating phase before this one when
    there were any (``FlowPos.repeats``): what follows is that turn's to tell (the dice a
    player rolls as their turn begins), not the action's.
    """

    player: int
    action: Action
    rolls: tuple[int, ...] = ()
    events: tuple[tuple[str, tuple[tuple[str, Value], ...]], ...] = ()
    draws: int = 0
    picked: int = 0
    turns: tuple[TurnMark, ...] = ()

    def dice(self) -> tuple[int, ...]:
        """The rolls that threw dice (not those that picked a card)."""
        if not self.picked:
            return self.rolls
        return tuple(v for i, v in enumerate(self.rolls) if not self.picked >> i & 1)


LogNode = tuple[Any, Record] | None  # a persistent list: (previous node, record)


class State:
    """Everything that changes during a game. Never mutated once handed out."""

    _hash: int | None
    _own: int
    _own_entities: set[int] | None
    _views: dict[int, tuple[dict[Any, Any], dict[Any, Any]]] | None
    """The read-only copies callers have read, by ownership bit, each with the mapping it
    copies (``None`` before the first)."""

    __slots__ = (
        "_hash", "_own", "_own_entities", "_views", "at_", "cards", "counters_", "decision",
        "entities_", "explicit", "flow", "game", "log", "memo", "memory_", "next_id",
        "outcome", "players", "rng", "stack", "stacks_", "tiles", "viewer",
    )

    game: Game
    entities_: dict[int, Entity]
    """The engine's own mappings, exact dicts: the entities by id, the board index, the
    stacks, memory and counters (callers read the properties without ``_``)."""
    at_: dict[Pos, int]
    stacks_: dict[Pos, tuple[int, ...]]
    tiles: tuple[str, ...]
    players: tuple[PlayerState, ...]
    flow: FlowPos
    stack: Any  # tuple of frames when published, a list inside a transaction
    rng: int
    memory_: dict[str, Value]
    counters_: dict[str, Any]
    log: LogNode
    decision: Decision | None
    outcome: Outcome | None
    explicit: bool
    next_id: int
    viewer: int | None
    cards: Cards  # the table zones and card knowledge (engine.knowledge)
    memo: Any
    """The options of each actor at the last action decision worked out on this state's
    line (``options.OptionMemo``), or ``None``: never compared or serialized, shared with
    the states made from it, never changed once published."""

    # ------------------------------------------------- read-only mappings for callers
    # Each public name reads the copy kept for its ownership bit when it copies the
    # mapping the state holds now, and makes one otherwise (``_read_only``).
    def _read_only(self, bit: int, d: dict[Any, Any]) -> dict[Any, Any]:
        """A read-only copy of ``d``, the mapping of ownership bit ``bit``: kept while ``d``
        is the state's mapping, unless the transaction owns ``d`` (a later write would
        change it: then a new copy at each read)."""
        view = ReadOnlyDict(d)
        if not self._own & bit:
            views = getattr(self, "_views", None)
            if views is None:
                views = self._views = {}
            views[bit] = (d, view)
        return view

    @property
    def entities(self) -> dict[int, Entity]:
        """The entities by id (read-only, as is each entity: ``SealedEntity``)."""
        d = self.entities_
        views = self._views
        if views is not None:
            kept = views.get(1)
            if kept is not None and kept[0] is d:
                return kept[1]
        for e in d.values():
            sealed(e)
        return self._read_only(1, d)

    @property
    def at(self) -> dict[Pos, int]:
        """The id of the entity on each occupied square (read-only)."""
        d = self.at_
        views = self._views
        if views is not None:
            kept = views.get(2)
            if kept is not None and kept[0] is d:
                return kept[1]
        return self._read_only(2, d)

    @property
    def stacks(self) -> dict[Pos, tuple[int, ...]]:
        """Where two or more entities share a square (a board with room for stacks): their
        ids, bottom (first arrived) to top; ``at`` names the bottom one. Empty otherwise.
        Read-only."""
        d = self.stacks_
        views = self._views
        if views is not None:
            kept = views.get(32)
            if kept is not None and kept[0] is d:
                return kept[1]
        return self._read_only(32, d)

    @property
    def memory(self) -> dict[str, Value]:
        """The rules' memory (read-only)."""
        d = self.memory_
        views = self._views
        if views is not None:
            kept = views.get(8)
            if kept is not None and kept[0] is d:
                return kept[1]
        return self._read_only(8, d)

    @property
    def counters(self) -> dict[str, Any]:
        """The engine's counters: once-per limits, cooldowns, buffs, tasks... (read-only)."""
        d = self.counters_
        views = self._views
        if views is not None:
            kept = views.get(16)
            if kept is not None and kept[0] is d:
                return kept[1]
        return self._read_only(16, d)

    # ------------------------------------------------------------------ reading
    def value(self, name: str) -> Any:
        """A game-state parameter (the rules' `state:`, read there as `game.NAME`) as play
        has it: the value last written, else its declared default (a scenario's `state:`
        start included). ``KeyError`` naming the game's parameters for another name."""
        scope = getattr(self.game, "rules_scope", None)
        specs = getattr(scope, "state_params", None) or {}
        spec = specs.get(name)
        if spec is None:
            known = ", ".join(sorted(specs)) or "none"
            raise KeyError(f"{self.game.name} has no game-state parameter {name!r} (its "
                           f"parameters: {known})")
        return self.counters_.get(f"state:{name}", spec.default)

    def withheld(self, holder: Entity | int) -> frozenset[str]:
        """The private parameters (the rules' `private:`) this state, a view, withholds of
        ``holder``, an entity or a player's seat: their values here are stand-ins (the
        default, or one of the side's values dealt in order of id), not what the holder
        has. Empty for a full state and for what the viewer itself owns."""
        if isinstance(holder, Entity):
            return withheld(self.game, self.viewer, holder.owner, holder.params_, holder.type)
        return withheld(self.game, self.viewer, holder, self.players[holder].params_)

    def entity(self, eid: int) -> Entity:
        """The entity with that id (``KeyError`` when it is gone, or when it is a hidden
        card's place in a view: say so)."""
        try:
            return sealed(self.entities_[eid])
        except KeyError:
            if type(eid) is int and eid < 0:
                raise KeyError(f"#{eid}{HIDDEN_PLACEHOLDER}") from None
            raise

    def has_entity(self, eid: int | None) -> bool:
        """Whether an entity with that id is in the game."""
        return eid is not None and eid in self.entities_

    def occupant(self, pos: Pos) -> Entity | None:
        """The entity standing at ``pos``, if any."""
        eid = self.at_.get(pos)
        return None if eid is None else sealed(self.entities_[eid])

    def tile(self, pos: Pos) -> str:
        """The tile type at ``pos``."""
        return self.tiles[pos[1] * self.game.board.width + pos[0]]

    def iter_entities(self, owner: int | None = None, type: str | None = None) -> Iterator[Entity]:
        """Entities in id order, optionally only one owner's or one type's."""
        for eid in sorted(self.entities_):
            e = self.entities_[eid]
            if (owner is None or e.owner == owner) and (type is None or e.type == type):
                yield sealed(e)

    def zone(self, player: int, name: str) -> tuple[int, ...]:
        """The entity ids in a player's zone, in order; a zone of the table (a shared deck,
        a discard pile) whatever the player, as the rules' `zone(p, name)` reads it."""
        zones = self.players[player].zones_
        if name in zones:
            return zones[name]
        table = self.cards.table
        if name in table:
            return table[name]
        raise KeyError(f"no zone {name!r}: the zones are "
                       f"{', '.join(sorted({*zones, *table})) or 'none'}")

    @property
    def round(self) -> int:
        """The current round (1-based)."""
        return self.flow.round

    @property
    def current_player(self) -> int | None:
        """Who decides now (``CHANCE`` for a chance decision; ``None`` when over)."""
        return None if self.decision is None else self.decision.player

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.outcome is not None

    @property
    def history(self) -> tuple[Record, ...]:
        """The action log, oldest first."""
        out: list[Record] = []
        node = self.log
        while node is not None:
            node, rec = node
            out.append(rec)
        out.reverse()
        return tuple(out)

    def view(self, player: int) -> State:
        """What ``player`` may see (the state itself when the game hides nothing)."""
        if isinstance(player, bool) or not isinstance(player, int):
            names = ", ".join(f"{i} {p}" for i, p in enumerate(self.game.players))
            raise TypeError(f"view(player) takes a player's number ({names}), not "
                            f"{type(player).__name__} {player!r}")
        return self.game.view(self, player)

    # ---------------------------------------------------------------- equality
    def _key(self) -> tuple[Any, ...]:
        return (self.entities_, self.tiles, self.players, self.flow, tuple(self.stack),
                self.rng, self.memory_, self.counters_, self.history, self.decision,
                self.outcome, self.explicit, self.next_id, self.viewer, self.cards,
                self.stacks_)

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        return (isinstance(other, State) and other.game is self.game
                and self._key() == other._key())

    def __hash__(self) -> int:
        h: int | None = self._hash
        if h is None:
            # A subset of what __eq__ compares (the stack by its depth only), so equal
            # states hash alike and every state can be hashed.
            h = hash((tuple(sorted((k, hash(e)) for k, e in self.entities_.items())),
                      self.tiles, self.players, self.flow, len(self.stack), self.rng,
                      self.decision, self.outcome, self.explicit, self.next_id, self.viewer,
                      self.cards))
            self._hash = h
        return h

    def __repr__(self) -> str:
        status = f"over: {self.outcome.reason}" if self.outcome else repr(self.decision)
        return f"<State {self.game.name} round {self.flow.round} {status}>"

    # ------------------------------------------------------------ transactions
    def _begin(self) -> State:
        """A new state sharing every container with this one, ready to be written."""
        s = State.__new__(State)
        s.game = self.game
        s.entities_ = self.entities_
        s.at_ = self.at_
        s.stacks_ = self.stacks_
        s.tiles = self.tiles
        s.players = self.players
        s.flow = self.flow
        s.stack = list(self.stack)
        s.rng = self.rng
        s.memory_ = self.memory_
        s.counters_ = self.counters_
        s.log = self.log
        s.decision = None
        s.outcome = self.outcome
        s.explicit = self.explicit
        s.next_id = self.next_id
        s.viewer = self.viewer
        s.cards = self.cards
        s.memo = self.memo
        s._hash = None
        s._own = 0
        s._own_entities = None
        s._views = None
        return s

    def _end(self) -> State:
        """Close the transaction: from here on the state is read-only (its callers read
        it through read-only copies)."""
        self.stack = tuple(self.stack)
        self._seal_own()
        return self

    def _seal_own(self) -> None:
        """Own none of the containers from here on: a later write of the same transaction
        copies again (``options.OptionMemo`` keeps the containers it read as they are
        now). The read-only copies of the entities and players written are dropped, in
        case a caller read one before a write."""
        own = self._own
        if own:
            if own & 1:
                entities = self.entities_
                for eid in self._own_entities or ():
                    e = entities.get(eid)
                    if e is not None:
                        _set(e, "_view", None)
            if own & 4:
                for pl in self.players:
                    if pl.__class__ is PlayerDraft:
                        pl._views = None
                        pl.__class__ = PlayerState  # type: ignore[assignment]  # sealed
        self._own = 0
        self._own_entities = None

    # Ownership bits: which containers this transaction has already copied.
    _ENTITIES, _AT, _PLAYERS, _MEMORY, _COUNTERS, _STACKS = 1, 2, 4, 8, 16, 32

    def _w_entity(self, eid: int) -> Entity:
        """The entity ``eid``, copied once per transaction so it may be written."""
        if not self._own & 1:
            self.entities_ = self.entities_.copy()
            self._own |= 1
            self._own_entities = set()
        owned = self._own_entities
        assert owned is not None
        e = self.entities_[eid]
        if eid not in owned or e.__class__ is not Entity:  # (or a caller has it, sealed)
            e = e.clone()
            self.entities_[eid] = e
            owned.add(eid)
        else:
            e._view = None  # about to be written: a read-only copy made since would lag
        return e

    def _w_entities(self) -> dict[int, Entity]:
        if not self._own & 1:
            self.entities_ = self.entities_.copy()
            self._own |= 1
            self._own_entities = set()
        return self.entities_

    def _w_at(self) -> dict[Pos, int]:
        if not self._own & 2:
            self.at_ = self.at_.copy()
            self._own |= 2
        return self.at_

    def _w_stacks(self) -> dict[Pos, tuple[int, ...]]:
        if not self._own & 32:
            self.stacks_ = self.stacks_.copy()
            self._own |= 32
        return self.stacks_

    def _w_player(self, p: int) -> PlayerState:
        if not self._own & 4:
            self.players = tuple(pl.clone() for pl in self.players)
            self._own |= 4
        pl = self.players[p]
        if pl.__class__ is not PlayerDraft:  # (a state built sealed by hand: own it now)
            pl = pl.clone()
            self.players = (*self.players[:p], pl, *self.players[p + 1:])
        pl._views = None  # about to be written: a read-only copy made since would lag
        return pl

    def _w_memory(self) -> dict[str, Value]:
        if not self._own & 8:
            self.memory_ = self.memory_.copy()
            self._own |= 8
        return self.memory_

    def _w_counters(self) -> dict[str, Any]:
        if not self._own & 16:
            self.counters_ = self.counters_.copy()
            self._own |= 16
        return self.counters_
