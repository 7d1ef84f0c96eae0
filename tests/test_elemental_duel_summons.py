"""Elemental Duel: summons that strike at the end of each round while their usages last,
and statuses with usages that shield or boost."""

from __future__ import annotations

from elemental_helpers import (
    RED,
    act,
    duel,
    hp,
    named,
    next_round,
    start,
    statuses,
)
from stratagem.engine import State

TIDE = ("tide_caller", "ember_knight", "storm_blade")


def summons(s: State, player: int) -> list[tuple[str, int]]:
    return [(s.entity(e).type, s.entity(e)["usages"]) for e in s.zone(player, "summons")]


def test_a_summon_strikes_at_the_end_of_each_round_and_leaves_when_its_usages_run_out() -> None:
    """The Tide Spirit (2 usages) deals 1 hydro to blue's active character at the end of
    the round it was summoned and the next, then is gone."""
    game = duel(red=TIDE)
    s = act(game, start(game), "skill #1 pay1=omni pay2=omni pay3=omni")
    assert summons(s, RED) == [("tide_spirit", 2)]
    assert named(s, "summoned") == [{"who": "red", "summon": s.zone(RED, "summons")[0]}]
    assert hp(s, 4) == 9                       # the skill's own 1 hydro
    s = next_round(game, s)
    assert hp(s, 4) == 8 and summons(s, RED) == [("tide_spirit", 1)]
    s = next_round(game, s)
    assert hp(s, 4) == 7 and summons(s, RED) == []
    s = next_round(game, s)
    assert hp(s, 4) == 7                       # nothing strikes any more


def test_summoning_again_refreshes_the_usages_instead_of_adding_a_second_one() -> None:
    """A second cast while the spirit is out resets it to 2 usages."""
    game = duel(red=TIDE)
    s = act(game, start(game), "skill #1 pay1=omni pay2=omni pay3=omni")
    s = next_round(game, s)
    assert summons(s, RED) == [("tide_spirit", 1)]
    s = act(game, s, "end_round")        # blue ended first last round, so blue acts first
    s = act(game, s, "skill #1 pay1=omni pay2=omni pay3=omni")
    assert summons(s, RED) == [("tide_spirit", 2)]


def test_a_burst_can_summon_too_with_its_own_usages() -> None:
    """The frost archer's burst (at full energy) summons a Frost Totem of 3 usages."""
    game = duel(red=(("frost_archer", {"energy": 2}),), blue=("ember_knight",))
    s = act(game, start(game), "burst #1 pay1=omni pay2=omni pay3=omni")
    assert summons(s, RED) == [("frost_totem", 3)]
    assert s.entity(1)["energy"] == 0
    s = next_round(game, s)
    assert summons(s, RED) == [("frost_totem", 2)]
    assert hp(s, 2) == 10 - 1 - 1


def test_a_shield_takes_one_off_each_hit_for_two_hits() -> None:
    """Stone Ward: the shield lowers two hits by 1 each, then expires."""
    game = duel(blue_hand=["stone_ward"])
    s = start(game)
    s = act(game, s, "end_round")                         # red ends, blue shields itself
    s = act(game, s, "play_stone_ward pay1=omni")
    assert statuses(s, 4)["shielded"] == 2
    s = act(game, s, "end_round")
    s = next_round(game, s)                               # blue ended last: red first
    s = act(game, s, "attack #1 pay1=omni pay2=omni pay3=omni")
    assert hp(s, 4) == 10 - 1 and statuses(s, 4)["shielded"] == 1
    s = act(game, s, "end_round")                         # blue ends; red acts alone
    s = act(game, s, "attack #1 pay1=omni pay2=omni pay3=omni")
    assert hp(s, 4) == 9 - 1 and "shielded" not in statuses(s, 4)
    s = act(game, s, "end_round")
    s = next_round(game, s)                               # blue ended first: blue first
    s = act(game, s, "end_round")
    s = act(game, s, "attack #1 pay1=omni pay2=omni pay3=omni")
    assert hp(s, 4) == 8 - 2                              # unshielded now



def test_a_boost_adds_one_to_the_next_hit_and_is_spent() -> None:
    """Spiced Skewer: the next attack deals 1 more; the one after does not."""
    game = duel(red_hand=["spiced_skewer"])
    s = act(game, start(game), "play_spiced_skewer to=#1 pay1=omni")
    assert statuses(s, 1)["empowered"] == 1
    s = act(game, s, "attack #1 pay1=omni pay2=omni pay3=omni")
    assert hp(s, 4) == 10 - 3 and "empowered" not in statuses(s, 1)
    s = act(game, s, "end_round")                         # blue ends; red attacks again
    s = act(game, s, "attack #1 pay1=omni pay2=omni pay3=omni")
    assert hp(s, 4) == 7 - 2


def test_a_skill_boost_of_two_usages_lasts_two_hits() -> None:
    """The flame warden's skill deals 2 and empowers it for its next two hits."""
    game = duel(red=("flame_warden",), blue=("tide_caller", "spark_mage"))
    s = act(game, start(game), "skill #1 pay1=omni pay2=omni pay3=omni")
    assert hp(s, 2) == 8 and statuses(s, 1)["empowered"] == 2
    s = act(game, s, "end_round")
    assert s.decision is not None and s.decision.player == RED
    s = act(game, s, "attack #1 pay1=omni pay2=omni pay3=omni")
    assert hp(s, 2) == 8 - 3 and statuses(s, 1)["empowered"] == 1
    assert dict(s.entity(2).params)["aura"] == 1          # the skill's pyro; attacks leave none
