"""Seeded opening variation: distinct deals for games without dice.

A game with no chance, played by deterministic agents, is the same game every
time: a hundred of them are one sample, not a hundred. A tournament with
``opening=N`` plays the first ``N`` decisions of every game at random, each pick
drawn from the game's seed and the decision's number alone, so

- different deals open differently (the games are distinct samples), and
- the seat-rotated games of one deal open identically (same seed, same state,
  same pick), which keeps the pairs that measure the side effect paired.

``Opening`` wraps each seat's agent; after the opening it decides as usual.
"""

from __future__ import annotations

import hashlib

from ..engine import Decision, State
from .base import Agent, Budget, Choice


def opening_pick(seed: int, ply: int, options: int) -> int:
    """The index of the option played at decision ``ply`` of a game of ``seed``."""
    digest = hashlib.sha256(f"stratagem-opening:{seed}:{ply}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % options


class Opening(Agent):
    """An agent that plays the first ``moves`` decisions of the game by ``opening_pick``."""

    def __init__(self, inner: Agent, moves: int, seed: int) -> None:
        # Not Agent.__init__: the wrapped agent already checked the game and holds the budget.
        self.inner = inner
        self.moves = moves
        self.deal = seed
        self.game = inner.game
        self.seed = inner.seed
        self.budget = inner.budget
        self.code = inner.code
        self.seats = inner.seats
        self.level = inner.level

    def choose(self, view: State, decision: Decision, budget: Budget | None = None) -> Choice:
        ply = len(view.history)
        if ply < self.moves:
            i = opening_pick(self.deal, ply, len(decision.actions))
            return Choice(decision.actions[i], f"opening move {ply + 1} of {self.moves}, "
                          "drawn from the deal's seed (the same from every seat)")
        return self.inner.choose(view, decision, budget)

    def reset(self, seed: int) -> None:
        self.inner.reset(seed)


__all__ = ["Opening", "opening_pick"]
