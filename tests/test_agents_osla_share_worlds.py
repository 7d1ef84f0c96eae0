"""osla under a budget of calls too small for every option in every world: it values every
option in fewer worlds, and, with fewer calls than options, a seeded sample of them — not
the first ones the phase lists, which made it never value an accusation listed after 64
suggestions (tests/outsider/deduction, finding 6)."""

from __future__ import annotations

from pathlib import Path

import stratagem
from stratagem.agents import make_agent

REPRO = (Path(__file__).parent / "outsider" / "deduction" / "repro"
         / "05_osla_values_first_options_only.yaml")


def test_an_option_listed_last_is_found_under_a_short_budget() -> None:
    game = stratagem.load(REPRO)
    state = game.new_state(1)
    found = 0
    for seed in range(10):
        choice = make_agent("osla:calls=40", game, seed=seed).choose(state, state.decision)
        assert "of 61 valued" in choice.rationale, choice.rationale
        found += choice.action.type == "win_now"
    assert found >= 3  # 40 of 61 valued: about two times in three


def test_enough_calls_for_one_each_values_every_option() -> None:
    game = stratagem.load(REPRO)
    state = game.new_state(1)
    choice = make_agent("osla:calls=200", game, seed=1).choose(state, state.decision)
    assert choice.action.type == "win_now"
    assert "valued" not in choice.rationale
