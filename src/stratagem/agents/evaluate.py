"""Leaf evaluators for tree search: what a state is worth to every player.

An evaluator is any object with ``evaluate(state, rng, call_limit) ->
tuple[float, ...]``, one value in [-1, 1] per player. ``call_limit`` is the
value of ``game.calls`` at which the search's budget runs out: an evaluator that
plays actions stops there and values the state it reached.

``Rollout`` covers the three usual evaluators:

- ``Rollout(game)``: random playout to the end of the game;
- ``Rollout(game, steps=0)``: no playout, the value function alone;
- ``Rollout(game, steps=N)``: random playout cut off after N decisions, then
  the value function.

A rollout draws its actions (and the options of explicit chance decisions,
by their weights) from the search's generator; implicit rolls come from the
state's own generator, which the search re-seeds before a playout so that it
never reads the real future dice.
"""

from __future__ import annotations

from typing import Any, Protocol

from ..engine import ForwardModel, Rng, State
from .value import ValueFunction, default_value

MAX_STEPS = 10_000
"""A playout that has not ended after this many decisions is valued where it stands."""


class Evaluator(Protocol):
    """Values a state for every player (see the module's docstring)."""

    def evaluate(self, state: State, rng: Rng, call_limit: int) -> tuple[float, ...]: ...


class Rollout:
    """A random playout, optionally cut off after ``steps`` decisions and valued there."""

    def __init__(self, game: ForwardModel[Any], steps: int | None = None,
                 value: ValueFunction | None = None) -> None:
        if steps is not None and steps < 0:
            raise ValueError(f"rollout steps cannot be negative (got {steps})")
        self.game = game
        self.steps = MAX_STEPS if steps is None else min(steps, MAX_STEPS)
        self.value = value if value is not None else default_value(game)
        self.players = range(len(game.players))

    def __repr__(self) -> str:
        if self.steps == 0:
            return "value function"
        if self.steps == MAX_STEPS:
            return "random rollout"
        return f"random rollout of {self.steps} steps, then value function"

    def evaluate(self, state: State, rng: Rng, call_limit: int) -> tuple[float, ...]:
        # One private working copy for the whole rollout (Game.playout), not a state a step.
        state = self.game.playout(state, rng, self.steps, call_limit)
        outcome = state.outcome
        if outcome is None:
            value = self.value
            return tuple(value(state, p) for p in self.players)
        return outcome.returns


__all__ = ["MAX_STEPS", "Evaluator", "Rollout"]
