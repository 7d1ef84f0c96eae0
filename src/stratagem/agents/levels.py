"""Difficulty levels: named opponents from weakest to strongest, defined per kind of game.

A level is an ordinary roster entry (``stratagem play pig --agents human,skilled``). What it
plays depends on the game:

- **tactics games** (units on a board whose types have a worth hint: Broken Throne, Skirmish,
  Flower War; ``agents.guide.is_tactics``): the tactical agent, weakened by its ``blunder``
  (the share of decisions on which it plays a move drawn at random without weighing it); the
  master weighs every decision. The tactical agent's ``noise`` and ``depth`` were tried as
  the levels' knobs first and changed a whole battle's result too little to rank levels
  (``benchmarks/README.md``, *Difficulty ladder*);
- **every other game** (the classics, cards, dice): a search agent that plays every game
  shape (hidden information included: ``osla`` samples determinizations and ``mcts``
  searches an open-loop tree over them), stronger with a larger budget.

Every level is bounded by time as well as forward-model calls, so that a person waits a
second or two for its move whatever the machine (``seconds``; the first limit reached ends
the decision). The calls are a ceiling a quiet machine reaches in about that time; given
alone (``skilled:calls=8000``) they make a level spend the same search on every machine and
play the same moves for the same seed, which is how ``benchmarks/bench_ladder.py`` plays.
A tactics game with hidden information, which the tactical agent refuses, gets the search
levels; so does every game while the tactical agent in this installation lacks a keyword a
tactics level sets (``tactics_ready``).
``benchmarks/bench_ladder.py`` measures that each level beats the one below it; its figures
are in ``benchmarks/README.md``.

A level takes the common keywords: ``budget`` (or ``seconds``, ``iterations``, ``calls``)
replaces its own budget, so ``master:seconds=5`` is the master's settings with a time limit.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from typing import Any

from ..engine import ForwardModel
from .base import Agent, Budget, SearchAgent
from .guide import is_tactics
from .lookahead import OSLAAgent
from .mcts import CUTOFF, MCTSAgent
from .tactical import TacticalAgent

TACTICAL_BUDGET = Budget(seconds=1.0, calls=8_000)
"""What a tactics level's tactical agent may spend on one decision unless the level says
(the agent's own default)."""


def missing_tactics_keywords(settings: dict[str, Any]) -> list[str]:
    """The keywords of ``settings`` the tactical agent in this installation does not take."""
    taken = inspect.signature(TacticalAgent.__init__).parameters
    return [k for k in settings if k not in taken]


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
    tactics: dict[str, Any] = field(default_factory=dict)
    """In tactics games: the tactical agent's keywords (``blunder``)."""
    tactics_summary: str = ""
    tactics_budget: Budget = TACTICAL_BUDGET
    """In tactics games: what one decision may spend (deeper plans price more)."""

    @property
    def tactics_ready(self) -> bool:
        """Whether the tactical agent takes every keyword this level sets for tactics games."""
        return not missing_tactics_keywords(self.tactics)

    @property
    def description(self) -> str:
        """One line for ``stratagem agents``: the level in tactics games, then in others."""
        options = "".join(f",{k}={v}" for k, v in self.settings.items())
        cut = ("" if self.cutoff is None
               else f", rollouts cut at {self.cutoff} steps in games with material or scores")
        tactic = ",".join(f"{k}={v}" for k, v in self.tactics.items())
        return (f"difficulty level: in tactics games {self.tactics_summary} "
                f"(tactical:{tactic}, {self.tactics_budget}); in others {self.summary} "
                f"({self.agent.code}{options}, {self.budget}{cut})")

    def budget_for(self, game: ForwardModel[Any]) -> Budget:
        """The level's own budget in ``game`` (the tactics budget in a tactics game)."""
        return self.tactics_budget if self.plays_tactics(game) else self.budget

    def plays_tactics(self, game: ForwardModel[Any]) -> bool:
        """Whether this level plays ``game`` as a tactics game (with the tactical agent)."""
        return (bool(self.tactics) and is_tactics(game) and self.tactics_ready
                and TacticalAgent.refusal(game.info) is None)

    def __call__(self, game: ForwardModel[Any], seed: int = 0, *, budget: Budget | None = None,
                 seconds: float | None = None, iterations: int | None = None,
                 calls: int | None = None) -> Agent:
        """The level's agent for ``game``; a budget given here replaces the level's."""
        if budget is None or budget.is_empty:
            given = Budget(seconds, iterations, calls)
            budget = None if given.is_empty else given
        if self.plays_tactics(game):
            agent: Agent = TacticalAgent(game, seed,  # type: ignore[arg-type]
                                         budget=budget or self.tactics_budget,
                                         **self.tactics)
            agent.level = self.name
            return agent
        budget = budget or self.budget
        # A level's MCTS cuts its rollouts where the value function counts something by
        # itself (``rollout="auto"``, at ``cutoff`` decisions): ``cutoff`` only tells it.
        agent = self.agent(game, seed, budget=budget, **self.settings)
        agent.level = self.name
        return agent


LEVELS: tuple[Level, ...] = (
    Level("novice", OSLAAgent, Budget(seconds=1.0, calls=2_000), {"noise": 0.5},
          "looks one move ahead, and half the time plays at random",
          tactics={"blunder": 0.95},
          tactics_summary="plays a move drawn at random without weighing it on 95% of its "
                          "decisions, the tactical agent's choice on the rest"),
    Level("casual", MCTSAgent, Budget(seconds=1.0, calls=300), {},
          "a very short tree search", cutoff=CUTOFF,
          tactics={"blunder": 0.8},
          tactics_summary="plays carelessly (a move drawn at random) on 80% of its decisions"),
    Level("skilled", MCTSAgent, Budget(seconds=1.0, calls=1_500), {},
          "a short tree search", cutoff=CUTOFF,
          tactics={"blunder": 0.6},
          tactics_summary="plays carelessly on 60% of its decisions"),
    Level("expert", MCTSAgent, Budget(seconds=2.0, calls=6_000), {},
          "a tree search four times as long", cutoff=CUTOFF,
          tactics={"blunder": 0.35},
          tactics_summary="plays carelessly on 35% of its decisions"),
    Level("master", MCTSAgent, Budget(seconds=2.0, calls=30_000), {},
          "a long tree search", cutoff=CUTOFF,
          tactics={"blunder": 0.0},
          tactics_summary="the tactical agent at full strength: every decision priced"),
)
"""The levels, weakest first."""

__all__ = ["LEVELS", "TACTICAL_BUDGET", "Level", "missing_tactics_keywords"]
