"""Fog of war: what each side sees of the board, what it remembers, and believable worlds.

A ``Fog`` (a game's ``fog``, from the rules' ``visibility:`` section or built in Python)
says how far each entity sees: a number or a parameter per entity type, through
``geometry.line_of_sight`` (tiles whose type ``blocks_sight`` stop it). A player sees
with every entity of its side — its own, and its team-mates' when the game has teams —
and always sees its side's entities, cards (zones have their own rules) and the entity
types the game marks ``always_seen`` (landmarks).

What a player has seen is part of the state, kept per player in ``state.counters``
under ``fog:`` keys (so it is compared, copied and serialized with the state, and a
save without them loads with empty memories):

- ``fog:seen:P``: the last-seen record, one ``(id, type, owner, pos, round, params)``
  per entity of another side P has seen and does not know to be gone — where and what
  it was when last seen (its private parameters at their defaults), and in which round;
- ``fog:gone:P``: the ids of such entities P saw leave the game (killed in sight);
- ``fog:explored:P``: the cells P has ever seen, as a bit mask (bit ``y * width + x``);
- ``fog:tiles:P``: the tiles P last saw changed from the map, as ``(cell, tile)`` pairs
  (the map itself is known to all; only changes made by effects are remembered).

``remember`` brings the memories up to date after every resolved action (the resolver
calls it; only games with a fog pay for it); ``saw_removed`` notes, as an entity is
taken off the board, who saw it go.

The view (``hide``) withholds the entities the viewer does not see now, the other
players' memories and the other players' moves in the log. ``fill`` (determinize) puts
the unseen entities back where the viewer could believe them to be:

- one last seen stays on the square where it was last seen when that square is free and
  out of the viewer's sight; else it is put on the nearest free square out of sight
  (ties drawn at random) — it moved as little as the view allows. Its parameters are
  those it had when last seen;
- one never seen (an entity of the game's set-up the viewer has no record of) stands on
  its starting square when that square is free and out of sight, else on a free square
  out of sight drawn at random, with its starting parameters.

Options: a player is offered only the entities its side sees as entity targets, and
(``sighted_moves``, the default) other targets — where to move — are worked out on the
board as its side sees it (``sighted``), so options never tell where a hidden unit is.

A view shows each square the viewer does not see now as it last saw it (or as the map
has it); ``engine.fog_views`` masks the bookkeeping that would name or count unseen
units (the other player's deciding unit, the turn order, counters, the stack, ids).
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from functools import partial
from typing import TYPE_CHECKING, Any

from . import geometry as geo
from .actions import Action, Pos
from .fog_targets import hide_targets
from .private_views import seen_params
from .stacks import take
from .state import Entity, State

if TYPE_CHECKING:
    from .rng import Rng
    from .spec import ActionType

SEEN, GONE, EXPLORED, TILES = "fog:seen:", "fog:gone:", "fog:explored:", "fog:tiles:"
"""The prefixes of a player's memories in ``state.counters`` (followed by its number)."""
UNSEEN_MOVE = Action("unseen")
"""What a view of a fog game shows in the log for another player's move."""

Record = tuple[int, str, int | None, Pos, int, tuple[tuple[str, Any], ...]]
"""A last-seen record: id, type, owner, position, round, parameters."""

_AREA_CACHE = 4096
"""Sight areas a fog keeps (by square, range and tiles) before it starts afresh."""


class Fog:
    """How far each entity sees, who shares sight, and what is always in view.

    ``sight`` maps entity types to a range (a number, or the name of a parameter of the
    entity); ``default`` is the range of the types not named (0: an entity sees only its
    own square). ``teams`` are groups of players (seat numbers) who share their sight;
    ``always_seen`` entity types are never hidden. ``predicate`` (a Python function
    ``(state, player, entity) -> bool``) replaces the rule of sight altogether, for games
    built in Python; such a fog records entities but explores no squares.
    """

    def __init__(self, sight: dict[str, float | str] | None = None, *,
                 default: float | str = 0, teams: Iterable[Iterable[int]] = (),
                 always_seen: Iterable[str] = (),
                 predicate: Callable[[State, int, Entity], bool] | None = None,
                 sighted_moves: bool = True) -> None:
        self.sight = dict(sight or {})
        self.default = default
        self.teams = tuple(tuple(t) for t in teams)
        self.always_seen = frozenset(always_seen)
        self.predicate = predicate
        self.sighted_moves = sighted_moves
        """Whether position and value targets (where to move) are worked out against what
        the acting side sees, hidden units left out (``sighted``), and a walk stops
        before a hidden unit in its way; false: against the whole board."""
        self._sighted: tuple[State, int, State] | None = None
        """The last ``sighted`` state made from a published state (a one-entry cache)."""
        self._listing: dict[tuple[int, int], tuple[State, State]] | None = None
        """While a decision's options are listed (``listing``): the ``sighted`` states
        made, by (state, player): the state does not change until the list is done, and
        each target's candidates and conditions ask for the same board."""
        self._areas: dict[Any, tuple[frozenset[Pos], int]] = {}
        """Sight areas by (square, range[, tiles]): a cache the fog fills as games are
        played (the only thing in it that changes)."""

    def __repr__(self) -> str:
        return f"Fog(sight={self.sight}, default={self.default!r}, teams={self.teams})"

    # ------------------------------------------------------------ who sees what
    def side(self, player: int) -> tuple[int, ...]:
        """The players whose entities ``player`` sees with (its team, or itself)."""
        for team in self.teams:
            if player in team:
                return team
        return (player,)

    def range_of(self, e: Entity) -> float:
        """How far an entity sees."""
        v = self.sight.get(e.type, self.default)
        if type(v) is str:
            return e.params_.get(v, 0)  # type: ignore[no-any-return]
        return v  # type: ignore[return-value]

    def area(self, state: State, pos: Pos, reach: float) -> tuple[frozenset[Pos], int]:
        """The squares seen from ``pos`` within ``reach`` (by the board's metric, with line
        of sight), as a set and as a bit mask."""
        board = state.game.board
        key: Any = (pos, reach) if state.tiles is board.tiles else (pos, reach, state.tiles)
        found = self._areas.get(key)
        if found is not None:
            return found
        cells = []
        mask = 0
        width = board.width
        metric = board.metric
        for c in board.cells:
            if c == pos or (geo.distance(pos, c, metric) <= reach
                            and geo.line_of_sight(state, pos, c)):
                cells.append(c)
                mask |= 1 << (c[1] * width + c[0])
        found = (frozenset(cells), mask)
        if len(self._areas) >= _AREA_CACHE:
            self._areas.clear()
        self._areas[key] = found
        return found

    def eyes(self, state: State, player: int) -> list[Entity]:
        """The entities ``player`` sees with: its side's, on the board."""
        side = self.side(player)
        return [e for e in state.entities_.values()
                if e.owner in side and e.pos is not None and e.zone is None]

    def seen_area(self, state: State, player: int) -> tuple[set[Pos], int]:
        """Every square ``player`` sees now, as a set and as a bit mask."""
        cells: set[Pos] = set()
        mask = 0
        if self.predicate is not None:
            return cells, mask
        for e in self.eyes(state, player):
            area, bits = self.area(state, e.pos, self.range_of(e))  # type: ignore[arg-type]
            cells |= area
            mask |= bits
        return cells, mask

    def seen_mask(self, state: State, player: int) -> int:
        """Every square ``player`` sees now, as a bit mask only (bit ``y * width + x``):
        cheaper than ``seen_area`` when only membership is asked."""
        mask = 0
        if self.predicate is not None:
            return mask
        for e in self.eyes(state, player):
            mask |= self.area(state, e.pos, self.range_of(e))[1]  # type: ignore[arg-type]
        return mask

    def is_hidden_kind(self, player: int, e: Entity) -> bool:
        """Whether fog can hide ``e`` from ``player`` at all: a board entity of another
        side, of a type not always seen."""
        return (e.zone is None and e.owner not in self.side(player)
                and e.type not in self.always_seen)

    def sees_entity(self, state: State, player: int, e: Entity) -> bool:
        """Whether ``player`` sees ``e`` now."""
        if not self.is_hidden_kind(player, e):
            return True
        if self.predicate is not None:
            return bool(self.predicate(state, player, e))
        if e.pos is None:
            return False
        return self.sees_pos(state, player, e.pos)

    def sees_pos(self, state: State, player: int, pos: Pos) -> bool:
        """Whether ``player`` sees the square ``pos`` now."""
        if self.predicate is not None:
            return True
        for e in self.eyes(state, player):
            if pos in self.area(state, e.pos, self.range_of(e))[0]:  # type: ignore[arg-type]
                return True
        return False

    def entity_sees(self, state: State, e: Entity, pos: Pos) -> bool:
        """Whether entity ``e`` sees the square ``pos``: in its range and line of sight."""
        if e.pos is None:
            return False
        return pos in self.area(state, e.pos, self.range_of(e))[0]

    # ------------------------------------------------------------------ memory
    def remember(self, s: State) -> None:
        """Bring every player's memory up to date with what it sees in ``s`` (a state
        being written: the resolver's, after an action is resolved)."""
        counters = s.counters_
        rnd = s.flow.round
        ents = s.entities_
        for p in range(len(s.players)):
            cells, mask = self.seen_area(s, p)
            side = self.side(p)
            seen = [e for e in ents.values()
                    if e.zone is None and e.pos is not None and e.owner not in side
                    and e.type not in self.always_seen
                    and (e.pos in cells if self.predicate is None
                         else self.predicate(s, p, e))]
            key = SEEN + str(p)
            old: tuple[Record, ...] = counters.get(key, ())
            if seen:
                records = {r[0]: r for r in old}
                for e in seen:
                    records[int(e.id)] = (int(e.id), e.type, e.owner, Pos(*e.pos), rnd,  # type: ignore[misc]
                                          seen_params(s.game, e, p))
                new = tuple(records[k] for k in sorted(records))
                if new != old:
                    s._w_counters()[key] = new
            if mask:
                key = EXPLORED + str(p)
                known = counters.get(key, 0)
                if known | mask != known:
                    s._w_counters()[key] = known | mask
                key = TILES + str(p)
                if s.tiles is not s.game.board.tiles or key in counters:
                    self._remember_tiles(s, key, cells)

    def _remember_tiles(self, s: State, key: str, cells: set[Pos]) -> None:
        """Note the changed tiles among ``cells`` (seen now), and forget those seen back
        as the map has them."""
        board = s.game.board
        old: tuple[tuple[int, str], ...] = s.counters_.get(key, ())
        known = dict(old)
        for c in cells:
            i = c[1] * board.width + c[0]
            if s.tiles[i] != board.tiles[i]:
                known[i] = s.tiles[i]
            else:
                known.pop(i, None)
        new = tuple(sorted(known.items()))
        if new != old:
            s._w_counters()[key] = new

    def reveal(self, s: State, player: int, e: Entity) -> None:
        """Note in the memories of ``player``'s side, in ``s`` (a state being written), that
        ``e`` was seen where it stands now (a unit a move ran into)."""
        if e.pos is None:
            return
        for p in self.side(player):
            record: Record = (int(e.id), e.type, e.owner, Pos(*e.pos), s.flow.round,
                              seen_params(s.game, e, p))
            key = SEEN + str(p)
            old: tuple[Record, ...] = s.counters_.get(key, ())
            records = {r[0]: r for r in old}
            records[record[0]] = record
            s._w_counters()[key] = tuple(records[k] for k in sorted(records))

    def saw_removed(self, s: State, e: Entity) -> None:
        """Note, for every player who sees ``e`` as it leaves the board, that it is gone."""
        if e.zone is not None or e.pos is None:
            return
        for p in range(len(s.players)):
            if not self.is_hidden_kind(p, e) or not self.sees_entity(s, p, e):
                continue
            counters = s._w_counters()
            key = SEEN + str(p)
            old = counters.get(key, ())
            if any(r[0] == e.id for r in old):
                counters[key] = tuple(r for r in old if r[0] != e.id)
            gone = GONE + str(p)
            counters[gone] = tuple(sorted({*counters.get(gone, ()), int(e.id)}))

    # ------------------------------------------------------------------ views
    def hide(self, state: State, v: State, viewer: int) -> None:
        """Withhold from the view ``v`` (a state being written, made from ``state``) what
        ``viewer`` does not see: entities out of sight, other players' memories and moves."""
        unseen = set()
        for eid in sorted(v.entities_):
            e = v.entities_[eid]
            if not self.sees_entity(state, viewer, e):
                unseen.add(f"@#{eid}")
                del v._w_entities()[eid]
                if e.pos is not None:  # off its square (and its stack, if any)
                    take(v, e.pos, eid)
        board = state.game.board
        remembered = dict(state.counters_.get(TILES + str(viewer), ()))
        if state.tiles is not board.tiles or remembered:
            cells, _ = self.seen_area(state, viewer)
            width = board.width
            shown = tuple(
                state.tiles[i] if Pos(i % width, i // width) in cells
                else remembered.get(i, board.tiles[i]) for i in range(len(board.tiles)))
            if shown != state.tiles:
                v.tiles = shown
        mine = f":{viewer}"
        for key in [k for k in v.counters_ if (k.startswith("fog:") and not k.endswith(mine))
                    or (k.startswith("limit:") and k[k.rfind("@"):] in unseen)]:
            del v._w_counters()[key]  # others' memories; reactions used by unseen units

    def fill(self, view: State, s: State, rng: Rng) -> None:
        """Put the entities ``view``'s viewer does not see into ``s`` (a state being
        written, made from the view), where the viewer could believe them to be."""
        viewer = view.viewer if view.viewer is not None else 0
        g = view.game
        present = set(view.entities_)
        gone = set(view.counters_.get(GONE + str(viewer), ()))
        records: tuple[Record, ...] = view.counters_.get(SEEN + str(viewer), ())
        cells, _ = self.seen_area(view, viewer)
        board = g.board

        def free(pos: Pos, kind: str | None = None) -> bool:
            """Unseen, empty, and a tile a unit of ``kind`` may stand on."""
            return (pos not in s.at_ and pos not in cells
                    and geo.tile_cost(s, pos, kind) is not None)

        recorded = set()
        for eid, etype, owner, pos, _rnd, params in records:
            recorded.add(eid)
            if eid in present or eid in gone:
                continue
            where = (pos if free(pos, etype)
                     else _nearest(board, pos, partial(free, kind=etype), rng))
            if where is not None:
                _put(s, Entity(eid, etype, owner, where, dict(params)))
        side = self.side(viewer)
        for e in self.roster(g):
            if (e.id in present or e.id in recorded or e.id in gone or e.owner in side
                    or e.type in self.always_seen):
                continue
            where = e.pos if e.pos is not None and free(e.pos, e.type) else None
            if where is None:
                spots = [c for c in board.cells if free(c, e.type)]
                if not spots:
                    continue
                where = spots[rng.below(len(spots))]
            _put(s, Entity(e.id, e.type, e.owner, where, dict(e.params_), e.statuses))

    def roster(self, g: Any) -> tuple[Entity, ...]:
        """The board entities of the game's set-up (as ``new_state(seed=0)`` places them)."""
        found = _ROSTERS.get(g)
        if found is None:
            start = g.new_state(0)
            found = tuple(e for e in start.iter_entities()
                          if e.zone is None and e.pos is not None)
            _ROSTERS[g] = found
        return found

    # ----------------------------------------------------------------- targets
    def hide_targets(self, action_types: Iterable[ActionType]) -> list[ActionType]:
        """The action types with their targets limited to what the acting side sees
        (``engine.fog_targets``)."""
        return hide_targets(self, action_types)

    @contextmanager
    def listing(self) -> Iterator[None]:
        """Keep the ``sighted`` states made while the options of one decision are listed
        (a working state's, which the one-entry cache does not keep, was made again for
        every candidate a target's condition tested: a hundred times a decision)."""
        outer = self._listing
        if outer is None:
            self._listing = {}
        try:
            yield
        finally:
            if outer is None:
                self._listing = None

    def sighted(self, state: State, player: int) -> State:
        """``state`` with the units ``player`` does not see taken off the board: the board
        as its side sees it, which its moves are worked out against."""
        cached = self._sighted
        if cached is not None and cached[0] is state and cached[1] == player:
            return cached[2]
        listing = self._listing
        if listing is not None:
            made = listing.get((id(state), player))
            if made is not None and made[0] is state:
                return made[1]
        mask: int | None = None
        width = state.game.board.width
        hidden = []
        for e in state.entities_.values():
            if not self.is_hidden_kind(player, e):
                continue
            if self.predicate is not None:
                if not self.predicate(state, player, e):
                    hidden.append(e)
                continue
            if mask is None:
                mask = self.seen_mask(state, player)
            pos = e.pos
            if pos is None or not mask >> (pos[1] * width + pos[0]) & 1:
                hidden.append(e)
        out = state
        if hidden:
            out = state._begin()
            for e in hidden:
                del out._w_entities()[e.id]
                if e.pos is not None:
                    take(out, e.pos, e.id)
            out.decision = state.decision
            out = out._end()
        if type(state.stack) is tuple:  # published (a transaction may still change)
            self._sighted = (state, player, out)
        if listing is not None:
            listing[id(state), player] = (state, out)
        return out


_ROSTERS: weakref.WeakKeyDictionary[Any, tuple[Entity, ...]] = weakref.WeakKeyDictionary()
"""Each game's set-up roster (``Fog.roster``), made once."""


def as_fog(visibility: Fog | Callable[[State, int, Entity], bool] | None) -> Fog | None:
    """A game's fog from what its constructor was given: a ``Fog``, a Python predicate
    ``(state, player, entity) -> bool`` (wrapped), or ``None`` (no fog)."""
    if visibility is None or isinstance(visibility, Fog):
        return visibility
    return Fog(predicate=visibility)


def last_seen(state: State, player: int) -> tuple[Record, ...]:
    """``player``'s records of the entities it saw and sees no more (in a state or in
    its view), in id order: where and what each was when last seen, and the round."""
    fog = state.game.fog
    if fog is None:
        return ()
    records: tuple[Record, ...] = state.counters_.get(SEEN + str(player), ())
    out = []
    for r in records:
        e = state.entities_.get(r[0])
        if e is None or not fog.sees_entity(state, player, e):
            out.append(r)
    return tuple(out)


def explored(state: State, player: int) -> frozenset[Pos]:
    """The squares ``player`` has seen at some time in the game."""
    mask = state.counters_.get(EXPLORED + str(player), 0)
    return frozenset(c for c in state.game.board.cells
                     if mask >> (c[1] * state.game.board.width + c[0]) & 1)


def _nearest(board: Any, pos: Pos, free: Callable[[Pos], bool], rng: Rng) -> Pos | None:
    """The free square nearest ``pos`` (by the board's metric), ties drawn at random."""
    best: list[Pos] = []
    best_d = math.inf
    for c in board.cells:
        if not free(c):
            continue
        d = geo.distance(pos, c, board.metric)
        if d < best_d:
            best, best_d = [c], d
        elif d == best_d:
            best.append(c)
    return best[rng.below(len(best))] if best else None


def _put(s: State, e: Entity) -> None:
    """Add an entity to a state being written (its parameters a dict of its own)."""
    s._w_entities()[e.id] = e
    assert s._own_entities is not None
    s._own_entities.add(e.id)
    if e.pos is not None:
        s._w_at()[e.pos] = e.id
    if e.id >= s.next_id:
        s.next_id = e.id + 1


__all__ = ["EXPLORED", "GONE", "SEEN", "TILES", "UNSEEN_MOVE", "Fog", "Record", "as_fog",
           "explored", "last_seen"]

