"""Views (what one player may see) and determinization (a full state consistent with a view).

A view withholds:

- which of its owner's hidden zones an unseen card is in, and in what order:
  the card stays in the view (its owner's card list is public) but its zone
  reads ``"?"`` and the zones it could be in show only their sizes
  (``HIDDEN`` placeholders);
- entities the game's visibility rule hides from the viewer;
- the random generator's state, so no one can read the future dice;
- other players' options, and the dice of earlier actions.

``determinize`` deals each owner's unseen cards back into that owner's hidden
zones at random, which gives a full state consistent with everything the
viewer knows.
"""

from __future__ import annotations

from .actions import Action
from .rng import Rng, seed_state
from .runtime import Resolver
from .stacks import take
from .state import CHANCE, Decision, LogNode, Record, State

_REDACTED = Action("roll", None, (("value", None),))
"""What a view shows of a chance outcome in the log."""

HIDDEN = -1
"""The id shown in a view's zone for a card the viewer cannot see."""
UNSEEN = "?"
"""The zone a view gives a card whose place the viewer cannot see."""


def _hidden_zones(s: State, viewer: int) -> list[tuple[int, str]]:
    return [(p, z.name) for z in s.game.zones for p in range(len(s.players))
            if z.visibility == "hidden" or (z.visibility == "owner" and p != viewer)]


def make_view(state: State, viewer: int) -> State:
    """The view of ``state`` for ``viewer``."""
    g = state.game
    v = state._begin()
    v.viewer = viewer
    v.rng = 0
    for p, zone in _hidden_zones(state, viewer):
        ids = state.players[p].zones[zone]
        if not ids:
            continue
        for eid in ids:
            v._w_entity(eid).zone = UNSEEN
        v._w_player(p).zones[zone] = (HIDDEN,) * len(ids)
    if g.visibility is not None:
        for eid in sorted(v.entities):
            e = v.entities[eid]
            if e.zone is None and not g.visibility(state, viewer, e):
                del v._w_entities()[eid]
                if e.pos is not None:  # off its square (and its stack, if any)
                    take(v, e.pos, eid)
    d = state.decision
    if d is not None and d.player != viewer:
        v.decision = Decision(d.kind, d.player, (), d.prompt, d.actor, None)
    else:
        v.decision = d
    log: LogNode = None
    for rec in state.history:
        action = _REDACTED if rec.player == CHANCE else rec.action
        log = (log, Record(rec.player, action, (), rec.events))
    v.log = log
    return v._end()


def determinize(view: State, seed: int) -> State:
    """A full state consistent with ``view``: unseen cards dealt at random by ``seed``."""
    rng = Rng(seed)
    s = view._begin()
    s.viewer = None
    s.rng = seed_state(rng.fork())
    viewer = view.viewer if view.viewer is not None else 0
    for p in range(len(view.players)):
        pool = [e.id for e in view.iter_entities(owner=p) if e.zone == UNSEEN]
        for i in range(len(pool) - 1, 0, -1):  # Fisher–Yates with our own generator
            j = rng.below(i + 1)
            pool[i], pool[j] = pool[j], pool[i]
        for owner, zone in _hidden_zones(view, viewer):
            if owner != p:
                continue
            n = len(view.players[p].zones[zone])
            if n > len(pool):
                raise ValueError(f"view is inconsistent: {n} unseen cards in zone {zone} of "
                                 f"player {p}, {len(pool)} left to deal")
            dealt, pool = pool[:n], pool[n:]
            for eid in dealt:
                s._w_entity(eid).zone = zone
            s._w_player(p).zones[zone] = tuple(dealt)
    d = view.decision
    s.decision = d
    if d is not None and not d.actions:
        # The view withheld another player's options: resume resolution, which asks
        # the same question again of the full state (the top frame, or the flow).
        s.decision = None
        Resolver(s).run()
    return s._end()
