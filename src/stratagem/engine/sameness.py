"""When two results of play are the same: equal in everything play can go on from.

``outcomes`` lists one result per distinct state, and the invariant tests compare the
state that sampled play reaches with that list; both use ``is_same_result``. Two states
are the *same result* when they are equal in everything but:

- **the dice**: the rolls recorded in the log and the generator's state, and what the
  log narrates of them (a miss on a 2 and a miss on a 3 are one result, though the log
  of each tells its own roll). No rule reads the log, so the two have one future; the
  rolls kept in a result still replay that very result.
- **which of identical cards is which**: cards (entities in a zone) of the same face —
  type, parameters, statuses, and in a game that tracks knowledge who knows them and
  what is ruled out of them — may trade their ids. An id names a card; it tells
  nothing a player could act on that the card's face and place do not.
- **the order of a zone no one sees** (``hidden`` or ``nobody``): it is the unseen
  order of a deck, which ``determinize`` already deals at random. Its cards are
  compared as a multiset of faces; a rule that takes a card from such a zone by its
  place takes a card no one could name in advance.

Everything else must be equal: the board, every non-card entity, the zones no one
hides the order of (positionally), parameters, memory, counters, the flow, the
decision (with the traded card ids applied to its options), the outcome, and the log's
records but for their rolls and narrated events (who chose what). Being cautious, a
difference that a trade of ids would explain elsewhere (memory, counters, the
resolution stack) still tells states apart: the sameness never merges two results that
a rule or a player's choice could tell apart, at worst it keeps two that none could.

``result_signature`` is a hash that the same results share, for grouping many results
before comparing them pairwise.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .actions import Action, Ref
from .frames import EventFrame
from .knowledge import seers
from .piles import member, renamed
from .state import Decision, Entity, LogNode, Record, State

_MISSING = ("missing",)
"""The kind of an id with no entity behind it (a view's placeholder): matches only itself."""


def card_kind(s: State, eid: int) -> Any:
    """What tells card ``eid`` from another card in ``s``: its face and what is known of
    it (a tuple; cards of one kind may trade their ids)."""
    e = s.entities_.get(eid)
    if e is None:
        return (*_MISSING, eid)
    c = s.cards
    return (e.type, tuple(e.params_.items()), e.statuses, c.known.get(eid),
            c.ruled_out.get(eid), member(c.piles, eid))


def _slots(s: State) -> Iterator[tuple[str, int | None, tuple[int, ...]]]:
    """Every zone of ``s`` with its owner (``None``: the table's) and card ids."""
    for p, pl in enumerate(s.players):
        for zone, ids in pl.zones_.items():
            yield zone, p, ids
    for zone, ids in s.cards.table.items():
        yield zone, None, ids


def _unseen(s: State, zone: str, owner: int | None) -> bool:
    """Whether no player sees ``owner``'s ``zone`` (so no one sees its order)."""
    try:
        return not seers(s.game, zone, owner)
    except KeyError:  # a zone the rules do not declare (a hand-built state): keep its order
        return False


def _renaming(a: State, b: State) -> dict[int, int] | None:
    """Ids for ``b``'s cards that make its zones ``a``'s — positionally in a zone someone
    sees, as a multiset in one no one sees — trading ids only among cards of one kind
    (``{}`` when none need trading); ``None`` when no such trade exists."""
    ren: dict[int, int] = {}
    slots_b = {(zone, owner): ids for zone, owner, ids in _slots(b)}
    count = 0
    for zone, owner, ids_a in _slots(a):
        count += 1
        ids_b = slots_b.get((zone, owner))
        if ids_b is None or len(ids_b) != len(ids_a):
            return None
        if ids_a == ids_b:
            continue
        if not _unseen(a, zone, owner):
            for x, y in zip(ids_a, ids_b, strict=True):
                if x != y:
                    if card_kind(a, x) != card_kind(b, y):
                        return None
                    ren[y] = x
            continue
        kinds_a: dict[Any, list[int]] = {}
        kinds_b: dict[Any, list[int]] = {}
        for x in ids_a:
            kinds_a.setdefault(card_kind(a, x), []).append(x)
        for y in ids_b:
            kinds_b.setdefault(card_kind(b, y), []).append(y)
        if kinds_a.keys() != kinds_b.keys():
            return None
        for kind, xs in kinds_a.items():
            ys = kinds_b[kind]
            if len(xs) != len(ys):
                return None
            both = set(xs) & set(ys)  # a card in place in both keeps its id
            ren.update(zip((y for y in ys if y not in both), (x for x in xs if x not in both),
                           strict=True))
    if count != len(slots_b):
        return None
    if set(ren) != set(ren.values()):
        return None  # a trade that does not close: some id would name two cards
    return ren


def _renamed(value: Any, ren: dict[int, int]) -> Any:
    """``value`` (an action target, an event field) with card ids traded by ``ren``."""
    if type(value) is Ref:
        return Ref(ren.get(value, value))
    if type(value) is tuple:
        return tuple(_renamed(v, ren) for v in value)
    return value


def _action(a: Action, ren: dict[int, int]) -> Action:
    actor = a.actor if a.actor is None else ren.get(a.actor, a.actor)
    return Action(a.type, actor, tuple((k, _renamed(v, ren)) for k, v in a.targets))


def _decision(d: Decision | None, ren: dict[int, int]) -> Decision | None:
    if d is None or not ren:
        return d
    actor = d.actor if d.actor is None else ren.get(d.actor, d.actor)
    return Decision(d.kind, d.player, tuple(_action(x, ren) for x in d.actions), d.prompt,
                    actor, d.weights)


def _same_record(ra: Record, rb: Record) -> bool:
    """Records alike but for their rolls and their narration: the same choice, as made
    (before any trade of ids). What the log tells of a step (the roll it narrates, the
    words of a miss) is no part of the game's future: no rule reads the log."""
    return ra.player == rb.player and ra.action == rb.action


def _same_log(la: LogNode, lb: LogNode) -> bool:
    """The two logs alike record by record (the shared tail is compared by identity)."""
    while la is not lb:
        if la is None or lb is None:
            return False
        if not _same_record(la[1], lb[1]):
            return False
        la, lb = la[0], lb[0]
    return True


def _same_entities(a: State, b: State, ren: dict[int, int]) -> bool:
    ea, eb = a.entities_, b.entities_
    if ea is eb:
        return True
    if len(ea) != len(eb):
        return False
    for eid, e in eb.items():
        other = ea.get(ren.get(eid, eid))
        if other is None:
            return False
        if other is e:
            continue
        if (other.type != e.type or other.owner != e.owner or other.pos != e.pos
                or other.zone != e.zone or other.statuses != e.statuses
                or other.params_ != e.params_):
            return False
    return True


def _same_cards(a: State, b: State, ren: dict[int, int]) -> bool:
    ca, cb = a.cards, b.cards
    if ca is cb:
        return True
    if ca.pool != cb.pool:
        return False
    if not ren:
        return ca.known == cb.known and ca.ruled_out == cb.ruled_out and ca.piles == cb.piles
    return (ca.known == {ren.get(k, k): v for k, v in cb.known.items()}
            and ca.ruled_out == {ren.get(k, k): v for k, v in cb.ruled_out.items()}
            and ca.piles == renamed(cb.piles, ren))


def is_same_result(a: State, b: State) -> bool:
    """Whether ``a`` and ``b`` are the same result: equal but for the dice, which of
    identical cards is which, and the order of zones no one sees (see the module)."""
    if a is b:
        return True
    if a.game is not b.game:
        return False
    if (a.flow != b.flow or a.outcome != b.outcome or a.next_id != b.next_id
            or a.explicit != b.explicit or a.viewer != b.viewer or a.tiles != b.tiles
            or a.at_ != b.at_ or a.stacks_ != b.stacks_ or a.memory_ != b.memory_
            or a.counters_ != b.counters_ or tuple(a.stack) != tuple(b.stack)):
        return False
    for pa, pb in zip(a.players, b.players, strict=True):
        if pa is not pb and (pa.params_ != pb.params_ or pa.alive != pb.alive):
            return False
    ren = _renaming(a, b)
    if ren is None:
        return False
    return (_same_entities(a, b, ren) and _same_cards(a, b, ren)
            and a.decision == _decision(b.decision, ren) and _same_log(a.log, b.log))


class Signatures:
    """``result_signature`` for many results of one state: the entities the results share
    are hashed once."""

    __slots__ = ("_entity", "_unseen")

    def __init__(self) -> None:
        self._entity: dict[int, tuple[Entity, int]] = {}
        self._unseen: dict[tuple[str, int | None], bool] = {}

    def of(self, s: State) -> int:
        """A hash that the same results share (``is_same_result``)."""
        board = 0
        memo = self._entity
        for e in s.entities_.values():
            if e.zone is not None:
                continue  # cards count by kind, in their zones
            hit = memo.get(id(e))
            if hit is None or hit[0] is not e:
                hit = memo[id(e)] = (e, hash((e.id, e.type, e.owner, e.pos,
                                              tuple(e.params_.items()), e.statuses)))
            board ^= hit[1]
        zones = tuple(self._zone_hash(s, zone, owner, ids) for zone, owner, ids in _slots(s))
        d = s.decision
        decision = None if d is None else (d.kind, d.player, len(d.actions), d.weights)
        return hash((board, zones, s.flow, s.outcome, s.next_id, decision, len(s.entities_),
                     tuple(tuple(pl.params_.items()) for pl in s.players), _hash_dict(s.memory_),
                     _hash_dict(s.counters_), tuple(_hash_frame(f) for f in s.stack), s.tiles,
                     _hash_record(s.log)))

    def _zone_hash(self, s: State, zone: str, owner: int | None, ids: tuple[int, ...]) -> int:
        """The zone by the types of its cards, in order unless no one sees it (coarser
        than ``card_kind``, and cheaper: a clash costs only a comparison)."""
        ents = s.entities_
        types = []
        for x in ids:
            e = ents.get(x)
            types.append("" if e is None else e.type)
        unseen = self._unseen.get((zone, owner))
        if unseen is None:
            unseen = self._unseen[(zone, owner)] = _unseen(s, zone, owner)
        if unseen:
            types.sort()
        return hash((zone, owner, tuple(types)))


def _hash_dict(d: dict[str, Any]) -> int:
    """A hash of a dict of values (its size, when a value cannot be hashed)."""
    try:
        return hash(frozenset(d.items()))
    except TypeError:
        return len(d)


def _hash_record(log: LogNode) -> int:
    """A hash of the newest record's choice (its rolls and narration left out)."""
    if log is None:
        return 0
    rec = log[1]
    try:
        return hash((rec.player, rec.action))
    except TypeError:
        return hash(rec.player)


def _hash_frame(f: Any) -> int:
    """A hash of a frame of the resolution stack (an event's by its fields)."""
    try:
        if type(f) is EventFrame:
            return hash((f.id, f.name, frozenset(f.fields.items()), f.stage, f.idx,
                         f.cancelled))
        return hash(f)
    except TypeError:
        return hash(type(f).__name__)


def result_signature(s: State) -> int:
    """A hash that the same results share (``is_same_result``)."""
    return Signatures().of(s)


__all__ = ["Signatures", "card_kind", "is_same_result", "result_signature"]
