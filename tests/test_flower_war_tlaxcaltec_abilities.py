"""Flower War: the Tlaxcaltec battle board, one test per ability (Harassing Fire has its own
file). Each ability is ready once its box holds the dice it needs, and using it empties
the box."""

from __future__ import annotations

from math import comb

from flower_war_helpers import (
    TLAXCALTECS,
    act,
    arena,
    box,
    chance_faces,
    named,
    options,
    orders,
    pass_turn,
    player,
    roll,
    start,
    unit,
)

WARLORDS = (("aztec_warlord", "aztecs", (2, 34)), ("tlaxcaltec_warlord", "tlaxcaltecs", (44, 34)))
ARCHERS, TARGET, ZOOMORPHS, OTHER_ARCHERS = 3, 4, 5, 6


def tlaxcaltecs(rares: int, uncommons: int, *places: str, target_at=(14, 4), **params):
    """The Tlaxcaltecs' first orders (five dice) with the archers #3 at (10,4), the Aztec
    Warriors #4, the Zoomorphic Warriors #5 and more archers #6 far away."""
    game = arena(*WARLORDS, ("tlaxcaltec_warriors", "tlaxcaltecs", (10, 4),
                             params.get("archers", {})),
                 ("aztec_warriors", "aztecs", target_at, params.get("target", {})),
                 ("zoomorphic_warriors", "tlaxcaltecs", (40, 20), params.get("zoomorphs", {})),
                 ("tlaxcaltec_warriors", "tlaxcaltecs", (40, 10), params.get("others", {})))
    s = pass_turn(game, start(game))
    return game, orders(game, s, rares, uncommons, list(places))


def shoot(game, s):
    return act(game, s, f"shoot #{ARCHERS} target=#{TARGET}")


def test_heavy_arrows_lower_the_armour_by_one() -> None:
    """Armour 4 is hit on 3+: the hits are binomial(4, 2/3)."""
    game, s = tlaxcaltecs(0, 0, "common heavy_arrows", "common heavy_arrows",
                          "common activate_warriors")
    s = shoot(game, s)
    assert options(s) == ["heavy_arrows", "pass"]
    s = act(game, s, "heavy_arrows")
    assert box(s, TLAXCALTECS, "heavy_arrows")["dice"] == 0
    assert chance_faces(s) == {k: comb(4, k) * 4**k * 2 ** (4 - k) for k in range(5)}


def test_eye_of_the_eagle_lets_the_target_save_only_on_6() -> None:
    """Three hits are saved with binomial(3, 1/6)."""
    game, s = tlaxcaltecs(0, 1, "uncommon eye_of_the_eagle", "common activate_warriors")
    s = act(game, shoot(game, s), "eye_of_the_eagle")
    s = roll(game, s, 3)
    assert chance_faces(s) == {k: comb(3, k) * 5 ** (3 - k) for k in range(4)}
    assert named(s, "volley_rolled")[0]["save_on"] == 6


def test_loose_arrows_shoot_with_no_die_and_no_fatigue() -> None:
    """The archers shoot twice: once activated, once by Loose Arrows!, and stay fresh."""
    game, s = tlaxcaltecs(0, 1, "uncommon loose_arrows", "common activate_warriors")
    s = roll(game, shoot(game, s), 0, 0)
    assert f"loose_arrows unit=#{ARCHERS} target=#{TARGET}" in options(s)
    assert not any(o.startswith(f"loose_arrows unit=#{ZOOMORPHS}") for o in options(s))
    s = act(game, s, f"loose_arrows unit=#{ARCHERS} target=#{TARGET}")
    assert max(chance_faces(s)) == 4
    s = roll(game, s, 0, 0)
    assert unit(s, ARCHERS, "fatigue") == 0 and unit(s, ARCHERS, "acts") == 1
    assert box(s, TLAXCALTECS, "loose_arrows")["dice"] == 0
    assert not any(o.startswith("loose_arrows") for o in options(s))


def test_activation_pool_gives_one_activation_without_a_die() -> None:
    """The far Zoomorphic Warriors, with no die on their box, move once."""
    game, s = tlaxcaltecs(1, 0, "rare activation_pool")
    s = act(game, s, f"activation_pool unit=#{ZOOMORPHS}")
    assert unit(s, ZOOMORPHS, "bonus") == 1
    s = act(game, s, f"move #{ZOOMORPHS} to=(40,24)")
    assert unit(s, ZOOMORPHS, "bonus") == 0


def test_attack_pool_adds_two_melee_dice() -> None:
    """Charging with the pool: ten dice for the four Zoomorphic Warriors."""
    game, s = tlaxcaltecs(0, 1, "common attack_pool", "uncommon activate_elites",
                          target_at=(36, 20))
    s = act(game, s, f"charge #{ZOOMORPHS} target=#{TARGET}")
    s = act(game, s, "attack_pool")
    assert named(s, "melee_started")[0]["a_dice"] == 10


def test_aimed_volley_rolls_the_misses_again() -> None:
    """One hit of four: the three misses are rolled again and two more hit."""
    game, s = tlaxcaltecs(0, 0, "common aimed_volley", "common aimed_volley",
                          "common activate_warriors")
    s = roll(game, shoot(game, s), 1)
    assert options(s) == ["aimed_volley", "pass"]
    s = act(game, s, "aimed_volley")
    assert max(chance_faces(s)) == 3
    s = roll(game, s, 2)
    assert named(s, "misses_rerolled") == [{"side": "tlaxcaltecs", "dice": 3, "more": 2}]
    assert named(s, "volley_rolled")[0]["hits"] == 3
    s = roll(game, s, 0)
    assert unit(s, TARGET, "figures") == 5


def test_massed_volley_lets_bows_reach_l_this_turn() -> None:
    """Ten inches away the Warriors are out of range until Massed Volley."""
    game, s = tlaxcaltecs(0, 2, "uncommon massed_volley", "uncommon massed_volley",
                          "common activate_warriors", target_at=(20, 4))
    assert f"shoot #{ARCHERS} target=#{TARGET}" not in options(s)
    s = act(game, s, "massed_volley")
    assert player(s, TLAXCALTECS, "long_range") == 1
    assert f"shoot #{ARCHERS} target=#{TARGET}" in options(s)
    s = act(game, s, "end_turn")
    assert player(s, TLAXCALTECS, "long_range") == 1
    s = pass_turn(game, s)
    assert player(s, TLAXCALTECS, "long_range") == 0, "it lasts the one turn"


def test_shoulder_to_shoulder_saves_on_4_in_melee() -> None:
    """The charging Zoomorphic Warriors save on 4+."""
    game, s = tlaxcaltecs(0, 1, "common shoulder_to_shoulder", "uncommon activate_elites",
                          target_at=(36, 20))
    s = act(game, act(game, s, f"charge #{ZOOMORPHS} target=#{TARGET}"), "shoulder_to_shoulder")
    assert named(s, "melee_started")[0]["a_save_on"] == 4


def test_shielded_volley_saves_on_4_when_shot_at() -> None:
    """The Aztec slingers shoot at the Tlaxcaltec archers, who save on 4+."""
    game = arena(*WARLORDS, ("tlaxcaltec_warriors", "tlaxcaltecs", (10, 4)),
                 ("aztec_levy", "aztecs", (14, 4)))
    s = pass_turn(game, start(game))
    s = act(game, orders(game, s, 0, 0, ["common shielded_volley"]), "end_turn")
    s = orders(game, s, 0, 0, ["common activate_levy"])
    s = act(game, s, f"shoot #{TARGET} target=#{ARCHERS}")
    assert s.decision.player == TLAXCALTECS and options(s) == ["shielded_volley", "pass"]
    s = roll(game, act(game, s, "shielded_volley"), 2)
    assert chance_faces(s) == {0: 9, 1: 18, 2: 9}, "two saves at one in two"


def test_common_efforts_rest_the_warriors_and_levy() -> None:
    """Both archer units lose a fatigue; the Zoomorphic Warriors keep theirs."""
    game, s = tlaxcaltecs(0, 0, "common common_efforts", archers={"fatigue": 2},
                          others={"fatigue": 1}, zoomorphs={"fatigue": 2})
    s = act(game, s, "common_efforts")
    assert unit(s, ARCHERS, "fatigue") == 1 and unit(s, OTHER_ARCHERS, "fatigue") == 0
    assert unit(s, ZOOMORPHS, "fatigue") == 2


def test_show_of_strength_cancels_two_hits_after_the_roll() -> None:
    """Charged by the Aztecs, the archers cancel two of three hits."""
    game, s = tlaxcaltecs(0, 1, "uncommon show_of_strength", target_at=(14, 4))
    s = act(game, s, "end_turn")
    s = orders(game, s, 0, 0, ["common activate_warriors"])
    s = roll(game, act(game, s, f"charge #{TARGET} target=#{ARCHERS}"), 3, 1)
    s = act(game, s, "show_of_strength")
    assert named(s, "melee_rolled")[0]["a_hits"] == 1
    assert named(s, "ability_used")[-1]["ability"] == "show_of_strength"


def test_an_ability_is_not_offered_until_its_box_is_full() -> None:
    """One die of the two Heavy Arrows needs: no reaction on the shot."""
    game, s = tlaxcaltecs(0, 0, "common heavy_arrows", "common activate_warriors")
    s = shoot(game, s)
    assert s.decision.kind == "chance"
