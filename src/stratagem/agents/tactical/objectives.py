"""What the strategic module walks toward, and how far away it is on foot.

*Objectives* are read from the game's own end rules, by trying them on copies of the
state (made through the public ``serialize``/``deserialize``, never by running code
from the rules):

- an enemy *leader*: a unit, the only one of its type on its side, whose loss alone
  makes one of the game's ``lose`` rules hold for its owner (Kill the King's king);
- a *goal* square: a square of a rare tile type (at most ``RARE`` squares of it on the
  board) whose occupation by one of the player's units makes a ``lose`` rule hold for
  an enemy (Broken Throne's castle);
- a *capture*: a square of a tile type that the player's own moves were seen to turn
  into another (Broken Throne's villages), learned from the plans the planner prices;
  a square with a unit on it is left out (an enemy there is an objective in itself);
- and every enemy unit that has a worth.

``Field`` is the walking distance from every square to the nearest objective (a leader or
a goal ``LEAD`` movement points nearer than it is), found by
one search from all of them at once over the tiles' movement costs with no unit in the
way (units move; a ridge does not), so that a unit goes round a long ridge instead of
pushing against it.
"""

from __future__ import annotations

import heapq
import json
import math
import weakref
from collections import Counter
from typing import Any

from ...engine import (
    Ctx,
    Game,
    Pos,
    State,
    StratagemError,
    mover_costs,
    neighbours,
    side_steps,
    tile_cost,
)

RARE = 2
"""A tile type with at most this many squares on the board is tried as a goal."""

LEAD = 4.0
"""A leader or a goal square counts as this many movement points nearer than it is: a unit
heads for it rather than for an ordinary enemy unit or a capture a little nearer."""

PROBES = 12
"""Copies of the state tried at most, for leaders and goals together, per game and side."""


_FOUND: weakref.WeakKeyDictionary[Game, dict[int, tuple[dict[tuple[str, int], bool],
                                                          dict[Pos, bool]]]] = \
    weakref.WeakKeyDictionary()
"""What the probes found, per game and player, shared by every agent playing that game
(a fresh agent does not pay for them again)."""


class Objectives:
    """The objectives of one player in one game, worked out once and kept."""

    def __init__(self, game: Game, player: int) -> None:
        self.game = game
        self.player = player
        found = _FOUND.setdefault(game, {}).setdefault(player, ({}, {}))
        self.leader_types: dict[tuple[str, int], bool] = found[0]
        self.goal_squares: dict[Pos, bool] = found[1]
        self._base: dict[int, bool] = {}
        """Whether a ``lose`` rule holds already for each player in the state probed."""
        self.captures: set[str] = set()
        """Tile types this player's moves were seen to turn into another."""
        self.probes = 0
        self._fields: dict[tuple[Any, ...], Field] = {}
        self._last_sources: tuple[State, dict[Pos, float], set[Pos]] | None = None

    # ---------------------------------------------------------------- probes
    def _lost(self, data: dict[str, Any], owner: int) -> bool:
        """Whether a ``lose`` rule holds for ``owner`` in the state ``data`` describes."""
        self.probes += 1
        try:
            state = self.game.deserialize(json.dumps(data))
        except (StratagemError, ValueError, KeyError, TypeError):
            return False
        rules = [r for r in getattr(self.game, "end_rules", ()) if r.kind == "lose"]
        try:
            return any(r.test(Ctx(state, owner)) for r in rules)
        except (StratagemError, ValueError, KeyError, TypeError, AttributeError):
            return False

    def _already(self, base: dict[str, Any], owner: int) -> bool:
        """Whether a ``lose`` rule holds for ``owner`` in the state as it is (asked once per
        set of probes)."""
        known = self._base.get(owner)
        if known is None:
            known = self._base[owner] = self._lost(base, owner)
        return known

    def leaders(self, state: State) -> list[int]:
        """The enemy units whose loss alone ends the game for their side."""
        counts = Counter((e.type, e.owner) for e in state.entities.values()
                         if e.owner is not None and e.owner != self.player)
        out: list[int] = []
        base: dict[str, Any] | None = None
        self._base.clear()
        for e in state.entities.values():
            if e.owner is None or e.owner == self.player or counts[(e.type, e.owner)] != 1:
                continue
            key = (e.type, e.owner)
            known = self.leader_types.get(key)
            if known is None:
                if self.probes >= PROBES:
                    continue
                if base is None:
                    base = json.loads(self.game.serialize(state))
                data = dict(base)
                data["entities"] = [x for x in base["entities"] if x[0] != e.id]
                known = self.leader_types[key] = (not self._already(base, e.owner)
                                                  and self._lost(data, e.owner))
            if known:
                out.append(e.id)
        return out

    def goals(self, state: State) -> list[Pos]:
        """The empty squares whose occupation by one of the player's units ends the game for
        an enemy (tried on the rare tile types only)."""
        board = self.game.board
        if not board.width or not board.height:
            return []
        tiles = state.tiles
        counts = Counter(tiles)
        mine = next((e for e in state.entities.values()
                     if e.owner == self.player and e.pos is not None), None)
        enemies = {e.owner for e in state.entities.values()
                   if e.owner is not None and e.owner != self.player}
        out: list[Pos] = []
        base: dict[str, Any] | None = None
        self._base.clear()
        for i, name in enumerate(tiles):
            if counts[name] > RARE:
                continue
            sq = Pos(i % board.width, i // board.width)
            known = self.goal_squares.get(sq)
            if known is None:
                if mine is None or self.probes >= PROBES or state.occupant(sq) is not None:
                    continue
                if base is None:
                    base = json.loads(self.game.serialize(state))
                moved = [list(x) for x in base["entities"]]
                for x in moved:
                    if x[0] == mine.id:
                        x[3] = {"@": [sq.x, sq.y]}
                data = {**base, "entities": moved}
                known = self.goal_squares[sq] = any(
                    not self._already(base, p) and self._lost(data, p) for p in sorted(enemies))
            if known:
                out.append(sq)
        return out

    def learn(self, before: State, after: State | None, at: Pos | None) -> None:
        """Note a tile type that a move of the player turned into another."""
        if after is None or at is None or after.tiles is before.tiles:
            return
        was, now = before.tile(at), after.tile(at)
        if was != now:
            self.captures.add(was)

    # ---------------------------------------------------------------- fields
    def name(self, state: State, sq: Pos) -> str:
        """An objective in words: the unit on it, else the tile type and square."""
        e = state.occupant(sq)
        if e is not None:
            lead = "leader " if e.id in self.leaders(state) else ""
            return f"{lead}{e.type} #{e.id}"
        return f"the {state.tile(sq).replace('_', ' ')} at ({sq.x},{sq.y})"

    def field(self, state: State, mover: Any = None) -> Field:
        """The walking distance to the nearest objective from every square, for ``mover``
        (an entity: the tile costs its kind pays; ``None``: the tiles' own), kept while the
        tiles and the objectives stay the same."""
        over = mover_costs(state, mover)
        sources, units = self._sources(state)
        key = (state.tiles, frozenset(sources.items()), frozenset(units), over)
        known = self._fields.get(key)
        if known is None:
            if len(self._fields) > 32:
                self._fields.clear()
            known = self._fields[key] = Field(state, sources, units, mover)
        return known

    def _sources(self, state: State) -> tuple[dict[Pos, float], set[Pos]]:
        """The objectives of a state, each with its head start, and the enemy units' squares
        (kept for the last state asked: every unit's field starts from them)."""
        last = self._last_sources
        if last is not None and last[0] is state:
            return last[1], last[2]
        sources: dict[Pos, float] = {}
        board = self.game.board
        if self.captures:
            for i, name in enumerate(state.tiles):
                sq = Pos(i % board.width, i // board.width)
                if name in self.captures and state.occupant(sq) is None:
                    sources[sq] = 0.0
        units = {e.pos for e in state.entities.values()
                 if e.owner is not None and e.owner != self.player and e.pos is not None}
        sources.update((pos, 0.0) for pos in units)
        for eid in self.leaders(state):
            pos = state.entities[eid].pos
            if pos is not None:
                sources[pos] = -LEAD
        for sq in self.goals(state):
            if state.occupant(sq) is None:  # an enemy on it is an objective in itself
                sources[sq] = -LEAD
        self._last_sources = (state, sources, units)
        return sources, units


class Field:
    """Walking costs to the nearest of some squares, over the tiles' movement costs (those
    ``mover`` pays) and the sides between cells, with no unit in the way; ``inf`` where
    none can be reached. A square of ``units`` (a unit to strike) is reached next to it,
    not across a side the mover may not cross; any other by stepping on it."""

    def __init__(self, state: State, sources: dict[Pos, float],
                 units: set[Pos] | None = None, mover: Any = None) -> None:
        board = state.game.board
        cost: dict[Pos, float] = {}
        self.origin: dict[Pos, Pos] = {}
        """The objective each square's walk leads to."""
        heap: list[tuple[float, int, int]] = []
        for sq, head in sources.items():
            cost[sq] = head
            self.origin[sq] = sq
            heap.append((head, sq.x, sq.y))
        heapq.heapify(heap)
        # A side between cells: the steps no one may take, the points added to the others.
        closed, extra = side_steps(state, mover) if board.sides else (frozenset(), {})
        w, size = board.width, board.size
        while heap:
            c, x, y = heapq.heappop(heap)
            here = Pos(x, y)
            if c > cost.get(here, math.inf):
                continue
            # A walker at a neighbour pays to enter ``here``; a unit is reached next to it.
            enter = (0.0 if units is not None and here in units
                     else tile_cost(state, here, mover))
            if enter is None:
                continue
            for nb in neighbours(board, here):
                if tile_cost(state, nb, mover) is None:
                    continue
                total = c + enter
                if closed or extra:  # the step from ``nb`` into ``here``, across a side
                    step = (nb.y * w + nb.x) * size + y * w + x
                    if step in closed:
                        continue
                    total = c + max(0.0, enter + extra.get(step, 0.0))
                if total < cost.get(nb, math.inf):
                    cost[nb] = total
                    self.origin[nb] = self.origin[here]
                    heapq.heappush(heap, (total, nb.x, nb.y))
        self.cost = cost

    def __call__(self, pos: Pos | None) -> float:
        return math.inf if pos is None else self.cost.get(pos, math.inf)


__all__ = ["Field", "Objectives"]
