"""Shared helpers of the Broken Throne tests (tests/test_broken_throne_*.py).

Each test starts from one of the game's scenarios and injects actions by their
text form, the way a player types them: ``select #1``, ``move #1 to=(3,3)``,
``attack #1 target=#6``, ``end_turn``. The game has no dice, so every result is
exact.
"""

from __future__ import annotations

from typing import Any

import stratagem
from play_helpers import hp  # noqa: F401 (re-exported)
from stratagem.engine import Game, Pos, State

RED, BLUE = 0, 1


def start(scenario: str | None = None, seed: int = 0) -> tuple[Game, State]:
    """The game of a scenario (the default battle with ``None``) and its first state."""
    game = stratagem.load("broken_throne", scenario)
    return game, game.new_state(seed)


def play(game: Game, state: State, *texts: str) -> State:
    """Apply each action, given by its text form, in turn."""
    for text in texts:
        assert state.decision is not None, f"the game is over before {text!r}"
        state = game.apply(state, game.parse_action(state, text))
    return state


def options(state: State) -> list[str]:
    """The text forms of the options the state offers."""
    assert state.decision is not None, "the game is over"
    return [str(a) for a in state.decision.actions]


def param(state: State, eid: int, name: str) -> Any:
    return state.entity(eid)[name]


def gone(state: State, eid: int) -> bool:
    return not state.has_entity(eid)


def statuses(state: State, eid: int) -> dict[str, int | None]:
    """An entity's statuses, by name, with the uses (its side's turns) each has left."""
    return {st.name: st.usages for st in state.entity(eid).statuses}


def narration(game: Game, state: State) -> list[str]:
    """The narrated sentences of the last decision, as the CLI prints them."""
    return [game.narrate(state, name, dict(fields)) for name, fields in state.history[-1].events]


def gold(state: State, player: int) -> Any:
    return state.players[player].params["gold"]


def tile(state: State, x: int, y: int) -> str:
    return state.tile(Pos(x, y))
