"""A whole number reached through `/` is narrated without a decimal point, as `text()` and
the result line say it (Caravans' writer saw "earns 4.0 coins")."""

from __future__ import annotations

from pathlib import Path

import stratagem
from stratagem.arena.narration import tell

REPRO = Path(__file__).parent / "outsider" / "caravans" / "repro" / "narration_float.yaml"


def test_a_whole_number_from_a_division_reads_whole() -> None:
    game = stratagem.load(REPRO)
    state = game.new_state(0)
    action = state.decision.actions[0]
    after = game.apply(state, action)
    said = " ".join(tell(game, state, state.decision.player, action, after).events)
    assert "earns 4 coins (purse: 4, as text: 4)" in said
    assert "4.0" not in said


def test_an_empty_field_reads_none_not_pythons_none() -> None:
    """Provinces' writer saw "· None loses" for an emitted field left empty."""
    game = stratagem.load(Path(__file__).parent / "outsider" / "provinces" / "repro" /
                          "narrate_none.yaml")
    state = game.new_state(0)
    said = []
    while state.decision is not None and len(said) < 40:
        action = state.decision.actions[0]
        after = game.apply(state, action)
        said += tell(game, state, state.decision.player, action, after).events
        state = after
    assert said and not any("None" in s for s in said)
    assert any(s.startswith("none ") for s in said)
