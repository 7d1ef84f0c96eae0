"""Evaluating a programmed opponent (`stratagem evaluate-program`): strength, use, sense.

- **Strength**: games against baseline agents from every seat the program may take,
  win rate with a Wilson 95% interval per baseline.
- **Coverage**: how many decisions each state and each rule made, how often each
  trigger fired, and how often the fallback had to act (a gap in the program).
- **Plausibility**: for a sample of the program's decisions, every legal action is
  valued by a reference — the expected value, over the action's exact outcome
  distribution, of the game's value function (what the one-step lookahead agent
  maximises), or with ``depth`` N, of the best the program could go on to within its
  own turn, up to N of its decisions in a row (a push-your-luck roll is then worth the
  stop after it) — and the program's choice is compared with the best: the mean regret
  and the share of blunders (a regret above ``blunder``).
- **Where to look**: the positions of the worst blunders (each a saved state a person
  can open with ``stratagem show``, with the state, rule, choice and best choice), the
  rules and triggers that never acted, and the author's own measures: a condition
  checked after each action of a given type the program takes (``measures``), such as
  "no dice rolled" after each roll.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ..agents.base import outcomes_or_sample
from ..agents.program import Program, ProgramAgent
from ..agents.program.model import Expr
from ..agents.value import default_value
from ..engine import Action, Game, Rng, State, StratagemError
from .match import play
from .measures import held_after
from .stats import wilson


@dataclass
class Versus:
    """The program's results against one baseline."""

    baseline: str
    games: int = 0
    wins: int = 0
    draws: int = 0

    @property
    def losses(self) -> int:
        return self.games - self.wins - self.draws

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)


@dataclass(frozen=True)
class Blunder:
    """A position where the program's choice was worth much less than the best one."""

    regret: float
    state: str
    """The position, serialized (``game.serialize``): save it and ``stratagem show`` it."""
    program_state: str
    rule: str
    chosen: str
    best: str
    game: int
    """Which game of the evaluation (from 1, across the baselines in order)."""


@dataclass
class Measure:
    """An author's measure: how often ``test`` held after the program took ``action``."""

    name: str
    action: str
    test: Expr
    times: int = 0
    held: int = 0

    @property
    def share(self) -> float:
        return self.held / self.times if self.times else 0.0


@dataclass
class Evaluation:
    """Everything ``evaluate_program`` measured."""

    program: str
    versus: list[Versus] = field(default_factory=list)
    states: Counter[str] = field(default_factory=Counter)
    rules: Counter[tuple[str, str]] = field(default_factory=Counter)
    triggers: Counter[str] = field(default_factory=Counter)
    decisions: int = 0
    fallbacks: int = 0
    sampled: int = 0
    regret: float = 0.0
    blunders: int = 0
    worst: list[Blunder] = field(default_factory=list)
    measures: list[Measure] = field(default_factory=list)
    never_used: list[str] = field(default_factory=list)
    """Rules (``state: rule``) and triggers that never acted in any game."""

    @property
    def mean_regret(self) -> float:
        return self.regret / self.sampled if self.sampled else 0.0

    @property
    def blunder_rate(self) -> float:
        return self.blunders / self.sampled if self.sampled else 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "program": self.program,
            "versus": [{"baseline": v.baseline, "games": v.games, "wins": v.wins,
                        "draws": v.draws, "losses": v.losses,
                        "win_low": round(v.interval[0], 4),
                        "win_high": round(v.interval[1], 4)} for v in self.versus],
            "decisions": self.decisions, "fallbacks": self.fallbacks,
            "states": dict(self.states),
            "rules": {f"{s}:{r}": n for (s, r), n in self.rules.items()},
            "triggers": dict(self.triggers),
            "plausibility": {"sampled": self.sampled, "mean_regret": round(self.mean_regret, 5),
                             "blunder_rate": round(self.blunder_rate, 4)},
            "worst": [{"regret": round(b.regret, 5), "game": b.game, "state": b.program_state,
                       "rule": b.rule, "chosen": b.chosen, "best": b.best}
                      for b in self.worst],
            "measures": [{"name": m.name, "action": m.action, "times": m.times,
                          "held": m.held, "share": round(m.share, 4)} for m in self.measures],
            "never_used": list(self.never_used),
        }


MAX_DEPTH = 6
"""The most of its own decisions in a row the plausibility reference looks ahead."""

EXACT = 4096
"""The most outcomes the one-step reference lists for one option (four dice rolled one by
one are 1,296); past that it weighs sampled ones (``outcomes_or_sample``)."""

AHEAD = 64
"""The most outcomes an option lists when the reference looks further ahead; past that
it weighs ``SAMPLES`` sampled ones. Listing is cut short as soon as the count passes
this, so a roll of many dice costs a few dozen trials, not the thousand of an exact list,
at every decision looked ahead to."""


def _values(game: Game, state: State, player: int, actions: tuple[Action, ...],
            depth: int = 1) -> list[float]:
    """Each action's worth to ``player``: see the module's notes (``depth``)."""
    value = default_value(game)
    limit = EXACT if depth == 1 else AHEAD
    return [_action_worth(game, state, player, a, depth, value, limit) for a in actions]


def _action_worth(game: Game, state: State, player: int, action: Action, depth: int,
                  value: Any, limit: int = 0) -> float:
    limit = limit or AHEAD
    return sum(p * _worth(game, after, player, depth - 1, value)
               for p, after in outcomes_or_sample(game, state, action, limit))


def _worth(game: Game, state: State, player: int, depth: int, value: Any) -> float:
    """The value function's verdict on ``state``, or while ``player`` decides again (its
    turn goes on) and ``depth`` is left, the best of its options."""
    d = state.decision
    if depth < 1 or d is None or d.player != player:
        return float(value(state, player))
    return max(_action_worth(game, state, player, a, depth, value) for a in d.actions)


SOLO = "the game itself"
"""The baseline a program plays against in a solitaire game: none but the game."""


def evaluate_program(program: Program, game: Game, *, baselines: tuple[str, ...] = ("random",),
                     games: int = 20, seed: int = 0, sample_every: int = 5,
                     blunder: float = 0.05, progress: Any = None, keep_worst: int = 5,
                     measures: tuple[tuple[str, str, Expr], ...] = (),
                     depth: int = 1) -> Evaluation:
    """Play ``games`` games against each baseline (seats alternating where the program may
    take either side) and measure strength, coverage and plausibility, keeping the
    ``keep_worst`` worst blunders and counting each ``(name, action, test)`` measure.
    ``sample_every=0`` skips the plausibility sample (the costly part); ``depth`` is how
    many of its own decisions in a row the reference looks ahead (see the notes)."""
    if isinstance(depth, bool) or not isinstance(depth, int) or not 1 <= depth <= MAX_DEPTH:
        raise StratagemError(f"the reference looks 1 to {MAX_DEPTH} decisions ahead, not "
                             f"{depth!r}")
    ev = Evaluation(program.name)
    ev.measures = [Measure(name, action, test) for name, action, test in measures]
    played = 0
    seats = ([program.side] if program.side is not None
             else list(range(len(game.players))))
    if not baselines:
        raise StratagemError("a program is evaluated against at least one baseline agent")
    if any(b.split(":", 1)[0].strip() == "human" for b in baselines):
        raise StratagemError("a baseline plays unattended: 'human' cannot be one")
    rng = Rng(seed)
    # Every other seat is the baseline's; a solitaire game is played by the program alone,
    # against the game itself (its wins are the games it won).
    solo = len(game.players) == 1
    for baseline in ((SOLO,) if solo else baselines):
        vs = Versus(baseline)
        for g in range(games):
            seat = seats[g % len(seats)]
            agent = ProgramAgent(game, seed=rng.fork(), program=program)
            lineup: list[Any] = [baseline] * len(game.players)
            lineup[seat] = agent
            count = [0]

            def watch(before: State, player: int, action: Action, why: str, after: State,
                      seat: int = seat, count: list[int] = count,
                      agent: ProgramAgent = agent, number: int = played + 1) -> None:
                if player != seat:
                    return
                for m in ev.measures:
                    if action.type == m.action:
                        m.times += 1
                        m.held += held_after(m.test, after, seat, action)
                count[0] += 1
                if not sample_every or count[0] % sample_every or before.decision is None:
                    return
                actions = before.decision.actions
                if len(actions) < 2:
                    return
                values = _values(game, before, seat, actions, depth)
                chosen = values[actions.index(action)]
                loss = max(values) - chosen
                ev.sampled += 1
                ev.regret += loss
                ev.blunders += loss > blunder
                if keep_worst and loss > blunder and (
                        len(ev.worst) < keep_worst or loss > ev.worst[-1].regret):
                    step = agent.trace[-1] if agent.trace else None
                    best = actions[values.index(max(values))]
                    ev.worst.append(Blunder(loss, game.serialize(before),
                                            step.state if step else "",
                                            step.rule if step else "", str(action), str(best),
                                            number))
                    ev.worst.sort(key=lambda b: -b.regret)
                    del ev.worst[keep_worst:]

            result = play(game, lineup, seed=rng.fork(), on_step=watch)
            played += 1
            vs.games += 1
            if result.outcome.is_draw:
                vs.draws += 1
            elif seat in result.outcome.winners:
                vs.wins += 1
            for step in agent.trace:
                ev.decisions += 1
                ev.states[step.state] += 1
                ev.rules[step.state, step.rule] += 1
                ev.fallbacks += step.fallback
                if step.trigger:
                    ev.triggers[step.trigger] += 1
            if progress is not None:
                progress(baseline, g + 1, games)
        ev.versus.append(vs)
    for st in program.states.values():
        for rule in st.all_rules():
            if not ev.rules[st.name, rule.label]:
                ev.never_used.append(f"{st.name}: rule {rule.label}")
        for t in st.triggers:
            if not ev.triggers[f"{st.name} → {t.go} (trigger {t.number})"]:
                ev.never_used.append(f"{st.name}: trigger {t.number} (to {t.go})")
    return ev
