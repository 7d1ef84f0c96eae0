"""`display: hide` of a keyed parameter: by its name (`memo`, every key) or by one key
(`memo[0]`); either keeps the values off every screen (the chess writer's finding 2: the
name was refused, and a key was accepted and hid nothing)."""

from __future__ import annotations

from pathlib import Path

import pytest

from stratagem.agents.human import written_places
from stratagem.rules import compile_text

HIDE = (Path(__file__).parent / "outsider" / "chess" / "repro"
        / "02_hide_state_param.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize("hide", ['[bookkeeping, "memo[0]", "memo[1]"]', "[bookkeeping, memo]"])
def test_a_hidden_keyed_parameter_is_shown_nowhere(hide: str) -> None:
    text = HIDE.replace('[bookkeeping, "memo[0]", "memo[1]"]', hide)
    game = compile_text(text)
    state = game.new_state(0)
    state = game.apply(state, game.parse_action(state, "tick"))
    assert state.counters["state:memo[0]"] == 7
    assert written_places(game, state) == ["game: shown 1"]


def test_hiding_one_key_keeps_the_others() -> None:
    game = compile_text(HIDE.replace('[bookkeeping, "memo[0]", "memo[1]"]', '["memo[1]"]'))
    state = game.new_state(0)
    state = game.apply(state, game.parse_action(state, "tick"))
    assert written_places(game, state) == ["game: bookkeeping 1, memo[0] 7, shown 1"]
