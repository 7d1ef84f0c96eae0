"""Driving a game from a test: forced chance outcomes, actions by their text, options."""

from __future__ import annotations

from stratagem.engine import CHANCE, Action, Game, State


def roll(game: Game, state: State, *values: int) -> State:
    """Answer the pending chance decisions, one after the other, with these outcomes."""
    for value in values:
        d = state.decision
        assert d is not None and d.kind == "chance" and d.player == CHANCE, d
        state = game.apply(state, Action("roll", None, (("value", value),)))
    return state


def act(game: Game, state: State, text: str) -> State:
    """Apply the legal option with this text form."""
    return game.apply(state, game.parse_action(state, text))


def options(state: State) -> list[str]:
    """The text forms of the options of the state's decision."""
    d = state.decision
    assert d is not None, "the game is over"
    return [str(a) for a in d.actions]


def chance_faces(state: State) -> dict[int, int]:
    """The outcomes of the pending chance decision with their weights."""
    d = state.decision
    assert d is not None and d.kind == "chance" and d.weights is not None, d
    return {a.targets[0][1]: w for a, w in zip(d.actions, d.weights, strict=True)}
