"""The state of a game: everything that changes, nothing that does not.

A ``State`` handed out is never mutated. ``Game.apply`` starts a transaction
(``State._begin``): a new ``State`` object that shares every container with
its parent and copies a container, or a single entity, the first time the
transaction writes to it. A copy therefore costs what changed, not the whole
state, and no state is ever deep-copied.

Nor can a caller mutate one: the mappings of a published state (its entities,
their parameters, the board index, players' parameters and zones, memory and
counters) are ``ReadOnlyDict``s, which refuse every write with a ``TypeError``.
A transaction's own copies are writable dicts of a sibling class, and closing the
transaction (``State._end``) turns each into a read-only one by changing its
class: no copy, and reading either kind costs what reading a dict costs.

Static information (tile types, entity types, action types) lives in the
``Game``; a state holds a reference to its game but neither compares nor
serializes it.

One module because its classes share one copy-on-write transaction: ``State._begin``
and ``State._end`` unseal and seal the containers of the entities and players defined
beside it, so they are read together; it runs just over 500 lines.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, NamedTuple

from .actions import Action, Pos, Value

if TYPE_CHECKING:
    from .game import Game
    from .knowledge import Cards

CHANCE = -1
"""The ``player`` of a chance decision."""


class ReadOnlyDict(dict):  # type: ignore[type-arg]
    """A mapping of a published state: reads like a dict, refuses every write."""

    __slots__ = ()

    def _refuse(self, *args: object, **kwargs: object) -> Any:
        raise TypeError("a state's parts are read-only: game.apply(state, action) gives a "
                        "new state (entity.copy() gives an entity whose parameters may be "
                        "written)")

    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __reduce__(self) -> tuple[Any, ...]:  # pickle and copy without __setitem__
        return (type(self), (dict(self),))

    def copy(self) -> dict[Any, Any]:
        """A writable copy (a plain dict)."""
        return dict(self)


class _Writable(dict):  # type: ignore[type-arg]
    """A transaction's own copy of a mapping, sealed in place when the transaction ends
    (``_seal``: its class becomes ``ReadOnlyDict``, whose layout is the same)."""

    __slots__ = ()

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (dict(self),))


def writable_copy(d: dict[Any, Any]) -> dict[Any, Any]:
    """A transaction's writable copy of a mapping, sealed without a second copy when the
    transaction ends (a plain ``dict`` would be copied again then)."""
    return _Writable(d)


def _seal(d: dict[Any, Any]) -> dict[Any, Any]:
    """``d`` made read-only: in place when it is a transaction's copy, else copied."""
    kind = type(d)
    if kind is ReadOnlyDict:
        return d
    if kind is _Writable:
        d.__class__ = ReadOnlyDict
        return d
    return ReadOnlyDict(d)


class Status(NamedTuple):
    """A status on an entity: remaining rounds and uses (``None`` = unlimited)."""

    name: str
    duration: int | None = None
    usages: int | None = None


class Entity:
    """A unit, piece, marker or card: id, type, owner, place, parameters, statuses.

    ``pos`` is its board position (``None`` off the board); ``zone`` the name of
    its owner's zone when it is a card in a hand, deck or discard pile.
    Treat entities as read-only; the engine replaces them, never edits them
    once they belong to a published state.
    """

    __slots__ = ("id", "owner", "params", "pos", "statuses", "type", "zone")

    def __init__(self, id: int, type: str, owner: int | None, pos: Pos | None,
                 params: dict[str, Any], statuses: tuple[Status, ...] = (),
                 zone: str | None = None) -> None:
        self.id = id
        self.type = type
        self.owner = owner
        self.pos = pos
        self.params = params
        self.statuses = statuses
        self.zone = zone

    def copy(self) -> Entity:
        """A copy whose parameter dict may be written."""
        return Entity(self.id, self.type, self.owner, self.pos, _Writable(self.params),
                      self.statuses, self.zone)

    def __getitem__(self, name: str) -> Any:
        return self.params[name]

    def has_status(self, name: str) -> bool:
        """Whether a status of that name is on this entity."""
        return any(s.name == name for s in self.statuses)

    def _key(self) -> tuple[Any, ...]:
        return (self.id, self.type, self.owner, self.pos, self.params, self.statuses, self.zone)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Entity) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash((self.id, self.type, self.owner, self.pos,
                     tuple(self.params.items()), self.statuses, self.zone))

    def __repr__(self) -> str:
        where = f" in {self.zone}" if self.zone else ""
        if self.pos is not None:
            where = f" at {self.pos}"
        return f"<{self.type} #{int(self.id)} of P{self.owner}{where}>"


class PlayerState:
    """One player's parameters, zones (tuples of entity ids) and standing."""

    __slots__ = ("alive", "params", "zones")

    def __init__(self, params: dict[str, Any], zones: dict[str, tuple[int, ...]],
                 alive: bool = True) -> None:
        self.params = params
        self.zones = zones
        self.alive = alive

    def copy(self) -> PlayerState:
        """A copy whose dicts may be written."""
        return PlayerState(_Writable(self.params), _Writable(self.zones), self.alive)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, PlayerState) and self.params == other.params
                and self.zones == other.zones and self.alive == other.alive)

    def __hash__(self) -> int:
        return hash((tuple(self.params.items()), tuple(self.zones.items()), self.alive))

    def __repr__(self) -> str:
        return f"PlayerState({self.params}, {self.zones}, alive={self.alive})"


class FlowPos(NamedTuple):
    """Where the flow machine stands (see ``engine.turns`` and ``engine.phases``)."""

    mode: int = 0          # one of flow.BEGIN_ROUND ... flow.END_ROUND
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
        """Whether every player shares first place."""
        return all(r == 1 for r in self.ranks)

    @property
    def returns(self) -> tuple[float, ...]:
        """Per-player utility in [-1, 1], linear in rank (for search and bridges)."""
        n = len(self.ranks)
        if n == 1:
            return (1.0 if self.winners else -1.0,)
        worst = max(self.ranks)
        if worst == 1:
            return tuple(0.0 for _ in self.ranks)
        return tuple(1.0 - 2.0 * (r - 1) / (worst - 1) for r in self.ranks)


class Record(NamedTuple):
    """One entry of the action log: who chose what, and what chance produced.

    ``rolls`` are the values every roll and random draw produced while the
    action resolved, in order; feeding them back (``Game.apply(...,
    rolls=...)``) reproduces the action exactly. ``events`` are the narrated
    events, as ``(name, fields)``. ``draws``: the steps the state's generator took
    beyond the rolls (a zone shuffled: its faces dealt again, which no roll records),
    so that a saved game's seed can be found from its generator (``serialize.seed_of``).
    """

    player: int
    action: Action
    rolls: tuple[int, ...] = ()
    events: tuple[tuple[str, tuple[tuple[str, Value], ...]], ...] = ()
    draws: int = 0


LogNode = tuple[Any, Record] | None  # a persistent list: (previous node, record)


class State:
    """Everything that changes during a game. Never mutated once handed out."""

    _hash: int | None
    _own: int
    _own_entities: set[int] | None

    __slots__ = (
        "_hash", "_own", "_own_entities", "at", "cards", "counters", "decision", "entities",
        "explicit", "flow", "game", "log", "memo", "memory", "next_id", "outcome", "players",
        "rng", "stack", "stacks", "tiles", "viewer",
    )

    game: Game
    entities: dict[int, Entity]
    at: dict[Pos, int]
    stacks: dict[Pos, tuple[int, ...]]
    """Where two or more entities share a square (a board with room for stacks): their
    ids, bottom (first arrived) to top. ``at`` names the bottom one. Empty otherwise."""
    tiles: tuple[str, ...]
    players: tuple[PlayerState, ...]
    flow: FlowPos
    stack: Any  # tuple of frames when published, a list inside a transaction
    rng: int
    memory: dict[str, Value]
    counters: dict[str, Any]
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

    # ------------------------------------------------------------------ reading
    def entity(self, eid: int) -> Entity:
        """The entity with that id (``KeyError`` when it is gone)."""
        return self.entities[eid]

    def has_entity(self, eid: int | None) -> bool:
        """Whether an entity with that id is in the game."""
        return eid is not None and eid in self.entities

    def occupant(self, pos: Pos) -> Entity | None:
        """The entity standing at ``pos``, if any."""
        eid = self.at.get(pos)
        return None if eid is None else self.entities[eid]

    def tile(self, pos: Pos) -> str:
        """The tile type at ``pos``."""
        return self.tiles[pos[1] * self.game.board.width + pos[0]]

    def iter_entities(self, owner: int | None = None, type: str | None = None) -> Iterator[Entity]:
        """Entities in id order, optionally only one owner's or one type's."""
        for eid in sorted(self.entities):
            e = self.entities[eid]
            if (owner is None or e.owner == owner) and (type is None or e.type == type):
                yield e

    def zone(self, player: int, name: str) -> tuple[int, ...]:
        """The entity ids in a player's zone, in order; a zone of the table (a shared deck,
        a discard pile) whatever the player, as the rules' `zone(p, name)` reads it."""
        zones = self.players[player].zones
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
        return (self.entities, self.tiles, self.players, self.flow, tuple(self.stack),
                self.rng, self.memory, self.counters, self.history, self.decision,
                self.outcome, self.explicit, self.next_id, self.viewer, self.cards, self.stacks)

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
            h = hash((tuple(sorted((k, hash(e)) for k, e in self.entities.items())),
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
        s.entities = self.entities
        s.at = self.at
        s.stacks = self.stacks
        s.tiles = self.tiles
        s.players = self.players
        s.flow = self.flow
        s.stack = list(self.stack)
        s.rng = self.rng
        s.memory = self.memory
        s.counters = self.counters
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
        return s

    def _end(self) -> State:
        """Close the transaction: from here on the state is read-only, its containers
        too (each one this transaction wrote is sealed)."""
        self.stack = tuple(self.stack)
        self._seal_own()
        return self

    def _seal_own(self) -> None:
        """Seal every container this transaction wrote, and own none from here on: a
        later write of the same transaction copies again (``options.OptionMemo`` keeps
        the containers it read as they are now)."""
        own = self._own
        if own:
            if own & 1:
                entities = self.entities = _seal(self.entities)
                for eid in self._own_entities or ():
                    e = entities.get(eid)
                    if e is not None and type(e.params) is not ReadOnlyDict:
                        e.params = _seal(e.params)
            if own & 2:
                self.at = _seal(self.at)
            if own & 4:
                for pl in self.players:
                    pl.params = _seal(pl.params)
                    pl.zones = _seal(pl.zones)
            if own & 8:
                self.memory = _seal(self.memory)
            if own & 16:
                self.counters = _seal(self.counters)
            if own & 32:
                self.stacks = _seal(self.stacks)
        self._own = 0
        self._own_entities = None

    # Ownership bits: which containers this transaction has already copied.
    _ENTITIES, _AT, _PLAYERS, _MEMORY, _COUNTERS, _STACKS = 1, 2, 4, 8, 16, 32

    def _w_entity(self, eid: int) -> Entity:
        """The entity ``eid``, copied once per transaction so it may be written."""
        if not self._own & 1:
            self.entities = _Writable(self.entities)
            self._own |= 1
            self._own_entities = set()
        owned = self._own_entities
        assert owned is not None
        e = self.entities[eid]
        if eid not in owned:
            e = e.copy()
            self.entities[eid] = e
            owned.add(eid)
        return e

    def _w_entities(self) -> dict[int, Entity]:
        if not self._own & 1:
            self.entities = _Writable(self.entities)
            self._own |= 1
            self._own_entities = set()
        return self.entities

    def _w_at(self) -> dict[Pos, int]:
        if not self._own & 2:
            self.at = _Writable(self.at)
            self._own |= 2
        return self.at

    def _w_stacks(self) -> dict[Pos, tuple[int, ...]]:
        if not self._own & 32:
            self.stacks = _Writable(self.stacks)
            self._own |= 32
        return self.stacks

    def _w_player(self, p: int) -> PlayerState:
        if not self._own & 4:
            self.players = tuple(pl.copy() for pl in self.players)
            self._own |= 4
        return self.players[p]

    def _w_memory(self) -> dict[str, Value]:
        if not self._own & 8:
            self.memory = _Writable(self.memory)
            self._own |= 8
        return self.memory

    def _w_counters(self) -> dict[str, Any]:
        if not self._own & 16:
            self.counters = _Writable(self.counters)
            self._own |= 16
        return self.counters
