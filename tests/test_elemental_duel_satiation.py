"""Elemental Duel: food heals, and a satiated character eats no more until the round ends."""

from __future__ import annotations

import pytest

from elemental_helpers import RED, act, duel, hand, hp, next_round, options, start, statuses
from stratagem.engine import IllegalActionError, parse_action

HURT = (("ember_knight", {"hp": 4}), ("tide_caller", {"hp": 5}), "storm_blade")


def test_food_heals_and_leaves_the_eater_satiated() -> None:
    """A Berry Tart heals 2 and makes its eater satiated; it is a fast action."""
    game = duel(red=HURT, red_hand=["berry_tart", "berry_tart"])
    s = act(game, start(game), "play_berry_tart to=#1 pay1=omni")
    assert hp(s, 1) == 6 and "satiated" in statuses(s, 1)
    assert hand(s, RED) == ["berry_tart"]
    assert s.decision is not None and s.decision.player == RED


def test_a_satiated_character_is_not_offered_food_and_is_refused_it() -> None:
    """After eating, the eater is no longer a target of any food; the others still are."""
    game = duel(red=HURT, red_hand=["berry_tart", "hearty_stew", "spiced_skewer"])
    s = act(game, start(game), "play_berry_tart to=#1 pay1=omni")
    for food in ("play_hearty_stew", "play_spiced_skewer"):
        targets = {a.split()[1] for a in options(s, food)}
        assert targets == {"to=#2", "to=#3"}, food
    with pytest.raises(IllegalActionError, match="is not satiated"):
        game.apply(s, parse_action("play_hearty_stew to=#1 pay1=omni pay2=omni"))
    s = act(game, s, "play_hearty_stew to=#2 pay1=omni pay2=omni")
    assert hp(s, 2) == 8 and "satiated" in statuses(s, 2)


def test_satiation_ends_with_the_round() -> None:
    """The next round the character may eat again."""
    game = duel(red=HURT, red_hand=["berry_tart", "berry_tart"])
    s = act(game, start(game), "play_berry_tart to=#1 pay1=omni")
    s = next_round(game, s)
    assert game.describe_flow(s) == "round 2, action"
    assert "satiated" not in statuses(s, 1)
    assert "play_berry_tart to=#1 pay1=omni" in options(s, "play_berry_tart")
    s = act(game, s, "play_berry_tart to=#1 pay1=omni")
    assert hp(s, 1) == 8


def test_food_heals_no_higher_than_the_maximum() -> None:
    """A Hearty Stew on a character missing 1 HP brings it to 10, not 12."""
    game = duel(red=(("ember_knight", {"hp": 9}),), red_hand=["hearty_stew"])
    s = act(game, start(game), "play_hearty_stew to=#1 pay1=omni pay2=omni")
    assert hp(s, 1) == 10
