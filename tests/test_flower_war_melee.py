"""Flower War: charges and melee. A charge reaches an enemy within a move (M, or S across
uneven ground) plus one square; the charger moves next to it and both roll their melee
dice at once, hit the other's armour, save on 5+ and lose a figure per hit not saved.
Abilities before the roll change the dice, what they hit or save on; abilities after the
roll change the hits. Then both units take a fatigue and the one that lost more figures
(the charger on a tie) falls back up to 3 inches."""

from __future__ import annotations

import math

from flower_war_helpers import (
    AZTECS,
    TLAXCALTECS,
    act,
    arena,
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
JAGUARS, ARCHERS = 3, 4


def charge(*places: str, jaguars: dict[str, int] | None = None,
           archers: dict[str, int] | None = None, at: tuple[int, int] = (15, 4)):
    """The Jaguars (#3, from (10,4)) may charge the Tlaxcaltec Warriors (#4); the Aztecs
    rolled four dice, two uncommon and two common."""
    game = arena(*WARLORDS, ("jaguar_warriors", "aztecs", (10, 4), jaguars or {}),
                 ("tlaxcaltec_warriors", "tlaxcaltecs", at, archers or {}),
                 ("aztec_warriors", "aztecs", (2, 28)))
    s = orders(game, start(game), 0, 2, ["uncommon activate_elites", *places])
    return game, s


def test_a_charge_moves_next_to_the_target_and_both_sides_roll() -> None:
    """Eight Jaguar dice against armour 4, eight Warrior dice against armour 5."""
    game, s = charge()
    s = act(game, s, f"charge #{JAGUARS} target=#{ARCHERS}")
    assert math.dist(s.entity(JAGUARS).pos, (15, 4)) < 1.5
    assert named(s, "melee_started") == [{"attacker": JAGUARS, "defender": ARCHERS, "a_dice": 8,
                                          "d_dice": 8, "a_hit_on": 4, "d_hit_on": 5,
                                          "a_save_on": 5, "d_save_on": 5}]
    s = roll(game, s, 5, 2)          # Jaguars hit 5 times, the Warriors twice
    s = roll(game, s, 1, 1)          # the Warriors save 1 of 5, the Jaguars 1 of 2
    assert unit(s, ARCHERS, "figures") == 4 and unit(s, JAGUARS, "figures") == 3
    assert player(s, AZTECS, "slaughter") == 8 and player(s, TLAXCALTECS, "slaughter") == 3
    assert unit(s, JAGUARS, "fatigue") == 1 and unit(s, ARCHERS, "fatigue") == 1
    back = named(s, "fell_back")
    assert back and back[0]["unit"] == ARCHERS
    assert math.dist(s.entity(ARCHERS).pos, (15, 4)) <= 3
    assert math.dist(s.entity(ARCHERS).pos, s.entity(JAGUARS).pos) > 1.5


def test_on_equal_losses_the_charger_falls_back() -> None:
    """One figure each: the Jaguars give ground."""
    game, s = charge()
    s = roll(game, act(game, s, f"charge #{JAGUARS} target=#{ARCHERS}"), 1, 1, 0, 0)
    assert named(s, "fell_back")[0]["unit"] == JAGUARS


def test_a_target_beyond_reach_cannot_be_charged() -> None:
    """Eight inches away in the open is beyond a move and a square."""
    _game, s = charge(at=(18, 4))
    assert f"charge #{JAGUARS} target=#{ARCHERS}" not in options(s)


def test_uneven_ground_on_the_way_shortens_the_charge() -> None:
    """Six inches away across the fields is beyond S plus a square."""
    game = arena(*WARLORDS, ("jaguar_warriors", "aztecs", (12, 17)),
                 ("tlaxcaltec_warriors", "tlaxcaltecs", (18, 17)),
                 ("tlaxcaltec_levy", "tlaxcaltecs", (12, 22)))
    s = orders(game, start(game), 0, 1, ["uncommon activate_elites"])
    assert "charge #3 target=#4" not in options(s)
    assert "charge #3 target=#5" in options(s)


def test_attack_pool_and_obsidian_edge_before_the_roll() -> None:
    """Ten dice hitting on 3+ after the Aztecs use both abilities."""
    game, s = charge("common attack_pool", "uncommon obsidian_edge", "common obsidian_edge")
    s = act(game, s, f"charge #{JAGUARS} target=#{ARCHERS}")
    assert options(s) == ["attack_pool", "pass"]
    s = act(game, s, "attack_pool")
    assert options(s) == ["obsidian_edge", "pass"]
    s = act(game, s, "obsidian_edge")
    started = named(s, "melee_started")[0]
    assert started["a_dice"] == 10 and started["a_hit_on"] == 3
    assert [e["ability"] for e in named(s, "ability_used")] == ["attack_pool", "obsidian_edge"]
    assert s.decision.kind == "chance" and max(a.targets[0][1] for a in s.decision.actions) == 10


def test_fearsome_cry_tires_the_enemy_before_the_roll() -> None:
    """The Warriors take a fatigue, then one more after the melee."""
    game, s = charge("uncommon fearsome_cry")
    s = act(game, act(game, s, f"charge #{JAGUARS} target=#{ARCHERS}"), "fearsome_cry")
    assert unit(s, ARCHERS, "fatigue") == 1
    assert options(s) == ["weary_arms", "pass"], "the new fatigue can be spent at once"
    s = roll(game, act(game, s, "pass"), 0, 0, 0, 0)
    assert unit(s, ARCHERS, "fatigue") == 2


def test_take_captives_after_the_roll_doubles_the_points() -> None:
    """Two Warriors removed score eight points instead of four."""
    game = arena(*WARLORDS, ("jaguar_warriors", "aztecs", (10, 4)),
                 ("tlaxcaltec_warriors", "tlaxcaltecs", (15, 4)))
    s = orders(game, start(game), 1, 1, ["uncommon activate_elites", "rare take_captives"])
    s = roll(game, act(game, s, f"charge #{JAGUARS} target=#{ARCHERS}"), 2, 0)
    assert options(s) == ["take_captives", "pass"]
    s = roll(game, act(game, s, "take_captives"), 0, 0)
    assert unit(s, ARCHERS, "figures") == 6 and player(s, AZTECS, "slaughter") == 8


def test_show_of_strength_after_the_roll_cancels_two_hits() -> None:
    """The Tlaxcaltecs, charged, cancel two of the Jaguars' three hits."""
    game = arena(*WARLORDS, ("jaguar_warriors", "aztecs", (10, 4)),
                 ("tlaxcaltec_warriors", "tlaxcaltecs", (15, 4)))
    s = pass_turn(game, start(game))
    s = orders(game, s, 0, 1, ["uncommon show_of_strength"])
    s = act(game, s, "end_turn")
    s = orders(game, s, 0, 1, ["uncommon activate_elites"])
    s = roll(game, act(game, s, f"charge #{JAGUARS} target=#{ARCHERS}"), 3, 0)
    assert s.decision.player == TLAXCALTECS and options(s) == ["show_of_strength", "pass"]
    s = act(game, s, "show_of_strength")
    assert named(s, "melee_rolled")[0]["a_hits"] == 1
    s = roll(game, s, 0, 0)
    assert unit(s, ARCHERS, "figures") == 7


def test_shoulder_to_shoulder_saves_on_4_plus() -> None:
    """The charged Tlaxcaltecs save on 4+: the save roll is binomial with p = 1/2."""
    game = arena(*WARLORDS, ("jaguar_warriors", "aztecs", (10, 4)),
                 ("tlaxcaltec_warriors", "tlaxcaltecs", (15, 4)))
    s = pass_turn(game, start(game))
    s = act(game, orders(game, s, 0, 0, ["common shoulder_to_shoulder"]), "end_turn")
    s = orders(game, s, 0, 1, ["uncommon activate_elites"])
    s = act(game, s, f"charge #{JAGUARS} target=#{ARCHERS}")
    s = act(game, s, "shoulder_to_shoulder")
    assert named(s, "melee_started")[0]["d_save_on"] == 4
    s = roll(game, s, 2, 0)
    w = s.decision.weights
    assert w is not None and [x / sum(w) for x in w] == [0.25, 0.5, 0.25]
