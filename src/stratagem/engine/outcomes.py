"""Exact outcomes: every state an action can lead to, with its probability.

``outcomes`` applies the action once per combination of rolls, level by level: a probe
runs the action with the rolls chosen so far and stops at the first roll it has no value
for, reporting that roll's distribution; each of its values is then a branch to explore.
Each result is exactly the state ``Game.apply`` gives when the dice fall that way,
because it is made by the same resolver.
"""

from __future__ import annotations

import time
from collections import deque
from typing import TYPE_CHECKING, Any

from .errors import TooManyOutcomesError
from .knowledge import CardDraw, is_tracked
from .runtime import Resolver, record
from .state import Entity, State

if TYPE_CHECKING:
    from .actions import Action
    from .game import Game


def outcomes(game: Game, state: State, action: Action,
             limit: int | None = None) -> list[tuple[float, State]]:
    """The exact distribution of states a legal ``action`` leads to from ``state``, in
    the order of the rolls' values, the first roll first (see ``Game.outcomes``)."""
    results: list[tuple[tuple[int, ...], float, State]] = []
    todo: deque[tuple[tuple[int, ...], tuple[int, ...], float]] = deque([((), (), 1.0)])
    deadline = game.runtime.deadline
    while todo:
        if deadline is not None and time.perf_counter() >= deadline:
            return [(1.0, game.apply(state, action, check=False))]  # out of time
        prefix, order, p = todo.popleft()
        branch = _probe(game, state, action, prefix)
        if isinstance(branch, State):
            results.append((order, p, branch))
            continue
        values, weights = branch
        total = sum(weights)
        todo.extend(((*prefix, v), (*order, i), p * w / total)
                    for i, (v, w) in enumerate(zip(values, weights, strict=True)))
        if limit is not None and len(results) + len(todo) > limit:
            raise TooManyOutcomesError(
                f"{action} has more than {limit} outcomes in {game.name}")
    results.sort(key=lambda r: r[0])
    return merge([(p, s) for _, p, s in results])


def merge(results: list[tuple[float, State]]) -> list[tuple[float, State]]:
    """``results`` with the results that are the same state grouped into one, whose
    probability is theirs summed, at the place of the first (whose state it keeps, rolls
    and all). The same state: equal but for the rolls the action recorded (two dice
    results that change nothing alike), or, in a game with cards, equal once cards of the
    same face in the same places are taken for one another (drawing either of two equal
    cards of a deck). A list with nothing to merge comes back as it was."""
    if len(results) < 2:
        return results
    groups: dict[Any, list[int]] = {}
    out: list[list[Any]] = []
    for p, s in results:
        key = _without_rolls(s)
        found = None
        bucket = groups.setdefault(_signature(key), [])
        for i in bucket:
            if _same(out[i][2], key):
                found = i
                break
        if found is None:
            bucket.append(len(out))
            out.append([p, s, key])
        else:
            out[found][0] += p
    if len(out) == len(results):
        return results
    return [(p, s) for p, s, _ in out]


def _without_rolls(s: State) -> State:
    """``s`` with the rolls of its newest log record left out (what results of one action
    differ in even when the dice changed nothing)."""
    node = s.log
    if node is None or not node[1].rolls:
        return s
    w = s._begin()
    w.decision = s.decision
    w.log = (node[0], node[1]._replace(rolls=()))
    return w._end()


def _signature(s: State) -> Any:
    """What results that may merge share (a hash): who stands where, the faces in each
    zone in order, the flow and the decision."""
    ents = s.entities
    faces = tuple(tuple(tuple(_face(ents[i]) for i in ids) for ids in pl.zones.values())
                  for pl in s.players)
    table = tuple(tuple(_face(ents[i]) for i in ids) for ids in s.cards.table.values())
    return hash((tuple(sorted(s.at.items())), faces, table, s.flow, s.decision))


def _face(e: Entity) -> Any:
    return (e.type, e.owner, tuple(sorted(e.params.items())), e.statuses)


def _same(a: State, b: State) -> bool:
    """Whether ``b`` is ``a``, once the cards of ``b`` are taken for the cards of the same
    face in the same places of ``a`` (in a game whose cards are each their owner's: a
    game that tracks card knowledge draws one of equal cards as one result already)."""
    if a == b:
        return True
    if not a.game.zones or is_tracked(a.game) or set(a.entities) != set(b.entities):
        return False
    rename: dict[int, int] = {}
    for pa, pb in zip(a.players, b.players, strict=True):
        for zone, ids in pa.zones.items():
            other = pb.zones.get(zone, ())
            if len(ids) != len(other):
                return False
            for x, y in zip(ids, other, strict=True):
                if x == y:
                    continue
                if _face(a.entities[x]) != _face(b.entities[y]) or y in rename:
                    return False
                rename[y] = x
    if not rename or set(rename) != set(rename.values()):
        return False
    w = b._begin()
    w.decision = b.decision
    ents = w._w_entities()
    for old, new in rename.items():
        e = b.entities[old].copy()
        e.id = new
        ents[new] = e
    for p, pl in enumerate(b.players):
        zones = {z: tuple(rename.get(i, i) for i in ids) for z, ids in pl.zones.items()}
        if zones != pl.zones:
            w._w_player(p).zones.update(zones)
    return a == w._end()


class _NeedRoll(Exception):
    """A probe reached a roll it has no value for: the roll's values and weights."""

    def __init__(self, values: tuple[int, ...], weights: tuple[int, ...]) -> None:
        self.values = values
        self.weights = weights


def _probe(game: Game, state: State, action: Action,
           prefix: tuple[int, ...]) -> State | tuple[tuple[int, ...], tuple[int, ...]]:
    """Apply with the rolls in ``prefix``; the distribution of the next roll if more are needed."""
    game.runtime.calls += 1
    s = state._begin()
    s.explicit = False
    r = _ProbeResolver(s, prefix)
    try:
        r.run(action)
    except _NeedRoll as need:
        return need.values, need.weights
    record(r, state.decision.player if state.decision else 0, action)
    s.explicit = state.explicit
    return s._end()


class _ProbeResolver(Resolver):
    """A resolver that takes its rolls from a prefix and stops at the first roll past it."""

    __slots__ = ()

    def draw_roll(self, dist: Any) -> int:
        if not self.forced:
            if type(dist) is CardDraw:  # one outcome per face of card (knowledge.CardDraw)
                dist = dist.kinds
            raise _NeedRoll(dist.values, dist.weights)
        return super().draw_roll(dist)

    def roll(self, name: str, dist: Any, label: str = "") -> None:
        self.bind(name, self.draw_roll(dist))
