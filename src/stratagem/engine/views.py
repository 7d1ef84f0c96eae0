"""Views (what one player may see) and determinization (a full state consistent with a view).

A view withholds:

- which of its owner's hidden zones an unseen card is in, and in what order:
  the card stays in the view (its owner's card list is public) but its zone
  reads ``"?"`` and the zones it could be in show only their sizes
  (``HIDDEN`` placeholders);
- entities the game's fog of war hides from the viewer (``engine.fog``), the other
  players' memories of what they saw, the other players' moves in the log, and the
  bookkeeping that would name or count the hidden units (``engine.fog_views``: the
  other player's deciding unit, the turn order, their counters, the stack, ``next_id``);
- the private parameters of what other players own (``engine.private_views``);
- the random generator's state, so no one can read the future dice;
- other players' options, and the dice of earlier actions.

``determinize`` deals each owner's unseen cards back into that owner's hidden
zones at random, and puts the entities the fog hides back where the viewer could
believe them to be (``Fog.fill``), which gives a full state consistent with
everything the viewer knows; it imagines the private parameters the view withheld.

A game with table zones tracks what each player knows of each card instead
(``engine.knowledge``): its views keep every card in its place and withhold the
faces of the cards the viewer does not know, and ``determinize`` deals those
faces back together, whichever zones they are in.
"""

from __future__ import annotations

from .actions import Action, Ref, Value
from .card_views import deal, mask
from .fog import UNSEEN_MOVE
from .fog_views import mask_bookkeeping, refill_order
from .knowledge import MASKED, is_tracked
from .private_views import guess_private, mask_private
from .rng import Rng, seed_state
from .runtime import Resolver
from .state import CHANCE, Decision, LogNode, Record, State
from .strategy import held_records

_REDACTED = Action("roll", None, (("value", None),))
"""What a view shows of a chance outcome in the log."""

HIDDEN = -1
"""The id shown in a view's zone for a card the viewer cannot see."""
UNSEEN = "?"
"""The zone a view gives a card whose place the viewer cannot see."""


def _hidden_zones(s: State, viewer: int) -> list[tuple[int, str]]:
    return [(p, z.name) for z in s.game.zones for p in range(len(s.players))
            if z.visibility == "hidden" or (z.visibility == "owner" and p != viewer)
            or (z.visibility == "players" and viewer not in z.seen_by)]


def make_view(state: State, viewer: int) -> State:
    """The view of ``state`` for ``viewer``."""
    g = state.game
    v = state._begin()
    v.viewer = viewer
    v.rng = 0
    if is_tracked(g):
        mask(state, v, viewer)
    for p, zone in () if is_tracked(g) else _hidden_zones(state, viewer):
        ids = state.players[p].zones_[zone]
        if not ids:
            continue
        for eid in ids:
            v._w_entity(eid).zone = UNSEEN
        v._w_player(p).zones_[zone] = (HIDDEN,) * len(ids)
    fog = g.fog
    if fog is not None:  # entities out of sight, other players' memories (engine.fog)
        fog.hide(state, v, viewer)
        for eid in [e for e in state.entities_ if e not in v.entities_]:
            for key in held_records(v, eid):  # its buffs, tasks and items: unseen too
                del v._w_counters()[key]
    if g.private_params or g.private_player_params:  # (engine.private_views)
        mask_private(state, v, viewer)
    if g.repetition is not None and g.info.hidden:
        # a position's digest covers what the viewer cannot see: one could be matched
        # against the positions a player can imagine; the counts are withheld
        for key in [k for k in v.counters_ if k.startswith("rep:")]:
            del v._w_counters()[key]
    d = state.decision
    if d is not None and d.player != viewer:
        v.decision = Decision(d.kind, d.player, (), d.prompt, d.actor, None)
    else:
        v.decision = d
    if fog is not None:  # the decision, turn order, counters, stack and next id (fog_views)
        mask_bookkeeping(fog, state, v, viewer)
    log: LogNode = None
    told = _Told(v) if g.zones or g.private_targets else None
    for rec in state.history:
        action = _REDACTED if rec.player == CHANCE else rec.action
        if fog is not None and rec.player != viewer:  # fog: others' moves may name the unseen
            log = (log, Record(rec.player, UNSEEN_MOVE if rec.player != CHANCE else action))
            continue
        if told is not None and rec.player not in (viewer, CHANCE):
            log = (log, told.record(rec))
            continue
        log = (log, Record(rec.player, action, (), rec.events))
    v.log = log
    return v._end()


class _Told:
    """What a view's log says of another player's move: neither a target its action keeps
    private (``Game.private_targets``) nor a card the viewer cannot see now (in a zone it
    does not see, or with a face it does not know), in the action or in its events. A card
    laid face down from a hidden hand is then "bid card=-": the ids of a player's cards are
    public (the set-up places them), so naming the card would name its face."""

    def __init__(self, view: State) -> None:
        self.view = view
        self.private = view.game.private_targets

    def unseen(self, value: Value) -> bool:
        if isinstance(value, tuple):
            return any(self.unseen(x) for x in value)
        if type(value) is not Ref:
            return False
        e = self.view.entities_.get(value)
        return e is not None and e.zone is not None and (e.zone == UNSEEN or e.type == MASKED)

    def record(self, rec: Record) -> Record:
        action = rec.action
        keep = self.private.get(action.type, frozenset())
        targets = tuple((name, None if name in keep or self.unseen(value) else value)
                        for name, value in action.targets)
        events = tuple((name, tuple((key, None if (name == action.type and key in keep)
                                     or self.unseen(value) else value)
                                    for key, value in fields))
                       for name, fields in rec.events)
        if targets != action.targets:
            action = action._replace(targets=targets)
        return Record(rec.player, action, (), events)


def told_record(view: State, rec: Record) -> Record:
    """What ``view``'s player may know of another player's move ``rec``: its action and
    events with each private target, and each card that player cannot see, as none
    (``_Told``); its rolls and turns as they were. The people's account of a game (the
    terminal, the web page) tells a move from it, as the view's log does."""
    told = _Told(view).record(rec)
    return rec._replace(action=told.action, events=told.events)


def determinize(view: State, seed: int) -> State:
    """A full state consistent with ``view``: unseen cards dealt at random by ``seed``."""
    rng = Rng(seed)
    s = view._begin()
    s.viewer = None
    s.rng = seed_state(rng.fork())
    viewer = view.viewer if view.viewer is not None else 0
    if is_tracked(view.game):
        deal(view, s, rng)
    for p in () if is_tracked(view.game) else range(len(view.players)):
        ents = view.entities_  # (the engine's own: the public reader would seal them)
        pool = [eid for eid in sorted(ents) if ents[eid].owner == p and ents[eid].zone == UNSEEN]
        rng.shuffle(pool)
        for owner, zone in _hidden_zones(view, viewer):
            if owner != p:
                continue
            n = len(view.players[p].zones_[zone])
            if n > len(pool):
                raise ValueError(f"view is inconsistent: {n} unseen cards in zone {zone} of "
                                 f"player {p}, {len(pool)} left to deal")
            dealt, pool = pool[:n], pool[n:]
            for eid in dealt:
                s._w_entity(eid).zone = zone
            s._w_player(p).zones_[zone] = tuple(dealt)
    if view.game.private_params or view.game.private_player_params:
        guess_private(view, s, rng)
    fog = view.game.fog
    if fog is not None:  # the entities the viewer does not see, put back believably
        fog.fill(view, s, rng)
        refill_order(view, s)
    d = view.decision
    s.decision = d
    if d is not None and not d.actions:
        # The view withheld another player's options: resume resolution, which asks
        # the same question again of the full state (the top frame, or the flow).
        s.decision = None
        Resolver(s).run()
    return s._end()
