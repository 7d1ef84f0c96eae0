"""Difficulty levels: named opponents from weakest to strongest, each an agent with a budget.

A level is an ordinary roster entry (``stratagem play pig --agents human,skilled``). Each one
is a search agent that can play every game shape (hidden information included: ``osla``
samples determinizations and ``mcts`` searches an open-loop tree over them), with its budget
in forward-model calls, so a level spends the same search on every machine and plays the
same moves for the same seed. ``benchmarks/bench_ladder.py`` measures that each level beats
the one below it; its figures are in ``benchmarks/README.md``.

A level takes the common keywords: ``budget`` (or ``seconds``, ``iterations``, ``calls``)
replaces its own budget, so ``master:seconds=5`` is the master's settings with a time limit.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine import ForwardModel
from .base import Agent, Budget, SearchAgent
from .lookahead import OSLAAgent
from .mcts import CUTOFF, MCTSAgent


@dataclass(frozen=True)
class Level:
    """A difficulty level: an agent class, its settings and its budget per decision."""

    name: str
    agent: type[SearchAgent]
    budget: Budget
    settings: dict[str, Any] = field(default_factory=dict)
    summary: str = ""
    cutoff: int | None = None
    """For MCTS: in a game whose value function counts something (material, scores), random
    rollouts stop after this many decisions and the value function judges the state there;
    in a game with nothing to count they play to the end, as a value of 0 would say nothing."""

    @property
    def description(self) -> str:
        """One line for ``stratagem agents``."""
        options = "".join(f",{k}={v}" for k, v in self.settings.items())
        cut = ("" if self.cutoff is None
               else f", rollouts cut at {self.cutoff} steps in games with material or scores")
        return (f"difficulty level: {self.summary} ({self.agent.code}{options}, "
                f"{self.budget}{cut})")

    def __call__(self, game: ForwardModel[Any], seed: int = 0, *, budget: Budget | None = None,
                 seconds: float | None = None, iterations: int | None = None,
                 calls: int | None = None) -> Agent:
        """The level's agent for ``game``; a budget given here replaces the level's."""
        if budget is None or budget.is_empty:
            given = Budget(seconds, iterations, calls)
            budget = self.budget if given.is_empty else given
        # A level's MCTS cuts its rollouts where the value function counts something by
        # itself (``rollout="auto"``, at ``cutoff`` decisions): ``cutoff`` only tells it.
        agent = self.agent(game, seed, budget=budget, **self.settings)
        agent.level = self.name
        return agent


LEVELS: tuple[Level, ...] = (
    Level("novice", OSLAAgent, Budget(calls=2_000), {"noise": 0.5},
          "looks one move ahead, and half the time plays at random"),
    Level("casual", MCTSAgent, Budget(calls=300), {},
          "a very short tree search", cutoff=CUTOFF),
    Level("skilled", MCTSAgent, Budget(calls=1_500), {},
          "a short tree search", cutoff=CUTOFF),
    Level("expert", MCTSAgent, Budget(calls=6_000), {},
          "a tree search four times as long", cutoff=CUTOFF),
    Level("master", MCTSAgent, Budget(calls=30_000), {},
          "a long tree search (about a second a move)", cutoff=CUTOFF),
)
"""The levels, weakest first."""

__all__ = ["LEVELS", "Level"]
