"""Elemental Duel: auras and the six elemental reactions.

Elemental damage on a character without an aura leaves that element as its aura;
a different element meeting the aura reacts, clears it and adds its effect. Red's
first character attacks blue's active frost archer (#4), whose aura each test sets.
"""

from __future__ import annotations

import pytest

from elemental_helpers import (
    BLUE,
    RED,
    act,
    active,
    duel,
    hp,
    named,
    options,
    roll,
    start,
    statuses,
)
from stratagem.engine import Game, IllegalActionError, State, parse_action

PYRO, HYDRO, CRYO, ELECTRO = 1, 2, 3, 4


def blue(aura: int) -> tuple[tuple[str, dict[str, int]], str, str]:
    return (("frost_archer", {"aura": aura}), "spark_mage", "flame_warden")


def skill(first: str, aura: int, **params: int) -> tuple[Game, State]:
    """The state after red's ``first`` character casts its skill on #4 with that aura."""
    game = duel(red=((first, params), "tide_caller", "storm_blade"), blue=blue(aura))
    s = start(game)
    return game, act(game, s, "skill #1 pay1=omni pay2=omni pay3=omni")


def test_elemental_damage_leaves_an_aura_and_physical_damage_does_not() -> None:
    """A pyro skill on a clean target leaves pyro; an attack (physical) leaves no aura."""
    _, s = skill("ember_knight", 0)
    assert s.entity(4)["aura"] == PYRO and hp(s, 4) == 7
    assert named(s, "reacted") == []
    game = duel(blue=blue(0))
    s = act(game, start(game), "attack #1 pay1=omni pay2=omni pay3=omni")
    assert s.entity(4)["aura"] == 0 and hp(s, 4) == 8


def test_the_same_element_again_does_not_react() -> None:
    """Pyro on a pyro aura deals plain damage and the aura stays."""
    _, s = skill("ember_knight", PYRO)
    assert hp(s, 4) == 7 and s.entity(4)["aura"] == PYRO
    assert named(s, "reacted") == []


@pytest.mark.parametrize(("first", "aura", "reaction", "damage"), [
    ("ember_knight", HYDRO, "Steam", 3 + 2),
    ("ember_knight", CRYO, "Thaw", 3 + 2),
    ("tide_caller", PYRO, "Steam", 1 + 2),
    ("storm_blade", CRYO, "Brittle", 2 + 1),
])
def test_a_reaction_adds_its_bonus_damage_and_clears_the_aura(first: str, aura: int,
                                                              reaction: str, damage: int) -> None:
    """Steam and Thaw add 2 damage, Brittle 1; either way the aura is used up."""
    _, s = skill(first, aura)
    assert named(s, "reacted") == [{"target": 4, "reaction": reaction, "on": "frost_archer"}]
    assert hp(s, 4) == 10 - damage
    assert s.entity(4)["aura"] == 0


def test_blast_forces_the_target_out_to_the_next_character() -> None:
    """Pyro on electro (Blast): 2 more damage, and blue's next character (#5) steps in."""
    _, s = skill("ember_knight", ELECTRO)
    assert named(s, "reacted") == [{"target": 4, "reaction": "Blast", "on": "frost_archer"}]
    assert hp(s, 4) == 5
    assert active(s, BLUE) == 5
    assert named(s, "forced_switch") == [{"from": 4, "to": 5, "out": "frost_archer",
                                          "in": "spark_mage"}]
    # The switch is forced: blue's turn comes with #5 in front, and #4 attacks no more.
    assert s.decision is not None and s.decision.player == BLUE
    assert options(s, "attack")[0].startswith("attack #5")


def test_blast_on_the_last_character_standing_switches_no_one() -> None:
    """With no other character left, Blast only adds its damage."""
    game = duel(blue=(("frost_archer", {"aura": ELECTRO}),))
    s = act(game, start(game), "skill #1 pay1=omni pay2=omni pay3=omni")
    assert hp(s, 4) == 5 and active(s, BLUE) == 4
    assert named(s, "forced_switch") == []


def test_freeze_stops_the_target_from_fighting_until_the_round_ends() -> None:
    """Hydro on cryo (Freeze): 1 more damage and the target is frozen: on blue's turn it can
    neither attack nor cast, though blue may still switch or end the round."""
    game, s = skill("tide_caller", CRYO)
    assert named(s, "reacted") == [{"target": 4, "reaction": "Freeze", "on": "frost_archer"}]
    assert hp(s, 4) == 10 - 2
    assert "frozen" in statuses(s, 4)
    assert s.decision is not None and s.decision.player == BLUE
    assert options(s, "attack") == [] and options(s, "skill") == []
    assert options(s, "switch") and options(s, "end_round") == ["end_round"]
    with pytest.raises(IllegalActionError, match="is not frozen"):
        game.apply(s, parse_action("attack #4 pay1=omni pay2=omni pay3=omni"))


@pytest.mark.parametrize(("first", "aura", "reaction"), [
    ("storm_blade", HYDRO, "Conduct"),
    ("storm_blade", CRYO, "Brittle"),
])
def test_conduct_and_brittle_pierce_every_standby_character(first: str, aura: int,
                                                            reaction: str) -> None:
    """Electro on hydro (Conduct) or cryo (Brittle): 1 more damage to the target and 1
    piercing damage to each of its side's standby characters, shields or not."""
    game = duel(red=("storm_blade", "tide_caller", "ember_knight"),
                blue=(("frost_archer", {"aura": aura}), "spark_mage", "flame_warden"),
                blue_hand=["stone_ward"])
    s = start(game)
    s = act(game, s, "end_round")            # red ends; blue shields #4 and switches to #5
    s = act(game, s, "play_stone_ward pay1=omni")
    assert "shielded" in statuses(s, 4)
    s = act(game, s, "end_round")            # round 2: blue ended last, so red acts first
    s = roll(game, s, *[5] * 16)
    s = act(game, act(game, s, "reroll"), "reroll")
    assert s.decision is not None and s.decision.player == RED
    s = act(game, s, "skill #1 pay1=omni pay2=omni pay3=omni")
    assert named(s, "reacted")[-1] == {"target": 4, "reaction": reaction, "on": "frost_archer"}
    # The shield takes 1 off the skill's 2 + 1; the piercing damage ignores shields.
    assert hp(s, 4) == 10 - 2
    assert hp(s, 5) == 9 and hp(s, 6) == 9
    assert all(hp(s, e) == 10 for e in (1, 2, 3))  # red's side is untouched


def test_a_summon_s_element_reacts_like_a_skill_s() -> None:
    """The Tide Spirit's hydro at the end of the round meets a cryo aura: Freeze."""
    game = duel(red=("tide_caller", "ember_knight", "storm_blade"), blue=blue(CRYO))
    s = act(game, start(game), "skill #1 pay1=omni pay2=omni pay3=omni")   # Freeze at once
    assert "frozen" in statuses(s, 4) and s.entity(4)["aura"] == 0
    s = act(game, s, "end_round")
    s = act(game, s, "end_round")   # the spirit strikes: hydro on no aura leaves hydro
    assert s.entity(4)["aura"] == HYDRO and hp(s, 4) == 10 - 2 - 1
    assert "frozen" not in statuses(s, 4)   # frozen lasts until the round ends
