"""A played step told in words: where the game is, who did what, the dice, what followed.

The CLI prints these with colour; the web page shows them as lines of its log.
Both tell a step the same way because both ask ``tell``.
"""

from __future__ import annotations

from collections import ChainMap
from dataclasses import dataclass
from typing import Any, cast

from ..engine import CHANCE, Action, Game, State


def who(game: Game, player: int) -> str:
    """The name of a seat, or ``chance``."""
    return "chance" if player == CHANCE else game.players[player]


class _Recent:
    """The state after a step that still shows the entities which left the game during it,
    so that a narration can name the creature that has just fallen."""

    __slots__ = ("_after", "entities")

    def __init__(self, before: State, after: State) -> None:
        self._after = after
        self.entities = ChainMap(after.entities, before.entities)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._after, name)


def narrated(game: Game, before: State, after: State, event: str, fields: Any) -> str:
    """The sentence for an event narrated in the step from ``before`` to ``after``."""
    return game.narrate(cast(State, _Recent(before, after)), event, dict(fields))


@dataclass(frozen=True)
class Step:
    """One decision of a game in words.

    ``where``: the flow before it (round, phase, whose turn); ``who``: the seat;
    ``line``: what it did; ``rolls``: the dice it produced; ``events``: the
    sentences of what followed, in order.
    """

    where: str
    who: str
    line: str
    rolls: tuple[int, ...]
    events: tuple[str, ...]


def tell(game: Game, before: State, player: int, action: Action, after: State) -> Step:
    """The step from ``before`` to ``after``, where ``player`` chose ``action``."""
    rec = after.history[-1]
    d = before.decision
    if d is not None and d.kind == "reaction":
        if action.type == "pass":
            line = "declines: " + ", ".join(
                f"{a.type} ({a.actor})" if a.actor is not None else a.type
                for a in d.actions if a.type != "pass")
        else:
            line = f"reacts: {action.type}" + (f" ({action.actor})" if action.actor is not None
                                               else "")
    else:
        line = game.describe_action(before, player, action)
    events = tuple(narrated(game, before, after, ev, fields) for ev, fields in rec.events)
    return Step(game.describe_flow(before), who(game, player), line, tuple(rec.rolls), events)


def result_line(game: Game, state: State) -> str:
    """The end of a finished game in one sentence."""
    o = state.outcome
    assert o is not None
    winners = " and ".join(game.players[p] for p in o.winners)
    verdict = "draw" if o.is_draw else f"won by {winners}"
    return f"Result: {verdict} — {o.reason} ({len(state.history)} decisions)"


__all__ = ["Step", "narrated", "result_line", "tell", "who"]
