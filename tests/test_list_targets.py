"""A `value` target whose candidates are lists (which dice to keep, as the list of their
places) is offered as tuples: an action is hashed and compared, and a list in it stopped
the first move with an internal error ("unhashable type: 'list'") once there were more
than 16 options (tests/outsider/dice_sheet, finding 2)."""

from __future__ import annotations

from pathlib import Path

import stratagem
from stratagem.engine import Rng

REPRO = Path(__file__).parent / "outsider" / "dice_sheet" / "repro" / "02_list_valued_target.yaml"


def test_list_values_are_offered_read_and_written_back() -> None:
    game = stratagem.load(REPRO)
    state = game.new_state(1)
    options = game.legal_actions(state)
    assert len(options) == 40
    keep = dict(options[5].targets)["keep"]
    assert keep == (0, 1, 2, 3, 4)
    assert game.parse_action(state, str(options[5])) == options[5]
    rng = Rng(2)
    while state.outcome is None:
        options = game.legal_actions(state)
        state = game.apply(state, options[rng.below(len(options))])
    assert state.outcome.scores is not None


def test_a_game_of_list_values_plays_to_its_end() -> None:
    game = stratagem.load(REPRO)
    result = stratagem.play(game, ["random"], seed=3)
    assert result.outcome is not None
