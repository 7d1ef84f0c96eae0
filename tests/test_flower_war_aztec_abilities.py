"""Flower War: the Aztec abilities used in the activation phase (the melee ones are pinned
in test_flower_war_melee.py): Jaguar Pounce and War Drums."""

from __future__ import annotations

from flower_war_helpers import AZTECS, act, arena, box, options, orders, player, start, unit

WARLORDS = (("aztec_warlord", "aztecs", (10, 10)),
            ("tlaxcaltec_warlord", "tlaxcaltecs", (44, 34)))
JAGUARS, TARGET = 3, 4


def test_jaguar_pounce_lets_charges_reach_l() -> None:
    """The Jaguars charge Warriors eleven inches away once Jaguar Pounce is used."""
    game = arena(*WARLORDS, ("jaguar_warriors", "aztecs", (10, 6)),
                 ("tlaxcaltec_warriors", "tlaxcaltecs", (21, 6)))
    s = orders(game, start(game), 0, 2, ["uncommon jaguar_pounce"])
    assert f"charge #{JAGUARS} target=#{TARGET}" not in options(s)
    s = act(game, s, "jaguar_pounce")
    assert player(s, AZTECS, "long_charge") == 1 and box(s, AZTECS, "jaguar_pounce")["dice"] == 0
    assert f"charge #{JAGUARS} target=#{TARGET}" in options(s)
    assert "jaguar_pounce" not in options(s)


def test_war_drums_rest_every_unit_near_the_warlord() -> None:
    """Units within 12 inches of the Warlord lose a fatigue; one farther keeps it."""
    game = arena(*WARLORDS, ("jaguar_warriors", "aztecs", (10, 6), {"fatigue": 2}),
                 ("tlaxcaltec_warriors", "tlaxcaltecs", (40, 6), {"fatigue": 1}),
                 ("aztec_warriors", "aztecs", (30, 30), {"fatigue": 1}))
    s = orders(game, start(game), 0, 0, ["common war_drums"])
    s = act(game, s, "war_drums")
    assert unit(s, JAGUARS, "fatigue") == 1
    assert unit(s, 5, "fatigue") == 1, "too far from the Warlord"
    assert unit(s, TARGET, "fatigue") == 1, "an enemy unit"
