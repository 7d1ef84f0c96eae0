"""The uniform random agent: a baseline, and the playout policy of search."""

from __future__ import annotations

from typing import Any

from ..engine import Decision, ForwardModel, Rng, State
from .base import Agent, Budget, Choice


class RandomAgent(Agent):
    """Picks uniformly among the legal options; it takes a budget like every agent and spends
    none of it."""

    hidden_reason = "Picked at random."

    code = "random"
    description = "picks uniformly at random among the legal actions"

    def __init__(self, game: ForwardModel[Any], seed: int = 0, *, budget: Budget | None = None,
                 seconds: float | None = None, iterations: int | None = None,
                 calls: int | None = None) -> None:
        super().__init__(game, seed, budget=budget, seconds=seconds, iterations=iterations,
                         calls=calls)
        self.rng = Rng(seed)

    def reset(self, seed: int) -> None:
        super().reset(seed)
        self.rng = Rng(seed)

    def choose(self, view: State, decision: Decision, budget: Budget | None = None) -> Choice:
        options = decision.actions
        action = options[self.rng.below(len(options))]
        n = len(options)
        return Choice(action, "the only legal move" if n == 1
                      else f"picked at random among {n} options")
