"""Rolling-horizon evolution (``rhea``): evolve a plan of the next decisions, play its first.

A plan is a list of genes, one per decision over a horizon, each a number in [0, 1); gene
``g`` at a decision with ``n`` options picks option ``floor(g * n)``, so every plan is
legal in every state it meets, whatever came before. A plan is valued by playing it from
the state (the decisions of every player, the agent's and its opponents', read from the
plan: an opponent model as simple as the rest) and judging where it ends with the value
function, for the agent's player; chance comes from a re-seeded copy, so the search never
reads the real dice. A small population evolves by tournament selection, uniform crossover
and mutation, the best plan always kept (elitism). After a decision the best plan, shifted
by the decisions played since, seeds the next search (the *rolling* horizon).

In a game that hides information each valuation plays in a fresh determinization of the
view. The family follows Stratega's; see ``docs/agents.md``.
"""

from __future__ import annotations

import math
from typing import Any

from ..engine import CHANCE, Decision, ForwardModel, State, plural
from .base import Budget, Choice, SearchAgent, signed, told
from .value import ValueFunction, default_value


class RHEAAgent(SearchAgent):
    """Rolling-horizon evolution of plans over the next decisions."""

    hidden_reason = "Evolved plans in worlds that fit what it can see."

    code = "rhea"
    description = ("rolling-horizon evolution: a population of plans over the next decisions "
                   "evolved by selection, crossover and mutation; the best plan's first "
                   "move is played")
    default_budget = Budget(seconds=1.0, calls=30_000)

    def __init__(self, game: ForwardModel[Any], seed: int = 0, *, budget: Budget | None = None,
                 seconds: float | None = None, iterations: int | None = None,
                 calls: int | None = None, horizon: int = 12, population: int = 8,
                 mutation: float = 0.2, tournament: int = 2, shift: bool = True,
                 value: ValueFunction | None = None) -> None:
        super().__init__(game, seed, budget=budget, seconds=seconds, iterations=iterations,
                         calls=calls)
        for name, number, low in (("horizon", horizon, 1), ("population", population, 2),
                                  ("tournament", tournament, 1)):
            if isinstance(number, bool) or not isinstance(number, int) or number < low:
                raise ValueError(f"{self.code}: {name} must be a whole number of at least "
                                 f"{low} (got {number!r})")
        if (isinstance(mutation, bool) or not isinstance(mutation, int | float)
                or not math.isfinite(mutation) or not 0 <= mutation <= 1):
            raise ValueError(f"{self.code}: mutation must be between 0 and 1 "
                             f"(got {mutation!r})")
        self.horizon = horizon
        self.population = population
        self.mutation = float(mutation)
        self.tournament = tournament
        self.shift = shift
        self.value = value if value is not None else default_value(game)
        self._kept: list[float] | None = None
        self._kept_at = 0

    def reset(self, seed: int) -> None:
        super().reset(seed)
        self._kept, self._kept_at = None, 0

    # ------------------------------------------------------------------ valuing
    def _value(self, start: State, plan: list[float], me: int, limit: int) -> float:
        """Play ``plan`` from ``start`` (until ``game.calls`` reaches ``limit``) and value
        the state it reaches for ``me``."""
        game, rng = self.game, self.rng
        state = start
        if start.viewer is not None:
            state = game.determinize(start, rng)
        if game.info.chance:
            state = game.reseed(state, rng.below(1 << 30))
        for gene in plan:
            d = state.decision
            if d is None or game.calls >= limit:
                break
            if d.player == CHANCE:
                action = d.actions[rng.pick_weighted(d.weights or (1,) * len(d.actions))]
            else:
                action = d.actions[min(int(gene * len(d.actions)), len(d.actions) - 1)]
            state = game.apply(state, action, check=False)
        if state.outcome is not None:
            return state.outcome.returns[me]
        return self.value(state, me)

    # ----------------------------------------------------------------- evolving
    def _child(self, a: list[float], b: list[float]) -> list[float]:
        rng = self.rng
        child = [x if rng.random() < 0.5 else y for x, y in zip(a, b, strict=True)]
        for i in range(len(child)):
            if rng.random() < self.mutation:
                child[i] = rng.random()
        return child

    def _pick(self, scored: list[tuple[float, list[float]]]) -> list[float]:
        """Tournament selection: the best of ``tournament`` plans drawn at random."""
        rng = self.rng
        best = scored[rng.below(len(scored))]
        for _ in range(self.tournament - 1):
            other = scored[rng.below(len(scored))]
            if other[0] > best[0]:
                best = other
        return best[1]

    def choose(self, view: State, decision: Decision, budget: Budget | None = None) -> Choice:
        if len(decision.actions) == 1:
            return Choice(decision.actions[0], "the only option")
        meter = self.meter(budget)
        me, rng, h = decision.player, self.rng, self.horizon
        seeds: list[list[float]] = []
        played = len(view.history)
        if self.shift and self._kept is not None and played > self._kept_at:
            tail = self._kept[played - self._kept_at:]
            if tail:
                seeds.append(tail + [rng.random() for _ in range(h - len(tail))])
        while len(seeds) < self.population:
            seeds.append([rng.random() for _ in range(h)])
        scored: list[tuple[float, list[float]]] = []
        generations = 0
        for plan in seeds:
            if meter.spent() and scored:
                break
            scored.append((self._value(view, plan, me, meter.call_limit), plan))
            meter.iterations += 1
        while not meter.spent():
            generations += 1
            scored.sort(key=lambda s: -s[0])
            nxt = [scored[0]]  # the best plan is kept as it is
            while len(nxt) < self.population and not meter.spent():
                child = self._child(self._pick(scored), self._pick(scored))
                nxt.append((self._value(view, child, me, meter.call_limit), child))
                meter.iterations += 1
            scored = nxt
        scored.sort(key=lambda s: -s[0])
        value, best = scored[0]
        self._kept, self._kept_at = best, played
        n = len(decision.actions)
        action = decision.actions[min(int(best[0] * n), n - 1)]
        words = (f"{told(self.game, view, me, action)}: the first step of the best plan it "
                 f"found for the next {plural(self.horizon, 'decision')}.")
        figures = (f"[{generations} generations of {self.population} plans; the best "
                   f"valued {signed(value)}]")
        if view.viewer is not None:
            return Choice(action, "Evolved plans in worlds that fit what it can see.",
                          f"{words} {figures}")
        return Choice(action, words, figures)


__all__ = ["RHEAAgent"]
