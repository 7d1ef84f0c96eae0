"""Outcomes that merge: a draw from a table zone is one outcome per kind of card, weighted
by how many there are, so a re-deal of a sixteen-card deck is hundreds of outcomes, not
thousands."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from card_helpers import letters, random_game
from stratagem.engine import State, dumps, loads
from stratagem.rules import load_rules

REDEAL = Path(__file__).parent / "card_games" / "redeal.yaml"
DECK = {"guard": 5, "priest": 2, "baron": 2, "handmaid": 2, "prince": 2, "king": 1,
        "countess": 1, "princess": 1}


def _dealt(s: State) -> tuple[str, str, str]:
    (burned,) = s.cards.table["burned"]
    (north,), (south,) = (s.players[p].zones["hand"] for p in (0, 1))
    return s.entity(burned).type, s.entity(north).type, s.entity(south).type


def test_drawing_one_of_equal_cards_is_one_outcome() -> None:
    """Playing a card hands the turn on, and the next player draws from the deck: one
    outcome per kind of card left in it, with probability count / deck size."""
    game = letters(2)
    s, action = next((s, a) for seed in range(50) for s in [game.new_state(seed=seed)]
                     for a in game.legal_actions(s) if a.type in ("play_priest", "play_card"))
    deck = Counter(s.entity(c).type for c in s.cards.table["deck"])
    results = game.outcomes(s, action)
    assert len(results) == len(deck) < sum(deck.values())
    n = sum(deck.values())
    for p, after in results:
        drawn = [c for c in after.players[1].zones["hand"] if c not in s.players[1].zones["hand"]]
        (card,) = drawn
        assert p == pytest.approx(deck[after.entity(card).type] / n)
    assert sum(p for p, _ in results) == pytest.approx(1.0)
    assert len({after for _, after in results}) == len(results)


def test_a_redeal_of_sixteen_cards_merges_to_one_outcome_per_distinct_deal() -> None:
    """Gathering, shuffling, burning one card and dealing one to each of two players has
    16 × 15 × 14 = 3360 ways, but only 442 distinct results (kinds of the burned card and
    the two hands, as many of each kind as the deck has); each has its exact probability."""
    game = load_rules(REDEAL)
    s = game.new_state(seed=2)
    redeal = next(a for a in game.legal_actions(s) if a.type == "redeal")
    results = game.outcomes(s, redeal)
    assert len(results) == 442
    assert sum(p for p, _ in results) == pytest.approx(1.0)
    deals = {_dealt(after): p for p, after in results}
    assert len(deals) == 442
    for (b, n, so), p in deals.items():
        left = dict(DECK)
        exact = Fraction(1)
        for i, kind in enumerate((b, n, so)):
            exact *= Fraction(left[kind], 16 - i)
            left[kind] -= 1
        assert p == pytest.approx(float(exact))
    assert sum(p for d, p in deals.items() if d[1] == "princess") == pytest.approx(1 / 16)


def test_the_sampled_game_takes_every_draw_from_the_same_distribution() -> None:
    """Playing with the state's own dice, the drawn kinds follow the deck's counts: over
    many re-deals north's card is a guard about 5 times in 16."""
    game = load_rules(REDEAL)
    guards = 0
    trials = 400
    for seed in range(trials):
        s = game.new_state(seed=seed)
        redeal = next(a for a in game.legal_actions(s) if a.type == "redeal")
        guards += _dealt(game.apply(s, redeal))[1] == "guard"
    assert abs(guards / trials - 5 / 16) < 0.08


def test_replays_of_merged_draws_reproduce_the_game() -> None:
    """The rolls a merged draw records replay it exactly, state for state."""
    game = letters(3)
    states = random_game(game, 9)
    last = states[-1]
    assert loads(game, dumps(last), check_history=True) == last
