"""``Game.playout``: random play on one private copy, equal to the same choices made by ``apply``."""

from __future__ import annotations

import pytest

import stratagem
from conftest import GAMES
from stratagem.engine import Game, Rng, State


def _by_apply(game: Game, state: State, rng: Rng, max_steps: int | None) -> State:
    """What ``playout`` must equal: the same draws, one ``apply`` each."""
    steps = 0
    while state.decision is not None and (max_steps is None or steps < max_steps):
        d = state.decision
        if d.weights is not None:
            roll = rng.below(sum(d.weights))
            i = 0
            while roll >= d.weights[i]:
                roll -= d.weights[i]
                i += 1
        else:
            i = rng.below(len(d.actions))
        state = game.apply(state, d.actions[i])
        steps += 1
    return state


def _same_position(game: Game, a: State, b: State) -> None:
    """Equal in everything but the history (a playout does not log its moves)."""
    assert a.decision == b.decision and a.outcome == b.outcome
    assert a.entities == b.entities and a.players == b.players and a.flow == b.flow
    assert a.rng == b.rng and a.stack == b.stack and a.memory == b.memory


@pytest.mark.parametrize("explicit", [False, True], ids=["sampled", "explicit"])
@pytest.mark.parametrize("name", GAMES)
def test_a_playout_reaches_the_state_apply_reaches(name: str, explicit: bool) -> None:
    game = stratagem.load(name)
    for seed in range(8):
        start = game.new_state(seed, explicit_chance=explicit)
        before = game.serialize(start)
        for max_steps in (None, 3):
            got = game.playout(start, Rng(seed), max_steps)
            want = _by_apply(game, start, Rng(seed), max_steps)
            _same_position(game, got, want)
        assert game.serialize(start) == before  # the input is untouched


def test_a_playout_counts_its_calls_and_stops_at_the_limit() -> None:
    game = stratagem.load("connect_four")
    start = game.new_state(0)
    calls = game.calls
    end = game.playout(start, Rng(1), max_calls=calls + 5)
    assert game.calls == calls + 5
    assert end.decision is not None and len(end.entities) == 5
