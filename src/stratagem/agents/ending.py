"""What the end of a game by rounds will say, for search that stops looking before it.

Many games end at a round limit (``end: round_limit``): the players still standing are
then ranked by the game's score, or, in a game that keeps none, share first place (a draw
between the two sides of a battle). A value function that counts material says nothing
of that: a side ahead by material looks ahead whether ten rounds remain to turn its lead
into a win or none, and a search judged by it is content to sit on its lead while the
clock runs out.

``EndingValue`` wraps a value function with what the round limit will say:

- the *verdict* of a state is the result the round limit would give if the game ended
  now (``limit_returns``): rank by score among the players standing, the eliminated
  after them, as the engine ranks them;
- with ``r`` rounds left, the current one included, the value is the wrapped value times
  ``r / (r + HOLD)`` plus the verdict times ``HOLD / (r + HOLD)``: far from the end a lead
  counts almost in full, in the last round it counts for ``1 / (1 + HOLD)``, and the rest
  is what the end will say. A win reached before the end keeps its full value, so the
  search has a reason to finish the job.

A game without a round limit keeps its value function unchanged (``ends_by_rounds``).
"""

from __future__ import annotations

from typing import Any

from ..engine import Ctx, ForwardModel, Game, Outcome, State
from .value import ValueFunction

HOLD = 1.0
"""How fast the value leans toward the round limit's verdict as rounds run out: the share
of the verdict is ``HOLD / (r + HOLD)`` with ``r`` rounds left."""


def round_limit(game: ForwardModel[Any]) -> int | None:
    """The round after which ``game`` ends by its round limit, or None (no such limit, or a
    forward model whose states do not count rounds)."""
    if not isinstance(game, Game):
        return None
    return game.round_limit


def rounds_left(game: Game, state: State) -> int | None:
    """The rounds still to play in ``state``, the current one included (1 in the last
    round); None when the game has no round limit."""
    limit = game.round_limit
    if limit is None:
        return None
    return max(1, limit - state.flow.round + 1)


def limit_returns(game: Game, state: State) -> tuple[float, ...]:
    """The returns the round limit would give if the game ended in ``state``: the players
    standing first, ranked by the game's score (all together when it keeps none), then the
    eliminated, the last eliminated first; returns linear in rank (``Outcome.returns``)."""
    n = len(state.players)
    alive = [p for p in range(n) if state.players[p].alive]
    score = game.score
    if score is None:
        groups = [tuple(alive)]
    else:
        scores = {p: score(Ctx(state, p)) for p in alive}
        groups = [tuple(p for p in alive if scores[p] == v)
                  for v in sorted(set(scores.values()), reverse=True)]
    groups += list(reversed(state.flow.eliminated))
    ranks = [0] * n
    placed = 0
    for group in groups:
        for p in group:
            ranks[p] = placed + 1
        placed += len(group)
    winners = tuple(p for p in range(n) if ranks[p] == 1)
    return Outcome(winners if len(winners) < n else (), tuple(ranks), (), "").returns


class EndingValue:
    """A value function that knows the game ends at a round limit (see the module)."""

    def __init__(self, game: Game, value: ValueFunction, hold: float = HOLD) -> None:
        if game.round_limit is None:
            raise ValueError(f"{game.name} has no round limit")
        if not hold > 0:
            raise ValueError(f"hold must be above 0 (got {hold})")
        self.game = game
        self.value = value
        self.hold = float(hold)

    def __repr__(self) -> str:
        return f"{self.value!r}, leaning toward the round limit's verdict as rounds run out"

    def lean(self, state: State) -> float:
        """The share of the round limit's verdict in the value of ``state``."""
        left = rounds_left(self.game, state)
        assert left is not None
        return self.hold / (left + self.hold)

    def __call__(self, state: State, player: int) -> float:
        outcome = state.outcome
        if outcome is not None:
            return outcome.returns[player]
        share = self.lean(state)
        verdict = limit_returns(self.game, state)[player]
        return (1.0 - share) * self.value(state, player) + share * verdict


def ends_by_rounds(game: ForwardModel[Any], value: ValueFunction) -> ValueFunction:
    """``value`` made aware of ``game``'s round limit (``EndingValue``); unchanged in a game
    without one."""
    if round_limit(game) is None:
        return value
    assert isinstance(game, Game)
    return EndingValue(game, value)


__all__ = ["HOLD", "EndingValue", "ends_by_rounds", "limit_returns", "round_limit",
           "rounds_left"]
