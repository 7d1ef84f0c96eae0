"""The tactical currency as a guide for tree search: ``mcts`` on tactics games.

Random play in a tactics game is mostly harm: units strike their own side, walk away
from the fight and end their turns with blows still to give, so random rollouts say
little and a tree grown in random order wastes its first visits. ``PriceGuide`` brings
the tactical agent's prices (``agents.tactical.currency``: a hit point is worth its
unit's cost over its maximum, a kill the whole cost, a status a share of it) into the
search in three places:

- **what it learns**: every step the search plays, in its tree or in a rollout, is
  priced for the player who took it, and the price is added to a running mean for
  the step's *kind*: the action type, the acting unit's type, and for each target its
  side (``self``, ``own``, ``enemy``, no one's) and type. "A knight attacks an enemy
  archer" soon has a good mean, "a knight attacks its own archer" a bad one. A kind
  seen fewer than ``SPECIFIC`` times falls back to the mean of its coarser kind (the
  action type and the targets' sides alone);
- **rollouts** (``GuidedRollout``): each step is epsilon-greedy on those means, the
  kind with the best mean taken except in an ``epsilon`` share of steps, which are played
  at random so that every kind keeps being tried. Among options whose kinds tie (every
  move is worth nothing by itself), the one that leaves its unit nearest an enemy unit is
  taken, then one at random: units close in on the enemy instead of wandering, so that a
  rollout's fights happen within its few decisions;
- **the tree** (progressive bias): a decision's untried options are expanded best
  mean first (ties at random, so that under progressive widening the squares away from
  the enemy, where a unit that shoots may want to stand, still get into the tree), and a
  new child starts with ``PRIOR_VISITS`` imagined visits at the value its own step's
  exact price says (the state before, valued by the search's value function, plus the
  price over the worth of every unit on the board), so a blow on one's own unit starts
  far behind and must earn its visits.

A game is a *tactics game* (``is_tactics``) when it is compiled from rules and, at its
start, has units on the board whose types carry a worth hint (``cost`` or ``value``).
"""

from __future__ import annotations

import math
import weakref
from typing import Any

from ..engine import CHANCE, Action, Decision, ForwardModel, Game, Pos, Ref, Rng, State, distance
from .evaluate import MAX_STEPS
from .tactical.currency import DEFAULT_WEIGHTS, Currency
from .value import WORTH_HINTS, ValueFunction, default_value

SPECIFIC = 3
"""Prices a fine kind needs before its own mean is trusted over its coarse kind's."""

PRIOR_VISITS = 3
"""Imagined visits a new tree child starts with, at the value its step's price says."""

EPSILON = 0.2
"""The default share of rollout steps played at random."""

_tactics: weakref.WeakKeyDictionary[Game, bool] = weakref.WeakKeyDictionary()


def is_tactics(game: ForwardModel[Any]) -> bool:
    """Whether ``game`` is a tactics game: compiled from rules, with units on the board at
    its start whose types carry a worth hint (``cost`` or ``value``). Found once per game."""
    if not isinstance(game, Game):
        return False
    known = _tactics.get(game)
    if known is not None:
        return known
    hinted = {et.name for et in game.entity_types.values()
              if any(h in et.hints for h in WORTH_HINTS)}
    found = False
    if hinted:
        state = game.new_state(0)
        found = any(e.type in hinted and e.pos is not None and e.owner is not None
                    for e in state.entities.values())
    _tactics[game] = found
    return found


class PriceGuide:
    """Running means of the price of each kind of step, and the policy they make."""

    def __init__(self, game: Game, epsilon: float = EPSILON) -> None:
        if (isinstance(epsilon, bool) or not isinstance(epsilon, int | float)
                or not 0.0 <= epsilon <= 1.0):
            raise ValueError(f"epsilon must be between 0 and 1 (got {epsilon!r})")
        self.game = game
        self.currency = Currency(game, DEFAULT_WEIGHTS)
        self.metric = game.board.metric
        self.epsilon = float(epsilon)
        self.fine: dict[tuple[Any, ...], list[float]] = {}
        """Per fine kind: [sum of prices, count]."""
        self.coarse: dict[tuple[Any, ...], list[float]] = {}
        """Per coarse kind: [sum of prices, count]."""

    def reset(self) -> None:
        """Forget what was learned (a new game)."""
        self.fine.clear()
        self.coarse.clear()

    # ----------------------------------------------------------------- kinds
    @staticmethod
    def kinds(state: State, action: Action, player: int) -> tuple[tuple[Any, ...],
                                                                 tuple[Any, ...]]:
        """The step's fine kind and its coarse kind (see the module's docstring)."""
        ents = state.entities
        actor = ents.get(action.actor) if action.actor is not None else None
        fine: list[Any] = [action.type, None if actor is None else actor.type]
        coarse: list[Any] = [action.type]
        for _, v in action.targets:
            if type(v) is Ref:
                e = ents.get(v)
                if e is None:
                    side, kind = "unknown", None
                else:
                    kind = e.type
                    if e.owner is None:
                        side = "none"
                    elif e.owner == player:
                        side = "self" if v == action.actor else "own"
                    else:
                        side = "enemy"
                fine.append((side, kind))
                coarse.append(side)
            elif isinstance(v, str):
                fine.append(v)
                coarse.append(v)
            else:
                fine.append("at")
                coarse.append("at")
        return tuple(fine), tuple(coarse)

    def guess(self, state: State, action: Action, player: int) -> float:
        """The mean price of the step's kind so far (0 for a kind never priced)."""
        fine, coarse = self.kinds(state, action, player)
        seen = self.fine.get(fine)
        if seen is not None and seen[1] >= SPECIFIC:
            return seen[0] / seen[1]
        rough = self.coarse.get(coarse)
        if rough is not None:
            return rough[0] / rough[1]
        return 0.0 if seen is None else seen[0] / seen[1]

    def learn(self, state: State, action: Action, player: int, price: float) -> None:
        """Add one price to the means of the step's kinds."""
        fine, coarse = self.kinds(state, action, player)
        for table, key in ((self.fine, fine), (self.coarse, coarse)):
            seen = table.get(key)
            if seen is None:
                table[key] = [price, 1.0]
            else:
                seen[0] += price
                seen[1] += 1.0

    def price(self, before: State, after: State, player: int) -> float:
        """What going from ``before`` to ``after`` is worth to ``player``, in gold."""
        return self.currency.delta(before, after, player)

    def worth_on_board(self, state: State) -> float:
        """The worth of every unit on the board, both sides together (at least 1)."""
        worth = self.currency.worth
        total = 0.0
        for e in state.entities.values():
            w = worth.get(e.type)
            if w is not None and e.owner is not None:
                total += w.of(e)
        return max(1.0, total)

    # ---------------------------------------------------------------- policy
    def best(self, state: State, options: list[Action], player: int, rng: Rng,
             close: bool = True) -> int:
        """Index of the option whose kind has the best mean; among options tied on it, with
        ``close`` one that brings its unit nearest an enemy (``closest``), then at random."""
        top, tied = -math.inf, [0]
        for i, a in enumerate(options):
            g = self.guess(state, a, player)
            if g > top + 1e-9:
                top, tied = g, [i]
            elif g >= top - 1e-9:
                tied.append(i)
        if close and len(tied) > 1:
            tied = self.closest(state, [options[i] for i in tied], player, tied)
        return tied[rng.below(len(tied))] if len(tied) > 1 else tied[0]

    def closest(self, state: State, options: list[Action], player: int,
                indices: list[int]) -> list[int]:
        """The ``indices`` of the ``options`` that leave their unit nearest the nearest enemy
        unit with a worth: an option with a square in its targets puts its unit there (a
        move), any other leaves it where it stands. Options with no unit on the board, or a
        board with no enemy on it, are all kept."""
        ents = state.entities
        worth = self.currency.worth
        enemies = [e.pos for e in ents.values() if e.pos is not None and e.owner is not None
                   and e.owner != player and e.type in worth]
        if not enemies:
            return indices
        metric = self.metric
        top, kept = math.inf, indices
        for i, a in zip(indices, options, strict=True):
            to = next((v for _, v in a.targets if type(v) is Pos), None)
            if to is None:
                actor = ents.get(a.actor) if a.actor is not None else None
                if actor is None or actor.pos is None:
                    return indices
                to = actor.pos
            d = min(distance(to, p, metric) for p in enemies)
            if d < top:
                top, kept = d, [i]
            elif d == top:
                kept.append(i)
        return kept

    def pick(self, state: State, decision: Decision, rng: Rng) -> Action:
        """A rollout's step: at random in an ``epsilon`` share, else the best kind's."""
        actions = decision.actions
        if len(actions) == 1:
            return actions[0]
        if rng.random() < self.epsilon:
            return actions[rng.below(len(actions))]
        return actions[self.best(state, list(actions), decision.player, rng)]

    def prior(self, before: State, outcomes: list[tuple[float, State]], action: Action,
              player: int, value: ValueFunction) -> float:
        """The value a new tree child starts from, for ``player``: ``before`` valued by
        ``value``, plus the step's expected price over the worth on the board; the price is
        also learned."""
        price = sum(p * self.price(before, s, player) for p, s in outcomes)
        self.learn(before, action, player, price)
        start = value(before, player)
        return max(-1.0, min(1.0, start + price / self.worth_on_board(before)))


class GuidedRollout:
    """A rollout whose steps ``PriceGuide.pick`` chooses (and prices, to learn from), cut
    off after ``steps`` decisions and valued there by the value function; with ``finish``,
    a rollout cut in the game's last round plays on to the end instead."""

    def __init__(self, game: Game, guide: PriceGuide, steps: int,
                 value: ValueFunction | None = None, finish: bool = False) -> None:
        if steps < 0:
            raise ValueError(f"rollout steps cannot be negative (got {steps})")
        self.game = game
        self.guide = guide
        self.steps = steps
        self.last = game.round_limit if finish else None
        """The game's last round when a rollout cut in it plays on to the end (at most
        ``MAX_STEPS`` decisions in all): the round limit is then less than a round away, and
        what it will say is known by playing to it; None to cut every rollout at ``steps``."""
        self.value = value if value is not None else default_value(game)
        self.players = range(len(game.players))

    def __repr__(self) -> str:
        last = "" if self.last is None else ", to the end in the last round"
        return (f"rollout of {self.steps} steps{last} guided by unit prices "
                f"({self.guide.epsilon:.0%} at random), then value function")

    def evaluate(self, state: State, rng: Rng, call_limit: int) -> tuple[float, ...]:
        game, guide = self.game, self.guide
        apply, pick, learn, price = game.apply, guide.pick, guide.learn, guide.price
        steps, last = self.steps, self.last
        taken = 0
        while True:
            d = state.decision
            if d is None or game.calls >= call_limit:
                break
            if taken >= steps and (last is None or state.flow.round < last
                                   or taken >= MAX_STEPS):
                break
            taken += 1
            if d.player == CHANCE:
                action = d.actions[rng.pick_weighted(d.weights or (1,) * len(d.actions))]
                state = apply(state, action, check=False)
                continue
            action = pick(state, d, rng)
            after = apply(state, action, check=False)
            learn(state, action, d.player, price(state, after, d.player))
            state = after
        outcome = state.outcome
        if outcome is None:
            value = self.value
            return tuple(value(state, p) for p in self.players)
        return outcome.returns


__all__ = ["EPSILON", "PRIOR_VISITS", "GuidedRollout", "PriceGuide", "is_tactics"]
