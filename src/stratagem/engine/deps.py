"""What an action type's options read, and what changed between two states.

The option generator keeps each actor's options with the state (``options.OptionMemo``)
and works an actor's out again only when something they read has changed. Two pieces
make that decision:

- ``Reads``: what one action type's options of one actor read: its own actor (any
  part of it), any entity's positions, existence, statuses or named parameters, the
  players' parameters by name, the tiles, the flow's round, turn and phase, the
  counters, the memory, the cards. The rules compiler works it out from the text of
  each condition and target list (``rules.reads``); ``EVERYTHING`` where it cannot
  tell, which is always correct.
- ``Changes``: what differs between the state the memo was made for and the state
  in hand. A state shares every container it did not write with its parent (copy on
  write, ``State._begin``), so what is the same object is unchanged, and only the
  objects that differ are compared.

An entry is kept when the changes miss everything its type reads (``stale_type``) and,
for a type that reads its actor, when its actor is not among the changed entities.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from .state import Entity, PlayerState

    class Parts(Protocol):
        """The parts of a state that options may read (a ``State``, or the copy of its
        containers an option memo keeps)."""

        entities_: dict[int, Entity]
        players: tuple[PlayerState, ...]
        tiles: tuple[str, ...]
        flow: Any
        counters_: dict[str, Any]
        memory_: dict[str, Any]
        cards: Any
        stacks_: dict[Any, Any]

_NONE: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Reads:
    """What the options of one action type, for one actor (or player), read of a state.

    ``actor``: any part of the acting entity. ``pos``, ``exist``, ``status``: any
    entity's position (and who stands where), which entities there are (and their owner,
    type and zone), any entity's statuses; ``params``: the named parameters of any
    entity (``all_params``: every one). ``player_params``: the named parameters of any
    player (``all_players``: every part of every player: parameters, zones, standing);
    ``zones``: the players' zones and standing (who is still in the game).
    ``tiles``, ``flow`` (round, turn, phase), ``counters``, ``memory``, ``cards``
    (table zones and card knowledge), ``stacks``: those parts of the state.
    ``everything``: it could read anything, so it is worked out again at every step.
    """

    everything: bool = False
    actor: bool = False
    pos: bool = False
    exist: bool = False
    status: bool = False
    params: frozenset[str] = _NONE
    all_params: bool = False
    player_params: frozenset[str] = _NONE
    all_players: bool = False
    zones: bool = False
    tiles: bool = False
    flow: bool = False
    counters: bool = False
    memory: bool = False
    cards: bool = False
    stacks: bool = False

    def __or__(self, other: Reads) -> Reads:
        if self.everything or other.everything:
            return EVERYTHING
        return Reads(
            False, self.actor or other.actor, self.pos or other.pos,
            self.exist or other.exist, self.status or other.status,
            self.params | other.params, self.all_params or other.all_params,
            self.player_params | other.player_params, self.all_players or other.all_players,
            self.zones or other.zones,
            self.tiles or other.tiles, self.flow or other.flow,
            self.counters or other.counters, self.memory or other.memory,
            self.cards or other.cards, self.stacks or other.stacks)


@dataclass(frozen=True)
class Reach:
    """How far from its actor what one actor's targets of an action type read of the
    entities goes (``ActionType.reach``), on a square board.

    ``kind`` ``"near"``: an entity target kept only within a distance of the actor
    (``TargetSpec.near``), whose list and conditions read nothing else of the entities
    than the actor and the candidate itself; the radius is that distance, in the board's
    metric. ``"walk"``: a
    position target listed by ``reachable(actor, budget, …)`` with no conditions; the
    radius is the budget over the cheapest tile's cost, plus ``margin`` (one where an
    entity next to the last step may stop the walk: ``stop_near``), in Manhattan
    distance for a walk of straight steps without a margin, else in Chebyshev distance.
    A change to an entity standing farther than the radius (before and after it) cannot
    alter such targets.
    ``rest``: what the targets read apart from the entities (the tiles, the players'
    parameters…), compared as ``Reads`` are. ``budget``: the walk's budget (``"walk"``).
    """

    kind: str
    rest: Reads
    budget: Any = None
    margin: int = 0
    steps: str = "any"
    """For a walk: ``"straight"`` (no diagonal steps: within the radius in Manhattan
    distance), ``"board"`` (as the board's ``neighbours`` say) or ``"any"``."""
    owners: str | None = None
    """For ``"near"``: ``"enemy"`` or ``"ally"`` when the list holds only the deciding
    player's enemies (or allies); then a change to an entity that was and stays on the
    other side of that line cannot alter the targets."""


GONE = object()
"""The owner of an entity that did not exist (before it appeared, after it left)."""
NOTHING = Reads()
"""Reads nothing of a state (a constant list of targets, say)."""
EVERYTHING = Reads(everything=True)
"""Could read anything: options worked out again at every step."""


class Changes:
    """What differs between two states of one game: ``old`` (the one a memo of options
    was made for) and ``new``.

    ``entities``: the ids of the entities that changed in any way (appeared and left
    included); the other attributes say which kinds of change were seen on any of them,
    and on the other parts of the state.
    """

    __slots__ = ("cards", "counters", "entities", "exist", "flow", "memory", "params",
                 "player_params", "pos", "sides", "spots", "stacks", "status", "tiles",
                 "unplaced", "zones")

    def __init__(self, old: Parts, new: Parts) -> None:
        self.entities: set[int] = set()
        self.spots: list[tuple[int, int]] = []
        """Where the changed entities stood, before and after (for ``Reach``)."""
        self.sides: list[tuple[Any, Any]] = []
        """For each of ``spots``, the owner of the entity standing there before and
        after its change (``GONE`` where it did not exist)."""
        self.unplaced = False
        """Whether a changed entity was off the board before or after."""
        self.pos = self.exist = self.status = False
        self.params: set[str] = set()
        if old.entities_ is not new.entities_:
            self._entities(old, new)
        self.player_params: set[str] = set()
        self.zones = False
        if old.players is not new.players:
            self._players(old, new)
        self.tiles = old.tiles is not new.tiles and old.tiles != new.tiles
        of, nf = old.flow, new.flow
        self.flow = of is not nf and (of.round != nf.round or of.turn != nf.turn
                                      or of.phase != nf.phase)
        self.counters = old.counters_ is not new.counters_
        self.memory = old.memory_ is not new.memory_
        self.cards = old.cards is not new.cards
        self.stacks = old.stacks_ is not new.stacks_

    def _entities(self, old: Parts, new: Parts) -> None:
        was = old.entities_
        changed = self.entities
        params = self.params
        appeared = 0
        spots = self.spots
        sides = self.sides
        now = new.entities_
        get = was.get
        for eid in [i for i, e in now.items() if get(i) is not e]:  # most are shared
            e = now[eid]
            o = get(eid)
            changed.add(eid)
            side = (GONE if o is None else o.owner, e.owner)
            if e.pos is None:
                self.unplaced = True
            else:
                spots.append(e.pos)
                sides.append(side)
            if o is None:
                appeared += 1
                self.exist = self.pos = True
                continue
            if o.pos is None:
                self.unplaced = True
            elif o.pos != e.pos:
                spots.append(o.pos)
                sides.append(side)
            if o.pos != e.pos:
                self.pos = True
            if o.owner != e.owner or o.type != e.type or o.zone != e.zone:
                self.exist = True
            if o.statuses != e.statuses:
                self.status = True
            op, ep = o.params_, e.params_
            if op is not ep and op != ep:  # (a copy made to move it: the same values)
                for k, v in ep.items():
                    if k not in op or op[k] != v:
                        params.add(k)
                dropped = op.keys() - ep.keys()
                if dropped:
                    params.update(dropped)
        if len(was) + appeared != len(new.entities_):  # some left the game
            gone = [eid for eid in was if eid not in new.entities_]
            changed.update(gone)
            for eid in gone:
                p = was[eid].pos
                if p is None:
                    self.unplaced = True
                else:
                    spots.append(p)
                    sides.append((was[eid].owner, GONE))
            self.exist = self.pos = True

    def far_from(self, x: int, y: int, radius: float, metric: str = "chebyshev") -> bool:
        """Whether every changed entity stood farther than ``radius`` from ``(x, y)``,
        before and after its change, in a square board's ``metric`` ("chebyshev",
        "manhattan", or any other name for Euclidean, with a hair's margin so that a
        distance computed another way cannot fall on the other side of the bound)."""
        if self.unplaced:
            return False
        for px, py in self.spots:
            dx = px - x
            dy = py - y
            if dx < 0:
                dx = -dx
            if dy < 0:
                dy = -dy
            if metric == "chebyshev":
                if dx <= radius and dy <= radius:
                    return False
            elif metric == "manhattan":
                if dx + dy <= radius:
                    return False
            elif dx * dx + dy * dy <= radius * radius + 1e-6:
                return False
        return True

    def _players(self, old: Parts, new: Parts) -> None:
        names = self.player_params
        for o, p in zip(old.players, new.players, strict=True):
            if o is p:
                continue
            if o.zones_ != p.zones_ or o.alive != p.alive:
                self.zones = True
            op, pp = o.params_, p.params_
            if op is not pp:
                for k, v in pp.items():
                    if k not in op or op[k] != v:
                        names.add(k)
                names.update(k for k in op if k not in pp)

    def stale_type(self, r: Reads) -> bool:
        """Whether the changes may alter what ``r`` reads, for every actor alike (what
        only the actor's own changes alter is ``stale_actor``)."""
        if r.everything:
            return True
        if self.entities and ((r.pos and self.pos) or (r.exist and self.exist)
                              or (r.status and self.status)
                              or (r.all_params and self.params)
                              or (r.params and not r.params.isdisjoint(self.params))):
            return True
        if (r.zones and self.zones) or (r.all_players and (self.zones or self.player_params)) \
                or (r.player_params and not r.player_params.isdisjoint(self.player_params)):
            return True
        return ((r.tiles and self.tiles) or (r.flow and self.flow)
                or (r.counters and self.counters) or (r.memory and self.memory)
                or (r.cards and self.cards) or (r.stacks and self.stacks))


__all__ = ["EVERYTHING", "NOTHING", "Changes", "Reach", "Reads"]
