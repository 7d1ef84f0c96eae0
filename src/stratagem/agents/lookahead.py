"""One-step lookahead (``osla``) and the greedy whole-turn planner (``greedy-turn``).

Both value an action by the exact expected value of the states it leads to,
``sum(p * value(s) for p, s in game.outcomes(state, action))``: the dice are
enumerated, never read from the state's generator, so neither agent can know
the real future rolls. Ties are broken with the agent's seeded generator.
"""

from __future__ import annotations

from typing import Any

from ..engine import Action, Decision, ForwardModel, State
from .base import (
    EXACT_OUTCOMES,
    UNLIMITED,
    Budget,
    Choice,
    Meter,
    SearchAgent,
    outcomes_or_sample,
    signed,
    told,
    told_within,
)
from .value import ValueFunction, default_value

TOP = 3
"""How many candidates a rationale names."""

TIE = 1e-9
"""Values closer than this are a tie."""

SAID_STEPS = 3
"""How many steps of its planned turn greedy-turn's public reason names."""


class OSLAAgent(SearchAgent):
    """Values each legal action by its expected outcome and picks the best.

    In a game with hidden information it averages each action's value over
    ``samples`` determinizations of what it sees. With ``noise`` above 0 it
    plays a uniformly random option that often instead (a weaker opponent for
    beginners: ``noise=1`` is the random agent).
    """

    code = "osla"
    description = ("one-step lookahead: each action valued by the exact expected value of "
                   "its outcomes, best taken")
    default_budget = Budget(calls=5_000)

    def __init__(self, game: ForwardModel[Any], seed: int = 0, *, budget: Budget | None = None,
                 seconds: float | None = None, iterations: int | None = None,
                 calls: int | None = None, samples: int = 8, noise: float = 0.0,
                 value: ValueFunction | None = None) -> None:
        super().__init__(game, seed, budget=budget, seconds=seconds, iterations=iterations,
                         calls=calls)
        if samples < 1:
            raise ValueError(f"{self.code}: samples must be at least 1 (got {samples})")
        if not 0.0 <= noise <= 1.0:
            raise ValueError(f"{self.code}: noise must be between 0 and 1 (got {noise})")
        self.samples = samples
        self.noise = noise
        self.value = value if value is not None else default_value(game)

    # ------------------------------------------------------------------ scoring
    def score(self, states: list[State], actions: tuple[Action, ...], player: int,
              meter: Meter) -> list[tuple[Action, float, list[tuple[float, State]]]]:
        """Each action's mean expected value over ``states``, in ``actions`` order (under a
        budget of calls too small for one each, in a seeded order of its own).

        Stops when the budget runs out: the actions not reached are left out.
        The outcomes of the first state come back too, for planning. Under a budget of
        calls, each action in each state gets an equal share of what is left: an action
        with more outcomes than its share is valued by one sampled result (a different
        one in each world), so that every action is valued.
        """
        game, value = self.game, self.value
        scored: list[tuple[Action, float, list[tuple[float, State]]]] = []
        limit = EXACT_OUTCOMES
        order: Any = actions
        if meter.call_limit < UNLIMITED:
            left = meter.call_limit - game.calls
            if len(actions) * len(states) > left:
                # Too few calls for every option in every world: fewer worlds each, so that
                # every option is valued; too few for one each, a sample of the options in
                # an order of its own, not the first ones listed.
                states = states[:max(1, left // max(1, len(actions)))]
                if len(actions) > left:
                    order = list(actions)
                    self.rng.shuffle(order)
            share = left // max(1, len(actions) * len(states))
            limit = max(1, min(EXACT_OUTCOMES, share))
        for action in order:
            total, counted, first = 0.0, 0, None
            for state in states:
                if meter.spent():
                    break
                if state.decision is None or action not in state.decision:
                    continue  # a determinization in which this option is not open
                outs = outcomes_or_sample(game, state, action, limit)
                if first is None:
                    first = outs
                total += sum(p * value(s, player) for p, s in outs)
                counted += 1
            if first is not None:
                meter.iterations += 1
                scored.append((action, total / counted, first))
            if meter.spent():
                break
        return scored

    def best(self, scored: list[tuple[Action, float, list[tuple[float, State]]]],
             decision: Decision) -> int:
        """Index of the best scored action (ties by the generator; any option if none scored)."""
        if not scored:
            return -1
        top = max(v for _, v, _ in scored)
        tied = [i for i, (_, v, _) in enumerate(scored) if v >= top - TIE]
        return tied[self.rng.below(len(tied))] if len(tied) > 1 else tied[0]

    def samples_of(self, view: State) -> list[State]:
        """The states to value actions in: the view itself, or determinizations of it."""
        if view.viewer is None:
            return [view]
        return [self.game.determinize(view, self.rng) for _ in range(self.samples)]

    def choose(self, view: State, decision: Decision, budget: Budget | None = None) -> Choice:
        if len(decision.actions) == 1:
            return Choice(decision.actions[0], "the only option")
        if self.noise and self.rng.random() < self.noise:
            action = decision.actions[self.rng.below(len(decision.actions))]
            return Choice(action, f"played at random (it does so {self.noise:.0%} of the time)")
        meter = self.meter(budget)
        scored = self.score(self.samples_of(view), decision.actions, decision.player, meter)
        i = self.best(scored, decision)
        if i < 0:
            action = decision.actions[self.rng.below(len(decision.actions))]
            return Choice(action, "no budget to look ahead: picked at random")
        words = self._ranking(view, decision.player, scored, i, len(decision.actions))
        figures = self.figures(view, decision.player, scored, i)
        if view.viewer is not None:  # hidden information: what it weighed, to its seat only
            worlds = len(self.samples_of_count(view))
            return Choice(scored[i][0], f"Chose by looking one move ahead in {worlds} worlds "
                                        "that fit what it can see.", f"{words} {figures}")
        return Choice(scored[i][0], words, figures)

    def samples_of_count(self, view: State) -> range:
        """How many worlds ``samples_of`` values actions in, for a reason."""
        return range(1 if view.viewer is None else self.samples)

    def _ranking(self, view: State, player: int,
                 scored: list[tuple[Action, float, list[tuple[float, State]]]], chosen: int,
                 options: int) -> str:
        """The choice in the game's words: why it is the best, or that every option
        looked alike, and the runner-up."""
        game = self.game
        order = sorted(range(len(scored)), key=lambda j: (j != chosen, -scored[j][1]))
        best = told(game, view, player, scored[chosen][0])
        partial = "" if len(scored) == options else f" ({len(scored)} of {options} valued)"
        values = {round(v, 9) for _, v, _ in scored}
        if len(scored) == 1:  # the budget ran out after one: it is the pick, not a tie
            return (f"{best}: the only option it had the budget to value one move ahead"
                    f"{partial}.")
        if len(values) == 1:
            return (f"{best}: all {len(scored)} options look alike one move ahead"
                    f"{partial}, so it picked one at random.")
        text = f"{best}: the best expected result one move ahead{partial}"
        rest = [j for j in order[1:TOP]]
        if rest:
            named = "; ".join(told_within(game, view, player, scored[j][0]) for j in rest)
            text += f"; next best: {named}"
        return text + "."

    def figures(self, view: State, player: int,
                scored: list[tuple[Action, float, list[tuple[float, State]]]],
                chosen: int) -> str:
        """The values behind the reason, for whoever asks (``Choice.private``)."""
        order = sorted(range(len(scored)), key=lambda j: (j != chosen, -scored[j][1]))
        return "[" + "; ".join(f"{scored[j][0]}: {signed(scored[j][1])}"
                               for j in order[:TOP]) + "]"


class GreedyTurnAgent(OSLAAgent):
    """Plans its whole turn greedily, one lookahead step at a time, and follows the plan.

    The plan repeats the one-step choice while the same player keeps deciding,
    assuming each action's most likely outcome. It is followed while the game
    reaches exactly the states it predicted, and made again otherwise.
    """

    code = "greedy-turn"
    description = ("plans a whole multi-action turn greedily (one-step lookahead per "
                   "action) and follows it while the game goes as predicted")
    handles_hidden = False

    def __init__(self, game: ForwardModel[Any], seed: int = 0, *, budget: Budget | None = None,
                 seconds: float | None = None, iterations: int | None = None,
                 calls: int | None = None, max_plan: int = 32,
                 value: ValueFunction | None = None) -> None:
        super().__init__(game, seed, budget=budget, seconds=seconds, iterations=iterations,
                         calls=calls, value=value)
        if max_plan < 1:
            raise ValueError(f"{self.code}: max_plan must be at least 1 (got {max_plan})")
        self.max_plan = max_plan
        self.plan: list[tuple[Action, State]] = []
        """The actions still to take, each with the state it is expected to lead to."""
        self.expected: State | None = None
        """The state the next planned action is meant for."""

    def reset(self, seed: int) -> None:
        super().reset(seed)
        self.plan, self.expected = [], None

    def choose(self, view: State, decision: Decision, budget: Budget | None = None) -> Choice:
        if self.plan and self.expected is not None and view == self.expected:
            action, after = self.plan.pop(0)
            self.expected = after
            left = len(self.plan)
            more = f" ({left} more to go)" if left else " (its last step)"
            return Choice(action, f"Carries on with the plan it made this turn{more}.")
        meter = self.meter(budget)
        plan: list[tuple[Action, State]] = []
        words: list[str] = []
        expected = 0.0
        state = view
        player = decision.player
        while len(plan) < self.max_plan:
            d = state.decision
            if d is None or d.player != player or (plan and meter.spent()):
                break
            scored = self.score([state], d.actions, player, meter)
            i = self.best(scored, d)
            if i < 0:
                break
            action, v, outs = scored[i]
            likely = max(range(len(outs)), key=lambda j: outs[j][0])
            state = outs[likely][1]
            plan.append((action, state))
            words.append(told(self.game, state, player, action))
            expected = v
        if not plan:
            action = decision.actions[self.rng.below(len(decision.actions))]
            return Choice(action, "no budget to look ahead: picked at random")
        (action, after), self.plan = plan[0], plan[1:]
        self.expected = after
        lowered = [words[0]] + [w[:1].lower() + w[1:] for w in words[1:]]
        steps = ", then ".join(lowered[:SAID_STEPS])
        if len(lowered) > SAID_STEPS:
            steps += f", and {len(lowered) - SAID_STEPS} more step(s)"
        return Choice(action, f"Plans its turn one best step at a time: {steps}.",
                      f"[the whole plan: {', then '.join(lowered)}; expected "
                      f"{signed(expected)} at the end of the turn]")


__all__ = ["GreedyTurnAgent", "OSLAAgent"]
