"""An agent's reason names its next-best options as the game writes them: only the
sentence's own first letter changes, never the capitals of the option's text or its
`text_values` ("next best: bob faces North", not "bob faces north")
(tests/outsider/tiles, finding 8)."""

from __future__ import annotations

from pathlib import Path

import pytest

import stratagem
from stratagem.agents import make_agent

REPRO = Path(__file__).parent / "outsider" / "tiles" / "repro" / "02_reason_lowercases_text.yaml"


@pytest.mark.parametrize("code", ["osla", "mcts:calls=200"])
def test_next_best_keeps_the_texts_capitals(code: str) -> None:
    game = stratagem.load(REPRO)
    state = game.new_state(1)
    agent = make_agent(code, game, seed=1)
    choice = agent.choose(state, state.decision)
    said = f"{choice.rationale} {choice.private}"
    assert "next best" in said
    assert "faces North" in said or "faces East" in said, said
    assert "faces north" not in said and "faces east" not in said
