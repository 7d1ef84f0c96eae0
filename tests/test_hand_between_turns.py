"""A hand (`flow: hand:`) that ends between turns — its last cards turned up by a phase's
`on_end` — ends there: the next round's first turn is the new hand's first. Before, the
hand ended only once that turn had begun, so the first seat's turn was spent on it, the
second seat laid first and the seats fell out of step for the rest of the game
(tests/outsider/drafting, finding 3)."""

from __future__ import annotations

from pathlib import Path

import stratagem
from stratagem.engine import CHANCE

REPRO = (Path(__file__).parent / "outsider" / "drafting" / "repro"
         / "01_hand_ends_between_rounds.yaml")


def _played(seed: int) -> list[tuple[int, int]]:
    """(round, player) of every action decision of a random game."""
    game = stratagem.load(REPRO)
    state = game.new_state(seed)
    rng = stratagem.engine.Rng(seed)
    seen = []
    while state.outcome is None:
        d = state.decision
        assert d is not None
        if d.player != CHANCE:
            seen.append((state.flow.round, d.player))
        options = game.legal_actions(state)
        state = game.apply(state, options[rng.below(len(options))])
    return seen


def test_each_hand_is_played_in_one_round_both_seats_in_order() -> None:
    for seed in range(5):
        assert _played(seed) == [(1, 0), (1, 1), (2, 0), (2, 1), (3, 0), (3, 1)]


def test_the_game_ends_after_the_third_hand_with_every_card_laid_counted() -> None:
    game = stratagem.load(REPRO)
    state = game.new_state(1)
    while state.outcome is None:
        state = game.apply(state, game.legal_actions(state)[0])
    assert [p.params["plays"] for p in state.players] == [3, 3]
    assert state.outcome.reason == "three hands played"
