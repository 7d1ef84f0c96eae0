"""Value functions: how good a state is for a player, as a number in [-1, 1].

A value function is any callable ``(state, player) -> float``. A finished game
is valued from its outcome: win 1, loss -1, draw 0, and with more than two
players the rank mapped linearly between them (``Outcome.returns``). Search
agents value the states where they stop looking with one.

``MaterialValue`` is the default, built from what a game declares and nothing
specific to one game:

- *material*: each entity counts its type's ``cost`` hint (or ``value``),
  times its health fraction when its type has an ``hp``-like parameter; an
  entity type with health and no cost hint counts 1, one with neither counts
  nothing;
- *score*: the game's score of each player when the game defines one, else
  the sum of the player parameters named as scores (``score``, ``points``,
  ``victory_points``, ``vp``), if it has any.

Each present term compares the player's own count with the opponents' mean,
and the terms are averaged with the weights of ``DEFAULT_WEIGHTS``, then scaled
by ``HEURISTIC_SCALE`` so that no unfinished state looks as good as a win.
Games with nothing to count (tic-tac-toe, connect four) value every unfinished
state at 0.

- Material is compared as a share, ``(own - theirs) / (|own| + |theirs|)``:
  every side starts with material, so the totals set the scale.
- Scores start at nothing, so a share would make the first point scored look
  like a won game (1 to 0 is a share of 1). A score lead is instead measured
  against how large scores get in the game, ``tanh((own - theirs) / scale)``.
  The ``scale`` is the game's own, found once per game (``score_scale``): the
  leading score at the end of a few seeded random games, a rough "points it
  takes to win". The curve is close to straight for small leads, so search
  weighs expected points evenly, and it flattens for large ones, so a player
  well ahead takes fewer risks and one well behind takes more.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable, Mapping
from typing import Any

from ..engine import Ctx, ForwardModel, Game, Rng, RuleError, State

ValueFunction = Callable[[State, int], float]
"""``(state, player) -> float`` in [-1, 1], from ``player``'s point of view."""

DEFAULT_WEIGHTS: Mapping[str, float] = {"material": 1.0, "score": 1.0}
"""How much each term of ``MaterialValue`` counts."""

HEALTH_PARAMS = ("hp", "health", "hit_points", "hitpoints", "life")
"""Parameter names read as health (current over maximum)."""

SCORE_PARAMS = ("score", "points", "victory_points", "vp")
"""Player parameter names read as a score."""

WORTH_HINTS = ("cost", "value")
"""Entity-type hints read as an entity's worth, first found wins."""

HEURISTIC_SCALE = 0.9
"""The largest value an unfinished state can have: below a win, above a loss."""

SCALE_GAMES = 8
"""How many seeded random games ``score_scale`` plays to measure a game's scores."""

SCALE_STEPS = 4_000
"""At most this many decisions in all, over those games: an unfinished game counts its scores
where it stopped, so a game with very long playouts costs a bounded time to measure."""

_scales: weakref.WeakKeyDictionary[ForwardModel[Any], float] = weakref.WeakKeyDictionary()
"""``score_scale`` per game, measured once."""


def terminal_value(state: State, player: int) -> float:
    """The value of a finished game for ``player``: win 1, loss -1, draw 0, ranks linear."""
    outcome = state.outcome
    assert outcome is not None, "terminal_value of a game that is not over"
    return outcome.returns[player]


def _compare(own: float, theirs: float) -> float:
    total = abs(own) + abs(theirs)
    return 0.0 if total == 0 else (own - theirs) / total


class MaterialValue:
    """The generic heuristic: material (cost hints times health) and the game's score."""

    def __init__(self, game: Game, weights: Mapping[str, float] | None = None) -> None:
        self.game = game
        self.weights = dict(DEFAULT_WEIGHTS if weights is None else weights)
        self.worth: dict[str, tuple[float, str | None, float]] = {}
        """Per entity type: worth, health parameter (or None), full health."""
        for et in game.entity_types.values():
            health = next((p for p in et.params if p.name in HEALTH_PARAMS), None)
            hint = next((et.hints[h] for h in WORTH_HINTS if h in et.hints), None)
            worth = float(hint) if hint is not None else (1.0 if health is not None else 0.0)
            if worth == 0:
                continue
            if health is None:
                self.worth[et.name] = (worth, None, 1.0)
            else:
                full = health.max if health.max is not None else health.default
                self.worth[et.name] = (worth, health.name, float(full) or 1.0)
        self.score_params = tuple(p.name for p in game.player_params if p.name in SCORE_PARAMS)
        self.counts_material = bool(self.worth) and self.weights.get("material", 0) != 0
        self.counts_score = ((getattr(game, "guide", None) is not None
                              or game.score is not None or bool(self.score_params))
                             and self.weights.get("score", 0) != 0)
        self.scale = score_scale(game, self.scores) if self.counts_score else 0.0
        """How large scores get in this game; 0 means unknown, and scores compare as shares."""
        self.base: float | None = None
        """The side's and the game's material at the set-up (``_against_the_game``)."""
        self.alone = game.against_the_game
        """A game played against the game itself (solitaire, or one team of everyone): the
        side's score and material count against nothing but the game's own (its neutral
        units), as there is no rival to compare with."""

    @property
    def counts_anything(self) -> bool:
        """Whether unfinished states can value other than 0."""
        return self.counts_material or self.counts_score

    def material(self, state: State) -> list[float]:
        """Each player's material: worth times health fraction, summed over their entities."""
        return self._tally(state)[0]

    def _tally(self, state: State) -> tuple[list[float], float]:
        """Each player's material, and that of the units no player owns (the game's own, in a
        game played against it)."""
        totals = [0.0] * len(state.players)
        neutral = 0.0
        worth = self.worth
        for e in state.entities.values():
            w = worth.get(e.type)
            if w is None or (e.owner is not None and not 0 <= e.owner < len(totals)):
                continue
            value, health, full = w
            if health is not None:
                value *= max(0.0, float(e.params[health])) / full
            if e.owner is None:
                neutral += value
            else:
                totals[e.owner] += value
        return totals, neutral

    def scores(self, state: State) -> list[float]:
        """Each player's score: the game's guide for agents (`end: guide`), else its own
        score, else its score parameters summed."""
        score = getattr(self.game, "guide", None) or self.game.score
        if score is not None:
            return [float(score(Ctx(state, p))) for p in range(len(state.players))]
        names = self.score_params
        return [float(sum(pl.params[k] for k in names)) for pl in state.players]

    def __call__(self, state: State, player: int) -> float:
        if state.outcome is not None:
            return state.outcome.returns[player]
        if not self.counts_anything:
            return 0.0
        total = weight = 0.0
        alone = self.alone
        if self.counts_material:
            w = self.weights["material"]
            counts, neutral = self._tally(state)
            total += w * (self._against_the_game(sum(counts), neutral) if alone
                          else _versus(counts, player))
            weight += abs(w)
        if self.counts_score:
            w = self.weights["score"]
            scores = self.scores(state)
            if alone:  # the side's score against how large scores get (nothing to beat)
                own = sum(scores)
                total += w * (math.tanh(own / self.scale) if self.scale > 0
                              else own / (abs(own) + 1))
            elif self.scale > 0:
                total += w * _lead(scores, player, self.scale)
            else:
                total += w * _versus(scores, player)
            weight += abs(w)
        return HEURISTIC_SCALE * total / weight if weight else 0.0

    def _against_the_game(self, own: float, theirs: float) -> float:
        """The side's material against the game's own, as a share of the most there has
        been (at least the set-up's): a player with no units of their own still gains as
        the game's units are worn down."""
        if self.base is None:
            counts, neutral = self._tally(self.game.new_state(0))
            self.base = sum(counts) + neutral
        total = max(abs(own) + abs(theirs), self.base)
        return 0.0 if total == 0 else (own - theirs) / total


def _versus(counts: list[float], player: int) -> float:
    """The player's count against the mean of the others', squashed into [-1, 1]."""
    n = len(counts)
    if n < 2:
        return 0.0
    theirs = (sum(counts) - counts[player]) / (n - 1)
    return _compare(counts[player], theirs)


def _lead(counts: list[float], player: int, scale: float) -> float:
    """The player's lead over the mean of the others', against ``scale``, squashed by tanh."""
    n = len(counts)
    if n < 2:
        return 0.0
    theirs = (sum(counts) - counts[player]) / (n - 1)
    return math.tanh((counts[player] - theirs) / scale)


def score_scale(game: ForwardModel[Any], scores: Callable[[State], list[float]]) -> float:
    """How large scores get in ``game``: the mean leading score at the end of random games.

    Plays ``SCALE_GAMES`` games from seeds 0, 1, ... with uniformly random
    choices (a fixed generator, so the figure is the same on every run), at
    most ``SCALE_STEPS`` decisions in all, and averages the highest absolute
    score of each. Measured once per game and kept; 0 when no score moved.
    """
    known = _scales.get(game)
    if known is not None:
        return known
    rng = Rng(SCALE_GAMES)
    left = SCALE_STEPS
    tops: list[float] = []
    for seed in range(SCALE_GAMES):
        state = game.new_state(seed)
        d = state.decision
        while d is not None and left > 0:
            action = d.actions[rng.below(len(d.actions))]
            try:
                state = game.apply(state, action, check=False)
            except RuleError as exc:  # the rules' fault: say where the agent met it
                raise RuleError(f"{exc} (met in a random game the agents play to measure "
                                f"the game's scores: seed {seed}, move {len(state.history) + 1}"
                                f", `{action}`)") from None
            d = state.decision
            left -= 1
        tops.append(max(abs(x) for x in scores(state)))
        if left <= 0:
            break
    scale = sum(tops) / len(tops)
    _scales[game] = scale
    return scale


def default_value(game: ForwardModel[Any]) -> ValueFunction:
    """The value function agents use unless given another: material and score for a game
    compiled from rules, the result alone (0 until the end) for any other forward model."""
    if isinstance(game, Game):
        return MaterialValue(game)
    return result_value


def result_value(state: State, player: int) -> float:
    """The value of a game's result for ``player``, 0 while it is not over."""
    outcome = state.outcome
    return 0.0 if outcome is None else outcome.returns[player]


__all__ = ["DEFAULT_WEIGHTS", "MaterialValue", "ValueFunction", "default_value", "result_value",
           "score_scale", "terminal_value"]
