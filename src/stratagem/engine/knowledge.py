"""Cards on the table, and what each player knows of them.

*Table zones* (``ZoneSpec.table``) hold cards that belong to no player: a shared deck, a
discard pile, a market row. Their contents are in ``State.cards.table``; every other zone is
each player's own, as before (``PlayerState.zones``). ``zone_ids``, ``enter`` and ``leave``
read and write either kind, so effects need not care which it is.

In a game with a table zone, or with an effect that teaches a card (``Effect.teaches``:
``look``, ``reveal``, ``show``, ``rule_out``), every card is *tracked*:
``State.cards.known[id]`` is the set of players who know the card's face (its type,
parameters and statuses). A player learns a card when it enters a zone they can see
(``seers``) and by the ``look``, ``reveal`` and ``show`` effects (``learn``);
``ruled_out[id]`` holds the types the card is known by everyone not to be (a wrong guess,
``rule_out``). Who knows which card is public; only the faces are secret.

A view (``mask``) sends each tracked card its viewer does not know without its face: type
``"?"``, no parameters, no statuses; its id and its place stay. Ids tell nothing of faces,
because a random draw takes the top card of its zone and deals that card the face of a card
drawn at random (``take_drawn``: the two swap faces, knowledge and all). Cards of equal
faces that the same players know are interchangeable there, so a draw rolls one outcome per
kind of card, weighted by how many there are (``draw_distribution``): ``Game.outcomes`` of
drawing one of three equal cards is one result of weight 3/n. The view lists the withheld
faces in ``Cards.pool`` (sorted, so their order tells nothing), and ``deal`` gives them back
to the masked cards for ``determinize`` (``engine.card_views``), uniformly among the deals
that agree with what everyone knows and with what the viewer knows of piles of cards
(``engine.piles``).

Other games keep their cards untracked. A draw from a player's own zone that no one sees is
a ``CardDraw``: play and explicit chance draw any card, while ``outcomes`` lists one value
per face (the first card showing it): which of equal cards is drawn and the unseen order of
the rest are not part of a result (``engine.sameness``).

One module because where a card is and who knows its face change together: every move,
draw, shuffle and deal of the set-up (``unlink_placed``) writes both, and a change to one
without the other is a leak of a hidden card.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import piles as _piles
from . import rng as _rng
from .actions import Ref
from .dice import Distribution
from .piles import Face, Piles, face
from .state import ReadOnlyDict

if TYPE_CHECKING:
    from .game import Game
    from .spec import ZoneSpec
    from .state import State

MASKED = "?"
"""The type a view gives a card whose face its viewer does not know."""

class Cards:
    """The table zones' contents and the card knowledge of one state: read-only mappings
    (``ReadOnlyDict``), never changed in place; the ``with_*`` methods give a new one."""

    __slots__ = ("known", "piles", "pool", "ruled_out", "table")

    def __init__(self, table: dict[str, tuple[int, ...]] | None = None,
                 known: dict[int, frozenset[int]] | None = None,
                 ruled_out: dict[int, frozenset[str]] | None = None,
                 pool: tuple[Face, ...] = (), piles: Piles | None = None) -> None:
        self.table: dict[str, tuple[int, ...]] = _sealed(table)
        self.known: dict[int, frozenset[int]] = _sealed(known)
        self.ruled_out: dict[int, frozenset[str]] = _sealed(ruled_out)
        self.pool = pool
        self.piles: Piles = _sealed(piles)
        """What each player knows of piles of cards without their order (``engine.piles``)."""


    def _key(self) -> tuple[Any, ...]:
        return (self.table, self.known, self.ruled_out, self.pool, self.piles)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Cards) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash((tuple(sorted(self.table.items())), tuple(sorted(self.known.items())),
                     len(self.ruled_out), self.pool, len(self.piles)))

    def __bool__(self) -> bool:
        return bool(self.table or self.known or self.ruled_out or self.pool or self.piles)

    def __repr__(self) -> str:
        return f"Cards(table={self.table}, known={self.known}, ruled_out={self.ruled_out})"

    def with_table(self, zone: str, ids: tuple[int, ...]) -> Cards:
        """These cards with a table zone's contents replaced."""
        return Cards({**self.table, zone: ids}, self.known, self.ruled_out, self.pool,
                     self.piles)

    def with_known(self, eid: int, players: frozenset[int]) -> Cards:
        """These cards with who knows card ``eid`` replaced."""
        return Cards(self.table, {**self.known, eid: players}, self.ruled_out, self.pool,
                     self.piles)

    def with_ruled_out(self, eid: int, types: frozenset[str]) -> Cards:
        """These cards with the types card ``eid`` is known not to be replaced."""
        ruled = {**self.ruled_out, eid: types}
        if not types:
            del ruled[eid]
        return Cards(self.table, self.known, ruled, self.pool, self.piles)

    def without(self, eid: int) -> Cards:
        """These cards forgetting card ``eid`` (it left the game)."""
        known = {k: v for k, v in self.known.items() if k != eid}
        ruled = {k: v for k, v in self.ruled_out.items() if k != eid}
        return Cards(self.table, known, ruled, self.pool, _piles.dropped(self.piles, eid))

    def with_pool(self, pool: tuple[Face, ...]) -> Cards:
        """These cards with the faces a view withholds replaced."""
        return Cards(self.table, self.known, self.ruled_out, pool, self.piles)

    def with_piles(self, piles: Piles) -> Cards:
        """These cards with the piles replaced."""
        return Cards(self.table, self.known, self.ruled_out, self.pool, piles)


def _sealed(d: dict[Any, Any] | None) -> dict[Any, Any]:
    """``d`` as a read-only mapping (itself when it already is one)."""
    return d if type(d) is ReadOnlyDict else ReadOnlyDict(d or ())


NO_CARDS = Cards()
"""The cards of a game without table zones or knowledge."""


# ------------------------------------------------------------------ the zones
class _Zones:
    """What the engine asks of a game's zones, worked out once per game."""

    __slots__ = ("seen", "specs", "tables", "tracked", "zones")

    def __init__(self, zones: tuple[ZoneSpec, ...], players: int) -> None:
        self.zones = zones
        self.specs = {z.name: z for z in zones}
        self.tables = frozenset(z.name for z in zones if z.table)
        self.tracked = bool(self.tables)
        everyone = frozenset(range(players))
        self.seen: dict[tuple[str, int | None], frozenset[int]] = {}
        for z in zones:
            for owner in (None, *range(players)):
                if z.visibility == "public":
                    who = everyone
                elif z.visibility == "owner":
                    who = frozenset() if owner is None or z.table else frozenset((owner,))
                elif z.visibility == "players":
                    who = frozenset(z.seen_by)
                else:
                    who = frozenset()
                self.seen[(z.name, owner)] = who


_ZONES: dict[int, _Zones] = {}


def _zones(game: Game) -> _Zones:
    """The zone facts of ``game`` (cached by its zones tuple, which never changes)."""
    zones = game.zones
    hit = _ZONES.get(id(zones))
    if hit is None or hit.zones is not zones:
        hit = _ZONES[id(zones)] = _Zones(zones, len(game.players))
    return hit


def zone_spec(game: Game, zone: str) -> ZoneSpec:
    """The declaration of a zone (``KeyError`` naming it when there is none)."""
    spec = _zones(game).specs.get(zone)
    if spec is None:
        raise KeyError(f"no zone '{zone}'")
    return spec


def is_table(game: Game, zone: str) -> bool:
    """Whether ``zone`` belongs to the table."""
    return zone in _zones(game).tables


def is_tracked(game: Game) -> bool:
    """Whether the game tracks card knowledge: it has a table zone, or an effect that
    changes who knows a card (``Effect.teaches``: a `look` at a hand)."""
    return _zones(game).tracked or game.teaches


def seers(game: Game, zone: str, owner: int | None) -> frozenset[int]:
    """The players who see the faces of the cards in ``owner``'s ``zone`` (or the
    table's)."""
    who = _zones(game).seen.get((zone, owner))
    if who is None:
        raise KeyError(f"no zone '{zone}'")
    return who


def zone_ids(s: State, owner: int | None, zone: str) -> tuple[int, ...]:
    """The card ids in a zone, bottom first: the table's, or ``owner``'s own."""
    if is_table(s.game, zone):
        return s.cards.table.get(zone, ())
    if owner is None:
        raise ValueError(f"`{zone}` is each player's own zone: say whose")
    return s.players[owner].zones_[zone]


def _put(s: State, owner: int | None, zone: str, ids: tuple[int, ...]) -> None:
    if is_table(s.game, zone):
        s.cards = s.cards.with_table(zone, ids)
    else:
        assert owner is not None
        s._w_player(owner).zones_[zone] = ids


def leave(s: State, eid: int) -> None:
    """Take card ``eid`` out of the zone it is in (inside a transaction)."""
    e = s.entities_[eid]
    zone = e.zone
    if zone is None:
        return
    if zone in _zones(s.game).tables:
        ids = s.cards.table.get(zone, ())
        if eid in ids:
            i = ids.index(eid)
            s.cards = s.cards.with_table(zone, ids[:i] + ids[i + 1:])
    elif e.owner is not None:
        ids = s.players[e.owner].zones_.get(zone, ())
        if eid in ids:
            i = ids.index(eid)
            s._w_player(e.owner).zones_[zone] = ids[:i] + ids[i + 1:]


def enter(s: State, eid: int, owner: int | None, zone: str, bottom: bool = False) -> None:
    """Put card ``eid`` into ``owner``'s ``zone`` (the table's when it is a table zone, and
    then the card belongs to no one), on top or at the bottom; whoever sees the zone
    learns the card (inside a transaction)."""
    g = s.game
    table = is_table(g, zone)
    if not table and owner is None:
        raise ValueError(f"`{zone}` is each player's own zone: say whose (`player:`)")
    leave(s, eid)
    if table:
        owner = None
    ids = zone_ids(s, owner, zone)
    _put(s, owner, zone, (eid, *ids) if bottom else (*ids, eid))
    e = s._w_entity(eid)
    e.zone = zone
    e.owner = owner
    if is_tracked(g):
        learn(s, eid, seers(g, zone, owner))


def onto_board(s: State, eid: int) -> None:
    """Card ``eid`` leaves its zone for the board, face up: it is no zone's any more, and
    every player knows its face (inside a transaction; ``changes.place``)."""
    leave(s, eid)
    s._w_entity(eid).zone = None
    if is_tracked(s.game):
        learn(s, eid, frozenset(range(len(s.players))))


def forget(s: State, eid: int) -> None:
    """Drop what is known of a card that left the game (inside a transaction)."""
    c = s.cards
    if eid in c.known or eid in c.ruled_out or c.piles:
        s.cards = c.without(eid)


def start_piles(s: State) -> None:
    """Each player's piles of the set-up: the cards of each zone they do not see."""
    s.cards = s.cards.with_piles(_piles.start(s, len(s.players),
                                              lambda p, eid: knows(s, p, eid)))


# ------------------------------------------------------------------ knowledge
def learn(s: State, eid: int, players: frozenset[int] | set[int]) -> None:
    """``players`` now know the face of card ``eid`` (inside a transaction)."""
    before = s.cards.known.get(eid)
    after = frozenset(players) | (before or frozenset())
    if after != before:
        s.cards = c = s.cards.with_known(eid, after)
        if c.piles:
            piles = _piles.learned(s, c.piles, eid, after - (before or set()))
            if piles is not c.piles:
                s.cards = c.with_piles(piles)


def rule_out(s: State, eid: int, type: str) -> None:
    """Everyone now knows card ``eid`` is not a ``type`` (inside a transaction)."""
    before = s.cards.ruled_out.get(eid, frozenset())
    if type not in before:
        s.cards = s.cards.with_ruled_out(eid, before | {type})


def shuffle(s: State, owner: int | None, zone: str) -> int:
    """Shuffle a zone: its cards' faces are dealt again among them at random (from the
    state's generator, which no view shows), and they are known only to who sees the
    zone, with nothing ruled out of them any more (inside a transaction). Returns the
    steps the generator took (``Record.draws``)."""
    ids = zone_ids(s, owner, zone)
    tracked = is_tracked(s.game)
    if tracked:  # what each player knew of these cards, before their faces move
        known = s.cards.known
        s.cards = s.cards.with_piles(_piles.shuffled(
            s, s.cards.piles, ids, len(s.players),
            lambda p, eid: p in known.get(eid, ())))
    faces = [(e.type, e.params_, e.statuses) for e in (s.entities_[i] for i in ids)]
    steps = _deal(s, faces)
    _give(s, ids, faces)
    if not tracked:
        return steps
    who = seers(s.game, zone, owner)
    known, ruled = dict(s.cards.known), dict(s.cards.ruled_out)
    for eid in ids:
        known[eid] = who
        ruled.pop(eid, None)
    c = s.cards
    piles = c.piles
    for eid in ids if who and piles else ():  # who sees the zone knows each card again
        piles = _piles.learned(s, piles, eid, who)
    s.cards = Cards(c.table, known, ruled, c.pool, piles)
    return steps


def _deal(s: State, items: list[Any]) -> int:
    """Put ``items`` in a random order (Fisher–Yates on the state's own generator, inside a
    transaction); the steps the generator took (``Record.draws``)."""
    state = s.rng
    for i in range(len(items) - 1, 0, -1):
        j = _rng.draw(state, i + 1)
        state = _rng.next_state(state)
        items[i], items[j] = items[j], items[i]
    s.rng = state
    return max(len(items) - 1, 0)


def _give(s: State, ids: Any, faces: list[tuple[Any, Any, Any]]) -> None:
    """Card ``ids[k]`` takes the face ``faces[k]`` (type, parameters, statuses)."""
    for eid, (type, params, statuses) in zip(ids, faces, strict=True):
        e = s.entities_[eid]
        if (e.type, e.params_, e.statuses) != (type, params, statuses):
            w = s._w_entity(eid)
            w.type, w.params_, w.statuses = type, dict(params), statuses


def unlink_placed(s: State) -> int:
    """Deal the ids of the cards the set-up placed in each zone that some players see and
    others do not (a hand) at random among them, every place keeping its face: the rules
    that place them are public, so an id given in their order would tell its face to the
    players who do not see the zone (a card laid face down from a hand of placed cards
    would be known by its id). A zone no one sees (a deck) keeps its ids: its order is
    the rules' own until a `shuffle` deals its faces again, and a card drawn from it is
    seen by the same players as its face. Before the set-up's effects run, so any id they
    write is one dealt here (inside a transaction); the steps the generator took."""
    steps = 0
    for z in s.game.zones:
        if z.visibility not in ("owner", "players"):
            continue
        for owner in (None,) if z.table else range(len(s.players)):
            ids = zone_ids(s, owner, z.name)
            if len(ids) < 2:
                continue
            faces = [(e.type, e.params_, e.statuses) for e in (s.entities_[i] for i in ids)]
            order = list(ids)
            steps += _deal(s, order)
            _give(s, order, faces)
            _put(s, owner, z.name, tuple(order))
    return steps


FACES = "@faces"
"""The field a narrated event's record keeps the faces of its public cards in
(``shown_faces``): a key no rules field can take."""


def shown_faces(s: State, fields: tuple[tuple[str, Any], ...]) -> tuple[Any, ...]:
    """The faces, as they are now, of the cards an event names that every player sees
    (``(Ref, type, params)``): its narration names them so even after a shuffle in the
    same action deals their ids new faces. A card not everyone sees is left out (its face
    is no one's business in a log every player reads)."""
    out = []
    everyone = frozenset(range(len(s.players)))
    tracked = is_tracked(s.game)
    for _, v in fields:
        if type(v) is not Ref:
            continue
        e = s.entities_.get(v)
        if e is None or e.zone is None:
            continue
        seen = (s.cards.known.get(e.id, frozenset()) if tracked
                else seers(s.game, e.zone, e.owner))
        if seen >= everyone:
            out.append((v, e.type, tuple(sorted(e.params_.items()))))
    return tuple(out)


def knows(s: State, player: int, eid: int) -> bool:
    """Whether ``player`` knows the face of card ``eid``: it is untracked, or in a zone
    they see, or they learned it."""
    e = s.entities_.get(eid)
    if e is None:
        return False
    if eid not in s.cards.known or e.zone is None:
        return e.type != MASKED
    return player in s.cards.known[eid] or player in seers(s.game, e.zone, e.owner)


# ------------------------------------------------------------------ drawing
def _class(s: State, eid: int) -> tuple[Any, ...]:
    """What tells card ``eid`` from another: its face and what is known of it (parameters
    in their own order, which is their type's: no sort needed to compare)."""
    c = s.cards
    e = s.entities_[eid]
    return (e.type, tuple(e.params_.items()), e.statuses, c.known.get(eid),
            c.ruled_out.get(eid), _piles.places(c.piles).get(eid, ()) if c.piles else ())


def draw_distribution(s: State, owner: int | None, zone: str) -> Distribution:
    """A random draw from a zone: one outcome per kind of card in it (equal faces, known
    to the same players), the index of its first card, weighted by how many there are."""
    first: dict[tuple[Any, ...], int] = {}
    count: dict[int, int] = {}
    for i, eid in enumerate(zone_ids(s, owner, zone)):
        k = _class(s, eid)
        j = first.setdefault(k, i)
        count[j] = count.get(j, 0) + 1
    return Distribution(count.items(), f"draw from {zone}")


class CardDraw(Distribution):
    """A random draw from a zone no one sees, in a game that does not track knowledge
    (each player's own deck): uniform over the cards, as play samples it, explicit chance
    lists it and replays check it — so a driver answering explicit chance with the
    state's generator still plays the sampled game, and recorded rolls replay as they
    always did — and ``grouped``, which ``outcomes`` lists instead: one value per face,
    the index of the first card showing it, weighted by how many do. Cards of one face in
    a zone no one sees are interchangeable (``engine.sameness``): drawing either of two
    equal cards is one result, and drawing the first is a draw the rules make."""

    __slots__ = ("_ids", "_kinds", "_state")

    def __init__(self, s: State, ids: tuple[int, ...], label: str) -> None:
        super().__init__(((i, 1) for i in range(len(ids))), label)
        self._state: State | None = s
        self._ids = ids
        self._kinds: Distribution | None = None

    def grouped(self) -> Distribution:
        kinds = self._kinds
        if kinds is None:
            s = self._state
            assert s is not None
            first: dict[tuple[Any, ...], int] = {}
            count: dict[int, int] = {}
            for i, eid in enumerate(self._ids):
                j = first.setdefault(_class(s, eid), i)
                count[j] = count.get(j, 0) + 1
            kinds = self._kinds = Distribution(count.items(), self.label)
            self._state = None  # the kinds are known: let the state go
        return kinds



def own_draw(s: State, owner: int, zone: str) -> Distribution:
    """A random draw from ``owner``'s own ``zone`` (a game that does not track
    knowledge): uniform over its cards where someone sees the zone, one value per face
    where no one does (``CardDraw``)."""
    ids = s.players[owner].zones_[zone]
    label = f"draw from {zone}"
    if seers(s.game, zone, owner) or any(eid not in s.entities_ for eid in ids):
        return Distribution(((i, 1) for i in range(len(ids))), label)
    return CardDraw(s, ids, label)


def take_drawn(s: State, owner: int | None, zone: str, index: int) -> int:
    """The card a draw takes when its roll named the card at ``index``: the zone's top
    card, which takes that card's face and knowledge in exchange for its own (inside a
    transaction). Who draws a card so learns nothing of the ids in the zone."""
    ids = zone_ids(s, owner, zone)
    top, picked = ids[-1], ids[index]
    if picked != top and _class(s, picked) != _class(s, top):
        a, b = s._w_entity(top), s._w_entity(picked)
        a.type, b.type = b.type, a.type
        a.params_, b.params_ = b.params_, a.params_
        a.statuses, b.statuses = b.statuses, a.statuses
        c = s.cards
        known, ruled = dict(c.known), dict(c.ruled_out)
        for d in (known, ruled):
            ka, kb = d.pop(top, None), d.pop(picked, None)
            if kb is not None:
                d[top] = kb  # type: ignore[assignment]
            if ka is not None:
                d[picked] = ka  # type: ignore[assignment]
        s.cards = Cards(c.table, known, ruled, c.pool, _piles.traded(c.piles, top, picked))
    return top


# ------------------------------------------------------------------ saved states
def cards_doc(c: Cards) -> dict[str, Any]:
    """The JSON-ready form of a state's cards (``serialize.dumps``)."""
    return {"table": {k: list(v) for k, v in c.table.items()},
            "known": [[eid, sorted(c.known[eid])] for eid in sorted(c.known)],
            "ruled_out": [[eid, sorted(c.ruled_out[eid])] for eid in sorted(c.ruled_out)],
            "pool": [[t, [[k, v] for k, v in params], [list(st) for st in sts]]
                     for t, params, sts in c.pool],
            **({"piles": _piles.piles_doc(c.piles)} if c.piles else {})}


def read_cards(doc: Any, number: Callable[[Any], int], status: Callable[..., Any]) -> Cards:
    """The cards ``cards_doc`` wrote (``number`` reads an integer or raises; ``status``
    makes a status from its fields)."""
    table = {str(k): tuple(number(x) for x in v) for k, v in doc["table"].items()}
    known = {number(eid): frozenset(number(p) for p in who) for eid, who in doc["known"]}
    ruled = {number(eid): frozenset(str(x) for x in types) for eid, types in doc["ruled_out"]}
    pool = tuple((str(t), tuple((str(k), v) for k, v in params), tuple(status(*st) for st in sts))
                 for t, params, sts in doc["pool"])
    return Cards(table, known, ruled, pool,
                 _piles.read_piles(doc.get("piles", ()), number, status))


__all__ = ["FACES", "MASKED", "NO_CARDS", "CardDraw", "Cards", "Face", "cards_doc",
           "draw_distribution", "enter", "face", "forget", "is_table", "is_tracked",
           "knows", "learn", "leave", "own_draw", "read_cards", "rule_out", "seers",
           "shown_faces", "shuffle", "start_piles", "take_drawn", "zone_ids", "zone_spec"]
