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
