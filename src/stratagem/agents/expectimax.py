"""Depth-limited expectimax with exact chance nodes and iterative deepening (``expectimax``).

- Players' decisions are max nodes for the deciding player: with two players
  the search keeps one value from the root player's view (max for that player,
  min for the other); with more it keeps one value per player (max-n).
- Chance is exact: an action's value is the probability-weighted value of
  ``game.outcomes`` (rolls the engine would draw from the state's generator),
  and an explicit chance decision's value is the weighted value of its options.
  The search never reads the state's own future dice.
- Alpha-beta pruning applies when the game is deterministic and two-player
  (its outcomes are zero-sum: win 1, loss -1).
- Iterative deepening: depth 1, 2, ... until the budget runs out, the whole
  game tree has been searched, or ``depth`` is reached; each round searches
  the previous round's best line first. A round the budget cuts short is kept
  only when it finished the previous best move (so it saw at least as much).

A depth counts players' decisions; explicit chance decisions are free. Wins
are worth slightly more the sooner they come, losses slightly less the later.
"""

from __future__ import annotations

from typing import Any

from ..engine import CHANCE, Action, Decision, ForwardModel, State, plural
from .base import Budget, Choice, Meter, SearchAgent, outcomes_or_sample, signed, told
from .value import HEURISTIC_SCALE, ValueFunction, default_value

INF = float("inf")
SOONER = 1e-3
"""Per decision, how much a win loses (and a loss gains) for coming later."""


class _OutOfBudget(Exception):
    """Raised inside the search when the budget is used up."""


class ExpectimaxAgent(SearchAgent):
    """Expectimax (alpha-beta where sound) with iterative deepening, explaining its line."""

    code = "expectimax"
    description = ("depth-limited expectimax: exact chance nodes, alpha-beta in deterministic "
                   "two-player games, iterative deepening")
    handles_hidden = False
    default_budget = Budget(seconds=1.0, calls=20_000)
    """About a second a decision, as the other search agents (a slow game's 20,000 calls
    took several); the calls keep a fast machine's search the same size."""

    def __init__(self, game: ForwardModel[Any], seed: int = 0, *, budget: Budget | None = None,
                 seconds: float | None = None, iterations: int | None = None,
                 calls: int | None = None, depth: int = 64,
                 value: ValueFunction | None = None) -> None:
        super().__init__(game, seed, budget=budget, seconds=seconds, iterations=iterations,
                         calls=calls)
        if depth < 1:
            raise ValueError(f"{self.code}: depth must be at least 1 (got {depth})")
        self.depth = depth
        self.value = value if value is not None else default_value(game)
        self.players = len(game.players)
        self.chance = game.info.chance
        self.prune = not game.info.chance and self.players == 2
        # Per search: the root player, the meter, whether a depth limit cut any line.
        self._root = 0
        self._meter: Meter | None = None
        self._cut = False

    # ------------------------------------------------------------------ driver
    def choose(self, view: State, decision: Decision, budget: Budget | None = None) -> Choice:
        if len(decision.actions) == 1:
            return Choice(decision.actions[0], "the only option")
        meter = self.meter(budget)
        self._meter, self._root = meter, decision.player
        order = list(decision.actions)
        self.rng.shuffle(order)  # ties go to a seeded pick, not list order
        best: tuple[float, list[Action], int, bool] | None = None  # value, line, depth, whole
        for depth in range(1, self.depth + 1):
            self._cut = False
            pv = best[1] if best is not None else []
            result = self._search_root(view, order, depth, pv)
            if result is None:
                break
            value, line, finished = result
            # An unfinished round comes back only when it finished the previous best move
            # (searched first), so its pick saw at least as much as the round before.
            best = (value, line, depth, finished and not self._cut)
            if not finished or not self._cut:
                break
            meter.iterations += 1
            if meter.spent():
                break
        if best is None:
            action = order[0]
            return Choice(action, "no budget to search: picked at random")
        value, line, depth, whole = best
        reach = "the whole game tree" if whole else f"{plural(depth, 'decision')} deep"
        shown = ", ".join(map(str, line[:8])) + (", ..." if len(line) > 8 else "")
        outlook = ("it leads to a certain win" if whole and value > HEURISTIC_SCALE else
                   "it leads to a certain loss" if whole and value < -HEURISTIC_SCALE else
                   f"it is worth {signed(value)} on average")
        return Choice(line[0], f"{told(self.game, view, self._root, line[0])}: searched "
                               f"{reach}, {outlook} for "
                               f"{self.game.players[self._root]}. [expected line: {shown}; "
                               f"{meter.calls} calls]")

    def _search_root(self, state: State, order: list[Action], depth: int,
                     pv: list[Action]) -> tuple[float, list[Action], bool] | None:
        """The best root move at ``depth``: (value, line, finished), ``None`` if none finished."""
        if pv:
            order = [pv[0], *(a for a in order if a != pv[0])]
        best_v, best_line = -INF, list[Action]()
        alpha = -INF
        for action in order:
            try:
                if self.players <= 2:
                    v, line = self._edge2(state, action, depth, alpha, INF, 0, pv[1:])
                else:
                    vec, line = self._edge_n(state, action, depth, 0, pv[1:])
                    v = vec[self._root]
            except _OutOfBudget:
                return (best_v, best_line, False) if best_line else None
            pv = []
            if v > best_v:
                best_v, best_line = v, [action, *line]
                if self.prune:
                    alpha = v
        return best_v, best_line, True

    def _charge(self) -> None:
        meter = self._meter
        assert meter is not None
        if meter.spent():
            raise _OutOfBudget

    def _terminal(self, state: State, ply: int) -> tuple[float, ...]:
        assert state.outcome is not None
        fade = 1.0 - SOONER * min(ply, 500)
        return tuple(r * fade for r in state.outcome.returns)

    # ---------------------------------------------------------- two players
    def _edge2(self, state: State, action: Action, depth: int, alpha: float, beta: float,
               ply: int, pv: list[Action]) -> tuple[float, list[Action]]:
        """The value of taking ``action`` in ``state`` (root player's view), and the line after."""
        self._charge()
        if not self.chance:
            return self._node2(self.game.apply(state, action, check=False), depth - 1,
                               alpha, beta, ply + 1, pv)
        outs = outcomes_or_sample(self.game, state, action)
        total, line, likely = 0.0, [], -1.0
        for p, child in outs:
            v, sub = self._node2(child, depth - 1, -INF, INF, ply + 1, pv)
            total += p * v
            if p > likely:
                likely, line = p, sub
        return total, line

    def _node2(self, state: State, depth: int, alpha: float, beta: float, ply: int,
               pv: list[Action]) -> tuple[float, list[Action]]:
        d = state.decision
        if d is None:
            return self._terminal(state, ply)[self._root], []
        if d.player == CHANCE:
            return self._chance2(state, d, depth, ply, pv)
        if depth <= 0:
            self._cut = True
            return self.value(state, self._root), []
        actions: tuple[Action, ...] | list[Action] = d.actions
        if pv and pv[0] in d:
            actions = [pv[0], *(a for a in d.actions if a != pv[0])]
        maximize = d.player == self._root or self.players == 1
        best = -INF if maximize else INF
        best_line: list[Action] = []
        for i, action in enumerate(actions):
            v, line = self._edge2(state, action, depth, alpha, beta, ply,
                                  pv[1:] if i == 0 and pv else [])
            if maximize:
                if v > best:
                    best, best_line = v, [action, *line]
                if self.prune and best > alpha:
                    alpha = best
            else:
                if v < best:
                    best, best_line = v, [action, *line]
                if self.prune and best < beta:
                    beta = best
            if self.prune and alpha >= beta:
                break
        return best, best_line

    def _chance2(self, state: State, d: Decision, depth: int, ply: int,
                 pv: list[Action]) -> tuple[float, list[Action]]:
        weights = d.weights or (1,) * len(d.actions)
        total_w = sum(weights)
        total, line, likely = 0.0, [], -1
        for action, w in zip(d.actions, weights, strict=True):
            self._charge()
            child = self.game.apply(state, action, check=False)
            v, sub = self._node2(child, depth, -INF, INF, ply, pv)
            total += w * v
            if w > likely:
                likely, line = w, sub
        return total / total_w, line

    # ---------------------------------------------------------- n players
    def _edge_n(self, state: State, action: Action, depth: int, ply: int,
                pv: list[Action]) -> tuple[tuple[float, ...], list[Action]]:
        self._charge()
        if not self.chance:
            return self._node_n(self.game.apply(state, action, check=False), depth - 1,
                                ply + 1, pv)
        total = [0.0] * self.players
        line: list[Action] = []
        likely = -1.0
        for p, child in outcomes_or_sample(self.game, state, action):
            vec, sub = self._node_n(child, depth - 1, ply + 1, pv)
            for k in range(self.players):
                total[k] += p * vec[k]
            if p > likely:
                likely, line = p, sub
        return tuple(total), line

    def _node_n(self, state: State, depth: int, ply: int,
                pv: list[Action]) -> tuple[tuple[float, ...], list[Action]]:
        d = state.decision
        if d is None:
            return self._terminal(state, ply), []
        if d.player == CHANCE:
            weights = d.weights or (1,) * len(d.actions)
            total_w = sum(weights)
            total = [0.0] * self.players
            line: list[Action] = []
            likely = -1
            for action, w in zip(d.actions, weights, strict=True):
                self._charge()
                vec, sub = self._node_n(self.game.apply(state, action, check=False), depth,
                                        ply, pv)
                for k in range(self.players):
                    total[k] += w * vec[k] / total_w
                if w > likely:
                    likely, line = w, sub
            return tuple(total), line
        if depth <= 0:
            self._cut = True
            return tuple(self.value(state, p) for p in range(self.players)), []
        actions: tuple[Action, ...] | list[Action] = d.actions
        if pv and pv[0] in d:
            actions = [pv[0], *(a for a in d.actions if a != pv[0])]
        best: tuple[float, ...] | None = None
        best_line: list[Action] = []
        for i, action in enumerate(actions):
            vec, sub = self._edge_n(state, action, depth, ply, pv[1:] if i == 0 and pv else [])
            if best is None or vec[d.player] > best[d.player]:
                best, best_line = vec, [action, *sub]
        assert best is not None
        return best, best_line


__all__ = ["ExpectimaxAgent"]
