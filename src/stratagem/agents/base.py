"""The agent contract: ``choose(view, decision, budget) -> Choice(action, rationale)``.

An agent is built for one game. It declares, as class attributes, the shapes of
game it can play (hidden information, chance, number of players); building it
for a game of another shape raises ``GameShapeError`` with one plain sentence.

A ``Budget`` bounds one decision by wall seconds, search iterations or
forward-model calls (the engine's ``game.calls`` counter, so a budget in calls
means the same search on every machine). ``Meter`` measures one decision's
spending against its budget. An agent given no budget uses its own default.
Under iteration and call budgets a seeded agent is deterministic.
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine import (
    Action,
    Decision,
    ForwardModel,
    Game,
    GameInfo,
    Rng,
    State,
    StratagemError,
    TooManyOutcomesError,
)

UNLIMITED = 1 << 62
"""A count no search reaches: stands for "no limit" in a ``Meter``."""


EXACT_OUTCOMES = 512
"""The most outcomes a search enumerates exactly for one action (``outcomes_or_sample``)."""

SAMPLES = 16
"""How many sampled results stand for an action of more outcomes than a search lists."""


def outcomes_or_sample(game: ForwardModel[Any], state: State, action: Action,
                       limit: int = EXACT_OUTCOMES) -> list[tuple[float, State]]:
    """The exact outcomes of ``action`` when there are at most ``limit`` of them (by default
    ``EXACT_OUTCOMES``); past that (eight dice rolled at once, a hand of five cards drawn),
    ``SAMPLES`` sampled results (at most ``limit``), each with its share of the
    probability and each rolled from a future of its own (``Game.sample_outcomes``): never
    the dice the state would roll next, which a search given the state itself would
    otherwise read. A model that cannot sample so gives one result of ``apply``."""
    try:
        return game.outcomes(state, action, limit=limit)
    except TooManyOutcomesError:
        if isinstance(game, Game):
            return game.sample_outcomes(state, action, max(1, min(SAMPLES, limit)))
        return [(1.0, game.apply(state, action, check=False))]


class GameShapeError(StratagemError, ValueError):
    """An agent built for a game of a shape it cannot play (hidden information, chance, players)."""


@dataclass(frozen=True)
class Budget:
    """How much an agent may spend on one decision: seconds, iterations, forward-model calls.

    Any limit left ``None`` does not apply; the first limit reached stops the
    search. A budget with no limit at all means "the agent's default".
    """

    seconds: float | None = None
    iterations: int | None = None
    calls: int | None = None

    def __post_init__(self) -> None:
        seconds = self.seconds
        if seconds is not None and (isinstance(seconds, bool)
                                    or not isinstance(seconds, int | float)):
            raise TypeError(f"Budget(seconds=...) takes a number of seconds or None, not "
                            f"{type(seconds).__name__} {seconds!r}")
        if seconds is not None and not (math.isfinite(seconds) and seconds > 0):
            raise ValueError(f"Budget(seconds=...) takes a finite number of seconds above 0 "
                             f"(got {seconds})")
        for name in ("iterations", "calls"):
            value = getattr(self, name)
            if value is None:
                continue
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"Budget({name}=...) takes a whole number or None, not "
                                f"{type(value).__name__} {value!r}")
            if value < 0:
                raise ValueError(f"a budget's {name} cannot be negative (got {value})")

    @property
    def is_empty(self) -> bool:
        """Whether no limit is set."""
        return self.seconds is None and self.iterations is None and self.calls is None

    def start(self, game: ForwardModel[Any]) -> Meter:
        """A meter that measures one decision against this budget, starting now."""
        return Meter(game, self)

    def __str__(self) -> str:
        parts = [f"{v} {k}" for k, v in (("s", self.seconds), ("iterations", self.iterations),
                                         ("calls", self.calls)) if v is not None]
        return ", ".join(parts) or "no limit"


UNSET_BUDGET = Budget(seconds=1.0)
"""What a decision may spend when neither the caller nor the agent sets a limit."""


class Meter:
    """The spending of one decision: iterations counted by the agent, calls by the engine.

    ``spent()`` says whether any limit is reached; search loops ask it before
    each unit of work, so a search stops within one unit of its budget.
    ``call_limit`` is the value of ``game.calls`` at which calls run out, for
    loops (such as rollouts) that check it directly. A budget with no limit at all
    (an agent of one's own that gives no ``default_budget``) is metered as
    ``UNSET_BUDGET``: a search is never left without an end.
    """

    __slots__ = ("call_limit", "deadline", "game", "iterations", "max_iterations",
                 "start_calls", "started")

    def __init__(self, game: ForwardModel[Any], budget: Budget) -> None:
        if budget.is_empty:
            budget = UNSET_BUDGET
        self.game = game
        self.started = time.perf_counter()
        self.start_calls = game.calls
        self.call_limit = UNLIMITED if budget.calls is None else game.calls + budget.calls
        self.max_iterations = UNLIMITED if budget.iterations is None else budget.iterations
        self.deadline = None if budget.seconds is None else self.started + budget.seconds
        self.iterations = 0

    @property
    def calls(self) -> int:
        """Forward-model calls made since the meter started."""
        return self.game.calls - self.start_calls

    @property
    def seconds(self) -> float:
        """Wall seconds since the meter started."""
        return time.perf_counter() - self.started

    def spent(self) -> bool:
        """Whether the budget is used up."""
        return (self.iterations >= self.max_iterations or self.game.calls >= self.call_limit
                or (self.deadline is not None and time.perf_counter() >= self.deadline))

    def summary(self) -> str:
        """The spending in words, for a rationale."""
        return f"{self.iterations} iterations, {self.calls} calls, {self.seconds:.2f} s"


@dataclass(frozen=True)
class Choice:
    """An agent's pick, with the reason in words a player understands."""

    action: Action
    rationale: str = ""
    """The reason, as every seat may read it: in a game that hides information it names
    nothing the other seats cannot see (no unseen cards, no unseen units)."""
    private: str = ""
    """What only the agent's own seat may read (the cards it weighed, the numbers it saw
    in its hand). Displays show it to that seat alone, never to an opponent."""


def shared_reason(agent: Agent, choice: Choice) -> Choice:
    """``choice`` as a match records it. In a game that hides information the reason every
    seat reads is the agent's ``hidden_reason``, the same at every decision: the count of a
    decision's options, or that it had one, tells of the hand it came from. The agent's own
    reason then goes to ``private``, for its seat alone."""
    if not agent.game.info.hidden or choice.rationale == agent.hidden_reason:
        return choice
    private = " — ".join(x for x in (choice.rationale, choice.private) if x)
    return Choice(choice.action, agent.hidden_reason, private)


class Agent:
    """Base of all agents. Built for one game; ``choose`` sees a view, never the true state.

    Class attributes say what the agent can play; ``__init__`` refuses any
    other game with a ``GameShapeError``. Every agent takes the same common
    keywords: ``budget``, or ``seconds``, ``iterations`` and ``calls`` to build
    one (an agent that does not search accepts them and spends nothing).
    """

    code = "agent"
    description = ""
    handles_hidden = True
    """Whether it can play games that withhold information from some player."""
    handles_chance = True
    """Whether it can play games with dice or random draws."""
    min_players = 1
    max_players: int | None = None
    default_budget = Budget()
    """What one decision may spend when ``choose`` is given no budget."""
    level: str | None = None
    """The difficulty level it was built as (``agents.levels``), if any."""
    seats: tuple[int, ...] | None = None
    """The players it can play (``None``: any). A programmed opponent written for one side
    plays only that side; the arena seats agents accordingly."""
    hidden_reason = ""
    """Its reason every seat reads in a game that hides information: one sentence for every
    decision (``shared_reason``), since even "the only option" tells of a hand."""

    def __init__(self, game: ForwardModel[Any], seed: int = 0, *, budget: Budget | None = None,
                 seconds: float | None = None, iterations: int | None = None,
                 calls: int | None = None) -> None:
        reason = self.refusal(game.info)
        if reason is not None:
            raise GameShapeError(f"{self.code} cannot play {game.name}: {reason}")
        self.game = game
        self.seed = seed
        if budget is None and not (seconds is None and iterations is None and calls is None):
            budget = Budget(seconds, iterations, calls)
        self.budget = budget if budget is not None and not budget.is_empty else self.default_budget

    @classmethod
    def refusal(cls, info: GameInfo) -> str | None:
        """Why this agent cannot play a game of this shape, or ``None`` if it can."""
        if info.hidden and not cls.handles_hidden:
            return "it has hidden information"
        if info.chance and not cls.handles_chance:
            return "it has chance"
        if info.players < cls.min_players or (cls.max_players is not None
                                              and info.players > cls.max_players):
            most = "any number" if cls.max_players is None else str(cls.max_players)
            return (f"it has {info.players} players, and this agent plays "
                    f"{cls.min_players} to {most}")
        return None

    def choose(self, view: State, decision: Decision, budget: Budget | None = None) -> Choice:
        raise NotImplementedError

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("choose")
        if own is not None and not getattr(own, "bounded", False):
            cls.choose = _bounded(own)  # type: ignore[method-assign]

    def reset(self, seed: int) -> None:
        """Prepare for a new game."""
        self.seed = seed

    def meter(self, budget: Budget | None) -> Meter:
        """A meter for one decision: ``budget``, or the agent's own when none is given."""
        chosen = budget if budget is not None and not budget.is_empty else self.budget
        return chosen.start(self.game)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.code}>"


class SearchAgent(Agent):
    """Base of the search agents: a seeded generator and a default budget settable by keyword.

    ``seconds``, ``iterations`` and ``calls`` build the agent's default budget
    (the roster passes them from text such as ``mcts:iterations=500``).
    """

    def __init__(self, game: ForwardModel[Any], seed: int = 0, *, budget: Budget | None = None,
                 seconds: float | None = None, iterations: int | None = None,
                 calls: int | None = None) -> None:
        super().__init__(game, seed, budget=budget, seconds=seconds, iterations=iterations,
                         calls=calls)
        self.rng = Rng(seed)

    def reset(self, seed: int) -> None:
        super().reset(seed)
        self.rng = Rng(seed)


def _bounded(choose: Callable[..., Choice]) -> Callable[..., Choice]:
    """``choose``, with the game's ``deadline`` set for as long as it runs when its budget
    has seconds: every forward-model call inside it, ``game.outcomes`` on a hundred dice
    included, then ends by the deadline."""
    @functools.wraps(choose)
    def bounded(self: Agent, view: State, decision: Decision,
                budget: Budget | None = None) -> Choice:
        chosen = budget if budget is not None and not budget.is_empty else self.budget
        if chosen.seconds is None:
            return choose(self, view, decision, budget)
        runtime = getattr(self.game, "runtime", None)  # a native game's; others have none
        if runtime is None:
            return choose(self, view, decision, budget)
        outer = runtime.deadline
        mine = time.perf_counter() + chosen.seconds
        runtime.deadline = mine if outer is None else min(outer, mine)
        try:
            return choose(self, view, decision, budget)
        finally:
            runtime.deadline = outer
    bounded.bounded = True  # type: ignore[attr-defined]
    return bounded


def told(game: ForwardModel[Any], view: State, player: int, action: Action) -> str:
    """An action as a reason tells it: the game's own sentence for it, capitalised
    (``Drops into column 4``)."""
    text = game.describe_action(view, player, action)
    return text[:1].upper() + text[1:]


def told_within(game: ForwardModel[Any], view: State, player: int, action: Action) -> str:
    """An action as a reason names it inside a sentence ("next best: …"): the game's own
    sentence for it as the game wrote it, its capitals kept (``bob faces South``)."""
    return game.describe_action(view, player, action)


def signed(value: float) -> str:
    """A value for a rationale: sign always shown, two decimals."""
    return f"{value:+.2f}"
