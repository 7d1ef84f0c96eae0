"""The referee: one game between seats, advanced decision by decision.

``Match`` is the one loop that asks seats for their decisions. ``play`` (and so
``stratagem play`` and every tournament game) runs a match to its end; the web
page's session runs one that stops whenever a person at the page must decide and
resumes with their action. A seat is an ``Agent``, a roster code (built with a
seed derived from the match's), or ``None``: a seat answered from outside
(``Match.act``). Chance decisions are drawn from the match's own generator.

What a match keeps is its record: the seed, the seats, and the game's history
(each decision with the rolls it produced). So saving a match is saving its
``replay()``, and going back is rebuilding from that record (``rewind``).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..agents import Agent, Budget, make_agent
from ..agents.base import shared_reason
from ..engine import (
    CHANCE,
    Action,
    ForwardModel,
    Game,
    IllegalActionError,
    Outcome,
    Rng,
    RuleError,
    StratagemError,
)
from .narration import who
from .replay import Replay, game_digest, replay_meta, state_hash

HUMAN = "human"
"""The name a replay gives a seat answered from outside the match (``None`` in its seats)."""

MAX_DECISIONS = 100_000
"""Decisions ``Match.advance`` makes in one call before it gives up on a runaway game."""

StepHook = Callable[[Any, int, Action, str, Any], None]
"""Called after every decision: ``(before, player, action, rationale, after)``."""


@dataclass(frozen=True)
class TimeLimit:
    """Per-decision time rules for tournaments.

    Each agent's budget is capped at ``seconds`` per decision. A decision that
    takes longer than ``seconds`` plus ``grace`` counts as a warning against its
    seat; one longer than ``forfeit`` seconds (when set) loses the game on the
    spot: that seat is ranked last and every other seat shares first place.
    """

    seconds: float
    grace: float = 0.1
    forfeit: float | None = None

    def __post_init__(self) -> None:
        if not all(math.isfinite(x) for x in (self.seconds, self.grace, self.forfeit or 0)):
            raise ValueError(f"a time limit is a finite number of seconds (got {self})")
        if self.seconds <= 0:
            raise ValueError(f"a time limit must be positive (got {self.seconds})")
        if self.forfeit is not None and self.forfeit < self.seconds:
            raise ValueError(f"the forfeit limit ({self.forfeit} s) is below the time limit "
                             f"per decision ({self.seconds} s)")


@dataclass(frozen=True)
class MatchResult:
    """A finished match: its outcome, final state and replay, and how long each seat thought."""

    outcome: Outcome
    state: Any
    replay: Replay
    rationales: tuple[str, ...] = ()
    think: tuple[float, ...] = ()
    """Seconds each seat spent choosing, in total."""
    decisions: tuple[int, ...] = ()
    """Decisions each seat made."""
    slow: tuple[int, ...] = ()
    """Decisions of each seat over the time limit (warnings)."""
    forfeit: int | None = None
    """The seat that lost by running out of time, if one did."""


def forfeit_outcome(players: int, seat: int, reason: str) -> Outcome:
    """The outcome of a game a seat forfeited: it is last, the others share first place."""
    ranks = tuple(players if p == seat else 1 for p in range(players))
    winners = tuple(p for p in range(players) if p != seat)
    scores = tuple(-1.0 if p == seat else 1.0 for p in range(players))
    return Outcome(winners, ranks, scores, reason)


def capped(budget: Budget, seconds: float) -> Budget:
    """``budget`` with its time cut to at most ``seconds``."""
    own = budget.seconds
    return Budget(seconds if own is None else min(own, seconds), budget.iterations,
                  budget.calls)


def title(game: ForwardModel[Any]) -> str:
    """A game's name with its scenario, if it was built for one."""
    scenario = game.scenario if isinstance(game, Game) else ""
    return f"{game.name} ({scenario})" if scenario else game.name


class Match:
    """One game of ``game`` from ``seed`` between ``seats`` (one per player).

    ``advance`` lets the agents and chance decide until a seat answered from
    outside must decide, or the game is over; ``act`` gives that seat's action.
    ``on_step`` hears every decision (for narration and progress). ``time_limit``
    caps every agent's budget and enforces warnings and forfeits.
    """

    def __init__(self, game: ForwardModel[Any], seats: Sequence[Agent | str | None],
                 seed: int = 0, *, time_limit: TimeLimit | None = None,
                 on_step: StepHook | None = None) -> None:
        if len(seats) != len(game.players):
            fits = seating_for(game, len(seats))
            raise ValueError(f"{game.name} needs {len(game.players)} agents, got {len(seats)}"
                             + (f" (scenario {fits!r} seats {len(seats)}: load the game with "
                                "it)" if fits else ""))
        for a in seats:
            if isinstance(a, Agent) and a.game is not game and title(a.game) != title(game):
                raise ValueError(f"agent {a.code!r} was built for {title(a.game)}, not for "
                                 f"{title(game)}: build it with this game")
        self.game = game
        self.seed = seed
        seeder = Rng(seed)
        self.agents: list[Agent | None] = [
            make_agent(a, game, seed=seeder.fork()) if isinstance(a, str) else a
            for a in seats]
        self.names = tuple(HUMAN if a is None else a if isinstance(a, str) else a.code
                           for a in seats)
        self.chance = Rng(seeder.fork())
        self.time_limit = time_limit
        self.budgets = [None if time_limit is None or a is None else
                        capped(a.budget, time_limit.seconds) for a in self.agents]
        self.on_step = on_step
        n = len(game.players)
        self.think = [0.0] * n
        self.made = [0] * n
        self.slow = [0] * n
        self.forfeit: int | None = None
        self.forfeited: Outcome | None = None
        self.rationales: list[str] = []
        self.privates: list[str] = []
        """Beside each rationale, what only the deciding seat may read (``Choice.private``)."""
        self.state: Any = game.new_state(seed)

    # ---------------------------------------------------------------- where it stands
    @property
    def over(self) -> bool:
        """Whether the game has ended (by its rules, or by a forfeit)."""
        return self.forfeited is not None or self.state.decision is None

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, once it has."""
        return self.forfeited if self.forfeited is not None else self.state.outcome

    def waiting_for(self) -> int | None:
        """The seat answered from outside that must decide now, if any."""
        d = self.state.decision
        if self.forfeited is not None or d is None or d.player == CHANCE:
            return None
        return d.player if self.agents[d.player] is None else None

    # ---------------------------------------------------------------- playing
    def advance(self, limit: int = MAX_DECISIONS) -> None:
        """Let chance and the agents decide until a seat answered from outside must, or the
        game is over (``StratagemError`` after ``limit`` decisions in one call)."""
        game = self.game
        for _ in range(limit):
            d = self.state.decision
            if d is None or self.forfeited is not None:
                return
            if d.player == CHANCE:
                index = self.chance.pick_weighted(d.weights or (1,) * len(d.actions))
                self._record(CHANCE, d.actions[index], "chance")
                continue
            agent = self.agents[d.player]
            if agent is None:
                return
            started = time.perf_counter()
            choice = shared_reason(agent, agent.choose(game.view(self.state, d.player), d,
                                                       self.budgets[d.player]))
            took = time.perf_counter() - started
            self.think[d.player] += took
            self.made[d.player] += 1
            if self._out_of_time(d.player, took):
                return
            if not game.is_legal(self.state, choice.action):
                reason = game.why_illegal(self.state, choice.action)
                raise IllegalActionError(choice.action, f"agent {self.names[d.player]} chose "
                                         f"an action that is not legal: {reason}")
            self._record(d.player, choice.action, choice.rationale or "", choice.private or "")
        waiting = "decision from outside" if None in self.agents else "result"
        raise StratagemError(f"{game.name}: no {waiting} after {limit} decisions")

    def act(self, action: Action, rationale: str = "") -> None:
        """Play the action of the seat answered from outside that must decide now
        (``IllegalActionError`` if it is not legal; nothing changes then)."""
        player = self.waiting_for()
        if player is None:
            raise StratagemError("no seat answered from outside is to decide now")
        if not self.game.is_legal(self.state, action):
            raise IllegalActionError(action, self.game.why_illegal(self.state, action) or "")
        self._record(player, action, rationale)

    def follow(self, action: Action) -> bool:
        """Play a recorded ``action`` for whoever decides now, as the match would have come to
        it: the deciding agent (or the match's chance generator) is asked as well, so that it
        stands where it would after the game played in one go. The recorded action is played
        whatever the answer (``IllegalActionError`` if it is not legal; nothing changes then).
        Returns whether the answer was the recorded action (a seat answered from outside
        always agrees)."""
        d = self.state.decision
        if d is None or self.forfeited is not None:
            raise StratagemError(f"{self.game.name}: the game is over, there is nothing to play")
        if not self.game.is_legal(self.state, action):
            raise IllegalActionError(action, self.game.why_illegal(self.state, action) or "")
        agreed = True
        if d.player == CHANCE:
            index = self.chance.pick_weighted(d.weights or (1,) * len(d.actions))
            agreed = d.actions[index] == action
        elif (agent := self.agents[d.player]) is not None:
            choice = agent.choose(self.game.view(self.state, d.player), d, self.budgets[d.player])
            self.made[d.player] += 1
            agreed = choice.action == action
        self._record(d.player, action, "as recorded")
        return agreed

    def _out_of_time(self, player: int, took: float) -> bool:
        """Count a slow decision; end the game when it passed the forfeit limit."""
        limit = self.time_limit
        if limit is None:
            return False
        if took > limit.seconds + limit.grace:
            self.slow[player] += 1
        if limit.forfeit is not None and took > limit.forfeit:
            self.forfeit = player
            self.forfeited = forfeit_outcome(
                len(self.game.players), player,
                f"{self.game.players[player]} forfeits: a decision took {took:.2f} s "
                f"(forfeit limit {limit.forfeit:g} s)")
            return True
        return False

    def _record(self, player: int, action: Action, rationale: str, private: str = "") -> None:
        before = self.state
        try:
            self.state = self.game.apply(before, action)
        except RuleError as exc:  # say which move ran into it: the account never shows it
            failed = RuleError(f"{exc} (as {who(self.game, player)} played `{action}`, "
                               f"decision {len(self.rationales) + 1})")
            failed.located = exc.located
            raise failed from exc
        self.rationales.append(rationale)
        self.privates.append(private)
        if self.on_step is not None:
            self.on_step(before, player, action, rationale, self.state)

    def rewind(self, decisions: int) -> None:
        """Go back to the state after the first ``decisions`` decisions, rebuilt from the
        record (each action re-applied with the rolls it produced)."""
        history = self.state.history
        if not 0 <= decisions <= len(history):
            raise ValueError(f"cannot rewind to decision {decisions} of {len(history)}")
        state = self.game.new_state(self.seed)
        for rec in history[:decisions]:
            state = self.game.apply(state, rec.action, rolls=rec.rolls)
        self.state = state
        del self.rationales[decisions:]
        del self.privates[decisions:]
        self.forfeit = self.forfeited = None

    # ---------------------------------------------------------------- the record
    def replay(self) -> Replay:
        """The game so far as a replay (a forfeit is recorded in its ``meta``)."""
        records = tuple((r.player, str(r.action), r.rolls) for r in self.state.history)
        meta = replay_meta(self.game)
        if self.forfeit is not None:
            meta["forfeit"] = self.forfeit
        return Replay(self.game.name, self.seed, self.names, records, self.outcome,
                      state_hash(self.game, self.state), meta, game_digest(self.game))

    def result(self) -> MatchResult:
        """The finished match (``ValueError`` while it is not over)."""
        outcome = self.outcome
        if outcome is None:
            raise ValueError(f"{self.game.name}: the match is not over")
        return MatchResult(outcome, self.state, self.replay(), tuple(self.rationales),
                           tuple(self.think), tuple(self.made), tuple(self.slow), self.forfeit)


def play(game: ForwardModel[Any], agents: Sequence[Agent | str], seed: int = 0, *,
         max_decisions: int = MAX_DECISIONS, on_step: StepHook | None = None,
         time_limit: TimeLimit | None = None) -> MatchResult:
    """Play one game from ``game.new_state(seed)`` to the end.

    ``agents[p]`` decides for player p (roster codes are built with a seed
    derived from ``seed``). Each agent sees ``game.view(state, p)``. ``on_step(before,
    player, action, rationale, after)`` is called after every decision, for
    narration and progress. ``time_limit`` caps every decision's budget and
    enforces warnings and forfeits (see ``TimeLimit``).
    """
    check_play_arguments(game, agents, seed)
    match = Match(game, agents, seed, time_limit=time_limit, on_step=on_step)
    match.advance(max_decisions)
    return match.result()


def check_play_arguments(game: object, agents: object, seed: object) -> None:
    """``TypeError`` naming the argument of ``play`` that is of the wrong kind, and what it
    takes (a game passed by name, the agents as one comma-separated string, ...)."""
    if not all(hasattr(game, name) for name in ("new_state", "legal_actions", "apply")):
        hint = (f": stratagem.load({game!r}) gives the game" if isinstance(game, str) else "")
        raise TypeError(f"play(game, ...) takes a Game (or another forward model), not "
                        f"{type(game).__name__}{hint}")
    if isinstance(agents, str) or not isinstance(agents, Sequence):
        hint = (f": a list of agent codes such as {agents.split(',')!r}"
                if isinstance(agents, str) else "")
        raise TypeError(f"play(game, agents) takes a list of agents or agent codes, one "
                        f"per player, not {type(agents).__name__}{hint}")
    for i, a in enumerate(agents):
        if not isinstance(a, str | Agent):
            raise TypeError(f"play(game, agents): agents[{i}] is {type(a).__name__} {a!r}, "
                            "not an agent code (str) or an Agent")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"play(..., seed=...) takes an integer, not {type(seed).__name__}")


def seating_for(game: ForwardModel[Any], n: int) -> str:
    """A scenario of ``game``'s rules that seats ``n`` players (``""``: none does), for an
    error that was given the wrong number of seats (``Game.seated``)."""
    seated = getattr(game, "seated", None) or {}
    return next((s for s, names in seated.items() if s and len(names) == n), "")


__all__ = ["HUMAN", "MAX_DECISIONS", "Match", "MatchResult", "StepHook", "TimeLimit",
           "capped", "check_play_arguments", "forfeit_outcome", "play", "seating_for", "title"]
