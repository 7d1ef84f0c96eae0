"""Exact outcomes: every state an action can lead to, with its probability.

``outcomes`` applies the action once per combination of rolls, level by level: a probe
runs the action with the rolls chosen so far and stops at the first roll it has no value
for, reporting that roll's distribution; each of its values is then a branch to explore.
Each result is exactly the state ``Game.apply`` gives when the dice fall that way,
because it is made by the same resolver.

Results that are the same (``sameness.is_same_result``: equal but for the dice, which of
identical cards is which, and the order of a zone no one sees) are then one outcome,
their probabilities summed, at the first one's place (``merge``). A draw lists the values
its distribution's ``grouped`` gives: one per kind of card where the cards of a kind
cannot be told apart (``knowledge.CardDraw``), which keeps an own-deck re-deal small.
"""

from __future__ import annotations

import time
from collections import deque
from typing import TYPE_CHECKING, Any

from .dice import Pool
from .endings import count_position
from .errors import TooManyOutcomesError
from .rng import GOLDEN, MASK, mix
from .runtime import Resolver, record
from .sameness import Signatures, is_same_result
from .state import State

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
            return sampled(game, state, action, 1)  # out of time
        prefix, order, p = todo.popleft()
        branch = _probe(game, state, action, prefix)
        if isinstance(branch, State):
            results.append((order, p, branch))
            continue
        values, weights = branch
        total = sum(weights)
        # (a pool kept die by die: each value is a roll's faces, each face a recorded die)
        todo.extend(((*prefix, *v) if type(v) is tuple else (*prefix, v), (*order, i),
                     p * w / total)
                    for i, (v, w) in enumerate(zip(values, weights, strict=True)))
        if limit is not None and len(results) + len(todo) > limit:
            raise TooManyOutcomesError(
                f"{action} has more than {limit} outcomes in {game.name}")
    results.sort(key=lambda r: r[0])
    return merge([(p, s) for _, p, s in results])


def sampled(game: Game, state: State, action: Action, n: int) -> list[tuple[float, State]]:
    """``n`` results of a legal ``action``, each with probability ``1 / n`` (the same ones
    merged, as in ``outcomes``), each from a future of its own for the dice: the state
    reseeded from its generator mixed with the sample's number. So a search that samples
    never reads the dice the state itself would roll (from a state, the real ones), and
    the same state gives the same samples."""
    base = state.rng
    return merge([(1.0 / n, game.apply(game.reseed(state, mix((base ^ GOLDEN * (i + 1)) & MASK)),
                                       action, check=False)) for i in range(n)])


def merge(results: list[tuple[float, State]]) -> list[tuple[float, State]]:
    """``results`` with the same results (``sameness.is_same_result``) made one, whose
    probability is theirs summed, at the place of the first, whose state it keeps (its
    rolls replay it). A list with nothing to merge comes back as it was."""
    if len(results) < 2:
        return results
    signatures = Signatures()
    groups: dict[int, list[int]] = {}
    out: list[list[Any]] = []
    for p, s in results:
        bucket = groups.setdefault(signatures.of(s), [])
        for i in bucket:
            if is_same_result(out[i][1], s):
                out[i][0] += p
                break
        else:
            bucket.append(len(out))
            out.append([p, s])
    if len(out) == len(results):
        return results
    return [(p, s) for p, s in out]


class _NeedRoll(Exception):
    """A probe reached a roll it has no value for: the roll's values and weights."""

    def __init__(self, values: tuple[Any, ...], weights: tuple[int, ...]) -> None:
        self.values = values
        self.weights = weights


def _probe(game: Game, state: State, action: Action,
           prefix: tuple[int, ...]) -> State | tuple[tuple[Any, ...], tuple[int, ...]]:
    """Apply with the rolls in ``prefix``; the distribution of the next roll if more are needed."""
    game.runtime.calls += 1
    s = state._begin()
    s.explicit = False
    r = _ProbeResolver(s, prefix)
    try:
        r.run(action)
    except _NeedRoll as need:
        return need.values, need.weights
    if game.repetition is not None:
        count_position(r)
    record(r, state.decision.player if state.decision else 0, action)
    s.explicit = state.explicit
    return s._end()


class _ProbeResolver(Resolver):
    """A resolver that takes its rolls from a prefix and stops at the first roll past it."""

    __slots__ = ()

    def draw_roll(self, dist: Any) -> int:
        if not self.forced:
            shown = dist.grouped()  # equal cards of an unseen deck: one value per kind
            raise _NeedRoll(shown.values, shown.weights)
        return super().draw_roll(dist)

    def roll(self, name: str, dist: Any, label: str = "") -> None:
        if type(dist) is Pool:
            self.bind(name, self.draw_pool(dist))
            return
        self.rolled(name, self.draw_roll(dist))

    def draw_pool(self, pool: Pool) -> tuple[int, ...]:
        if not self.forced and pool.count:  # (no dice: nothing to ask, one roll of none)
            raise _NeedRoll(pool.faces, pool.weights)
        return super().draw_pool(pool)
