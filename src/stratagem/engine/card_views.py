"""A player's view of tracked cards, and the deals that fill it back in.

``mask`` withholds from a view the face of every card its viewer does not know
(``engine.knowledge``): the card keeps its id and its place, its type reads ``"?"``, and
the faces withheld go, sorted, to the view's ``Cards.pool``; the view keeps the viewer's
own piles (``engine.piles``), what it knows of piles of cards without their order.
``deal`` gives the withheld faces back to the masked cards for ``determinize``, uniformly
among the deals in which each of the viewer's piles holds its faces and no card is a type
everyone knows it is not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import piles as _piles
from .knowledge import MASKED, Cards, knows
from .piles import Face, face

if TYPE_CHECKING:
    from .rng import Rng
    from .state import State

DEAL_TRIES = 10_000
"""Shuffles ``deal`` tries before it looks for why no deal agrees with the view."""


def mask(state: State, v: State, viewer: int) -> None:
    """Withhold from the view ``v`` (a transaction begun on ``state``) the face of every
    tracked card ``viewer`` does not know; the faces go, sorted, to ``v.cards.pool``, and
    only the viewer's piles stay."""
    withheld: list[Face] = []
    for eid in sorted(state.cards.known):
        e = state.entities_.get(eid)
        if e is None or e.zone is None or knows(state, viewer, eid):
            continue
        withheld.append(face(e))
        w = v._w_entity(eid)
        w.type = MASKED
        w.params_ = {}
        w.statuses = ()
        w.pos = None
    withheld.sort(key=repr)
    c = state.cards
    v.cards = Cards(c.table, _known_to(state, viewer), c.ruled_out, tuple(withheld),
                    _piles.own(c.piles, viewer))


def _known_to(state: State, viewer: int) -> dict[int, frozenset[int]]:
    """Who knows each card, as ``viewer`` may know it: the viewer alone, where it knows the
    card. Never another player's knowledge: which card another was shown would tell what
    was shown (a detective's notes), and even "every player knows it" tells the viewer
    that the others were shown it. Who sees a zone is read from the zone itself
    (``knowledge.knows``); a world dealt from the view imagines the others knowing what
    their zones show them. Every tracked card keeps its entry, so that none reads as known
    to all (``knows`` of a card with no entry)."""
    mine = frozenset((viewer,))
    none: frozenset[int] = frozenset()
    return {eid: mine if viewer in who else none
            for eid, who in state.cards.known.items()}


def deal(view: State, s: State, rng: Rng) -> None:
    """Deal the faces ``view`` withholds back over its masked cards, into ``s`` (a
    transaction begun on the view): uniformly among the deals in which each pile of the
    viewer's holds its faces (a pile that no longer fits the faces withheld is let go) and
    no card is a type it is known not to be. ``ValueError`` when none is (or none turns up
    in ``DEAL_TRIES`` shuffles)."""
    masked = sorted(eid for eid, e in view.entities_.items() if e.type == MASKED)
    pool = list(view.cards.pool)
    s.cards = view.cards.with_pool(())
    if not masked and not pool:
        return
    if len(pool) != len(masked):
        raise ValueError(f"view is inconsistent: {len(masked)} cards are hidden but "
                         f"{len(pool)} faces are left to deal")
    ruled = view.cards.ruled_out
    bans = [ruled.get(eid, frozenset()) for eid in masked]
    mine = view.cards.piles.get(view.viewer if view.viewer is not None else 0)
    ents = view.entities_
    for attempt in range(DEAL_TRIES):
        if attempt == DEAL_TRIES // 2:
            mine = None  # the piles and the bans do not meet: the bans alone
        dealt = None if not mine else _piles.deal_order(
            mine, masked, pool, lambda eid: face(ents[eid]), rng)
        if dealt is None:
            mine = None  # no pile to keep (or one gone stale): any deal of the faces
            rng.shuffle(pool)
            dealt = pool
        if all(f[0] not in ban for f, ban in zip(dealt, bans, strict=True)):
            break
    else:
        if not _can_deal(pool, bans):
            raise ValueError("view is inconsistent: no deal of the hidden cards agrees with "
                             "what is known (" + ", ".join(
                                 f"#{eid} is not {' or '.join(sorted(ruled[eid]))}"
                                 for eid in masked if eid in ruled) + ")")
        raise ValueError(f"no deal of the hidden cards agreeing with what is known turned up "
                         f"in {DEAL_TRIES} shuffles")
    for eid, (type, params, statuses) in zip(masked, dealt, strict=True):
        e = s._w_entity(eid)
        e.type = type
        e.params_ = dict(params)
        e.statuses = statuses


def _can_deal(pool: list[Face], bans: list[frozenset[str]]) -> bool:
    """Whether some deal gives every card a face it is not banned from (a matching)."""
    match: dict[int, int] = {}  # face index -> card index

    def augment(card: int, seen: set[int]) -> bool:
        for f, fc in enumerate(pool):
            if fc[0] in bans[card] or f in seen:
                continue
            seen.add(f)
            if f not in match or augment(match[f], seen):
                match[f] = card
                return True
        return False

    return all(augment(card, set()) for card in range(len(bans)))


__all__ = ["DEAL_TRIES", "deal", "mask"]
