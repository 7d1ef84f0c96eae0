"""What a player knows of a pile of cards without knowing its order.

A player who shuffles their discard pile into their deck no longer knows which card is
where, but still knows which cards the deck holds; everyone knows what each player's
starting deck held, because the rules say so. ``engine.knowledge`` knows a card's face or
not; a *pile* (``Pile``) keeps the rest: for one player, a set of card ids and the faces
that lie among them (as many as the ids, or fewer when some of the ids are cards the
player never saw). ``Cards.piles`` holds each player's piles, disjoint; ``determinize``
deals each pile's faces among its ids (``deal_order``).

How piles come and go:

- at the start (``start``), each zone's cards that a player does not see make one pile of
  theirs: the set-up of a game is public;
- a shuffle (``shuffled``) makes, for each player, one pile of the zone's cards with the
  faces they knew there, merged with every pile of theirs that held one of those cards;
- a pile follows its cards wherever they go, unseen; when the player learns one of them
  (``learned``) it leaves the pile and its face with it;
- a card that leaves the game unseen takes an unknown face with it: the piles that held it
  are dropped (``dropped``), as is a pile whose faces no longer fit its cards;
- a draw that deals the top card another card's face trades their places in piles too
  (``traded``), as it trades what is known of them.

A view keeps only its viewer's piles (``own``): another player's piles would tell what
that player saw.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .state import ReadOnlyDict

if TYPE_CHECKING:
    from .rng import Rng
    from .state import Entity, State

Face = tuple[str, tuple[tuple[str, Any], ...], tuple[Any, ...]]
"""What a card shows face up: its type, parameters (sorted) and statuses."""

Pile = tuple[frozenset[int], tuple[Face, ...]]
"""Card ids, and the faces (sorted) one player knows lie among them."""

Piles = dict[int, tuple[Pile, ...]]
"""Each player's piles."""


def face(e: Entity) -> Face:
    """What card ``e`` shows face up."""
    return (e.type, tuple(sorted(e.params_.items())), tuple(e.statuses))


def _sorted(faces: Iterable[Face]) -> tuple[Face, ...]:
    return tuple(sorted(faces, key=repr))


def start(s: State, players: int, knows: Any) -> Piles:
    """The piles of a game's set-up: for each player, the cards of each zone they do not
    know (``knows(player, id)``), with their faces."""
    zones: dict[tuple[int | None, str], list[int]] = {}
    for eid, e in s.entities_.items():
        if e.zone is not None:
            zones.setdefault((e.owner, e.zone), []).append(eid)
    out: Piles = {}
    for p in range(players):
        mine = []
        for key in sorted(zones, key=repr):
            ids = [eid for eid in zones[key] if not knows(p, eid)]
            if ids:
                mine.append((frozenset(ids), _sorted(face(s.entities_[i]) for i in ids)))
        if mine:
            out[p] = tuple(mine)
    return ReadOnlyDict(out)


def learned(s: State, piles: Piles, eid: int, players: Iterable[int]) -> Piles:
    """``piles`` once ``players`` learn card ``eid`` (with the face it shows now); the same
    object when no pile of theirs holds it."""
    index = places(piles)
    where = index.get(eid, ())
    hit = {p: n for p, n in where if p in players}
    if not hit:
        return piles
    out = dict(piles)
    shown = face(s.entities_[eid])
    kept = True
    for p, n in hit.items():
        mine = list(out[p])
        ids, faces = mine[n]
        ids = ids - {eid}
        if shown in faces:
            i = faces.index(shown)
            faces = faces[:i] + faces[i + 1:]
        if not faces or len(faces) > len(ids):
            del mine[n]  # nothing left to know, or it no longer fits: dropped
            kept = False
        else:
            mine[n] = (ids, faces)
        _set(out, p, mine)
    done = ReadOnlyDict(out)
    if kept:  # every pile kept its number: the index but for this card stays true
        index = dict(index)
        rest = tuple(x for x in where if x[0] not in hit)
        if rest:
            index[eid] = rest
        else:
            del index[eid]
        _LAST[0], _LAST[1] = done, index
    return done


def dropped(piles: Piles, eid: int) -> Piles:
    """``piles`` once card ``eid`` left the game: a pile that held it is dropped (the card
    took one of its faces, or not: no one knows)."""
    where = places(piles).get(eid)
    if not where:
        return piles
    out = dict(piles)
    for p, n in where:
        _set(out, p, [pile for i, pile in enumerate(piles[p]) if i != n])
    return ReadOnlyDict(out)


def traded(piles: Piles, a: int, b: int) -> Piles:
    """``piles`` with cards ``a`` and ``b`` trading places (a draw dealt one the other's
    face); the same object when they are in the same piles."""
    index = places(piles)
    if index.get(a, ()) == index.get(b, ()):
        return piles

    def swap(ids: frozenset[int]) -> frozenset[int]:
        if (a in ids) == (b in ids):
            return ids
        return ids - {a} | {b} if a in ids else ids - {b} | {a}
    return ReadOnlyDict({p: tuple((swap(ids), faces) for ids, faces in mine)
                         for p, mine in piles.items()})


def shuffled(s: State, piles: Piles, ids: tuple[int, ...], players: int,
             knew: Any) -> Piles:
    """``piles`` once the cards ``ids`` are shuffled (called before their faces move): for
    each player, one pile of these cards with the faces they knew among them
    (``knew(player, id)``), merged with each pile of theirs that held one of them."""
    zone = frozenset(ids)
    out = dict(piles)
    for p in range(players):
        mine = out.get(p, ())
        touched = [pile for pile in mine if pile[0] & zone]
        kept = [pile for pile in mine if not pile[0] & zone]
        faces = [face(s.entities_[eid]) for eid in ids if knew(p, eid)]
        together = set(zone)
        for pile_ids, pile_faces in touched:
            together |= pile_ids
            faces.extend(pile_faces)
        if faces:
            kept.append((frozenset(together), _sorted(faces)))
        _set(out, p, kept)
    return ReadOnlyDict(out)


def own(piles: Piles, viewer: int) -> Piles:
    """The piles a view of ``viewer`` keeps: its own."""
    mine = piles.get(viewer)
    return {viewer: mine} if mine else {}


def member(piles: Piles, eid: int) -> tuple[tuple[int, tuple[Face, ...]], ...]:
    """What the piles say of card ``eid``: for each player with a pile holding it, that
    pile's faces (cards that differ here are not interchangeable)."""
    if not piles:
        return ()
    return tuple((p, faces) for p, mine in sorted(piles.items())
                 for ids, faces in mine if eid in ids)


_LAST: list[Any] = [None, {}]
"""The piles ``places`` indexed last, and their index (held, so the object stays the one
meant: the piles pass unchanged from one state to the next until a pile changes)."""


def places(piles: Piles) -> dict[int, tuple[tuple[int, int], ...]]:
    """For each card in some pile, the ``(player, pile number)`` of each pile holding it."""
    if _LAST[0] is piles:
        found: dict[int, tuple[tuple[int, int], ...]] = _LAST[1]
        return found
    out: dict[int, tuple[tuple[int, int], ...]] = {}
    for p, mine in sorted(piles.items()):
        for n, (ids, _) in enumerate(mine):
            for eid in ids:
                out[eid] = (*out.get(eid, ()), (p, n))
    _LAST[0], _LAST[1] = piles, out
    return out


def renamed(piles: Piles, ren: dict[int, int]) -> Piles:
    """``piles`` with card ids renamed by ``ren`` (others kept)."""
    return {p: tuple((frozenset(ren.get(i, i) for i in ids), faces) for ids, faces in mine)
            for p, mine in piles.items()}


def deal_order(mine: tuple[Pile, ...], masked: list[int], pool: list[Face],
               faces_of: Any, rng: Rng) -> list[Face] | None:
    """A deal of ``pool`` over ``masked`` (one face per card, in order) in which each pile of
    the viewer's (``mine``) gets its faces among its cards, the rest dealt uniformly over
    the other places; ``None`` when the piles do not fit the pool (a pile gone stale: the
    caller deals without it). ``faces_of(id)`` is the face a card shows in the view (for
    an id of a pile the view does not mask)."""
    left = Counter(pool)
    at = {eid: i for i, eid in enumerate(masked)}
    plan: list[tuple[list[int], list[Face]]] = []
    for ids, faces in mine:
        need = Counter(faces)
        for eid in ids:  # a card of the pile the viewer sees after all: its face is spent
            if eid not in at:
                need[faces_of(eid)] -= 1
        need = +need
        spots = sorted(at[eid] for eid in ids if eid in at)
        if sum(need.values()) > len(spots) or need - left:
            return None
        left -= need
        plan.append((spots, list(need.elements())))
    rest = list(left.elements())
    rest.sort(key=repr)
    rng.shuffle(rest)
    out: list[Face | None] = [None] * len(masked)
    for spots, given in plan:
        here = given + [rest.pop() for _ in range(len(spots) - len(given))]
        rng.shuffle(here)
        for spot, f in zip(spots, here, strict=True):
            out[spot] = f
    return [rest.pop() if slot is None else slot for slot in out]


def piles_doc(piles: Piles) -> list[Any]:
    """The JSON-ready form of the piles (``knowledge.cards_doc``)."""
    return [[p, [[sorted(ids), [[t, [[k, v] for k, v in params], [list(st) for st in sts]]
                                for t, params, sts in faces]] for ids, faces in mine]]
            for p, mine in sorted(piles.items())]


def read_piles(doc: Any, number: Any, status: Any) -> Piles:
    """The piles ``piles_doc`` wrote."""
    out: Piles = {}
    for p, mine in doc:
        out[number(p)] = tuple(
            (frozenset(number(i) for i in ids),
             tuple((str(t), tuple((str(k), v) for k, v in params),
                    tuple(status(*st) for st in sts)) for t, params, sts in faces))
            for ids, faces in mine)
    return out


def _set(out: Piles, p: int, mine: list[Pile]) -> None:
    if mine:
        out[p] = tuple(mine)
    else:
        out.pop(p, None)


__all__ = ["Face", "Pile", "Piles", "deal_order", "dropped", "face", "learned", "member",
           "own", "piles_doc", "places", "read_piles", "renamed", "shuffled", "start", "traded"]
