"""Flower War: spending the enemy's fatigue. When an enemy unit with fatigue shoots at one
of your units (Weary Aim) or fights one of them in a melee (Weary Arms), you may take one
fatigue off it: its dice then hit one higher."""

from __future__ import annotations

from flower_war_helpers import (
    AZTECS,
    TLAXCALTECS,
    act,
    arena,
    named,
    options,
    orders,
    pass_turn,
    roll,
    start,
    unit,
)

WARLORDS = (("aztec_warlord", "aztecs", (2, 34)), ("tlaxcaltec_warlord", "tlaxcaltecs", (44, 34)))
ARCHERS, AZTEC_UNIT = 3, 4


def test_weary_aim_spends_the_shooters_fatigue_to_spoil_its_volley() -> None:
    """Archers with two fatigue shoot; the Aztecs take one off and the volley hits on 5+."""
    game = arena(*WARLORDS, ("tlaxcaltec_warriors", "tlaxcaltecs", (10, 4), {"fatigue": 2}),
                 ("aztec_warriors", "aztecs", (14, 4)))
    s = pass_turn(game, start(game))
    s = orders(game, s, 0, 0, ["common activate_warriors"])
    s = act(game, s, f"shoot #{ARCHERS} target=#{AZTEC_UNIT}")
    assert s.decision.player == AZTECS and options(s) == ["weary_aim", "pass"]
    s = act(game, s, "weary_aim")
    assert unit(s, ARCHERS, "fatigue") == 1
    assert named(s, "fatigue_spent") == [{"side": "aztecs", "unit": ARCHERS,
                                          "effect": "its volley hits one higher"}]
    s = roll(game, s, 0, 0)
    assert named(s, "volley_rolled")[0]["hit_on"] == 5


def test_weary_aim_is_not_offered_against_a_fresh_shooter() -> None:
    """No fatigue on the archers: nothing to spend."""
    game = arena(*WARLORDS, ("tlaxcaltec_warriors", "tlaxcaltecs", (10, 4)),
                 ("aztec_warriors", "aztecs", (14, 4)))
    s = pass_turn(game, start(game))
    s = orders(game, s, 0, 0, ["common activate_warriors"])
    s = act(game, s, f"shoot #{ARCHERS} target=#{AZTEC_UNIT}")
    assert s.decision.kind == "chance"


def test_weary_arms_works_for_the_charged_side() -> None:
    """Aztec Warriors with a fatigue charge; the Tlaxcaltecs spend it: hits on 5+ not 4+."""
    game = arena(*WARLORDS, ("tlaxcaltec_warriors", "tlaxcaltecs", (15, 4)),
                 ("aztec_warriors", "aztecs", (10, 4), {"fatigue": 1}))
    s = orders(game, start(game), 0, 0, ["common activate_warriors"])
    s = act(game, s, f"charge #{AZTEC_UNIT} target=#{ARCHERS}")
    assert s.decision.player == TLAXCALTECS and options(s) == ["weary_arms", "pass"]
    s = act(game, s, "weary_arms")
    assert unit(s, AZTEC_UNIT, "fatigue") == 0
    assert named(s, "melee_started")[0]["a_hit_on"] == 5


def test_weary_arms_works_for_the_charging_side() -> None:
    """Charging tired archers, the Aztecs spend their fatigue: the archers hit on 5+."""
    game = arena(*WARLORDS, ("tlaxcaltec_warriors", "tlaxcaltecs", (15, 4), {"fatigue": 2}),
                 ("aztec_warriors", "aztecs", (10, 4)))
    s = orders(game, start(game), 0, 0, ["common activate_warriors"])
    s = act(game, s, f"charge #{AZTEC_UNIT} target=#{ARCHERS}")
    assert s.decision.player == AZTECS and options(s) == ["weary_arms", "pass"]
    s = act(game, s, "weary_arms")
    assert unit(s, ARCHERS, "fatigue") == 1
    assert named(s, "melee_started")[0]["d_hit_on"] == 5
