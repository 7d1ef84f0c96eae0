"""Flower War: an elite unit within M (6") of its Warlord gets one free activation a turn,
paid with no die; Activation Pool grants any unit one more activation that needs no die."""

from __future__ import annotations

from flower_war_helpers import (
    AZTECS,
    TLAXCALTECS,
    act,
    arena,
    box,
    named,
    options,
    orders,
    pass_turn,
    start,
    unit,
)

NEAR = (("jaguar_warriors", "aztecs", (8, 4)), ("aztec_warlord", "aztecs", (4, 4)),
        ("aztec_warriors", "aztecs", (4, 12)), ("tlaxcaltec_warlord", "tlaxcaltecs", (40, 30)),
        ("zoomorphic_warriors", "tlaxcaltecs", (40, 20)))


def test_an_elite_near_its_warlord_activates_once_for_free() -> None:
    """No die on the elites' box, yet the Jaguars move once; the second move needs a die."""
    game = arena(*NEAR)
    s = orders(game, start(game), 0, 0)
    assert any(o.startswith("move #1 ") for o in options(s))
    s = act(game, s, "move #1 to=(10,4)")
    assert unit(s, 1, "free_used") == 1 and unit(s, 1, "fatigue") == 0
    assert named(s, "activated")[0]["paid"] == "free, near its Warlord,"
    assert not any(o.startswith("move #1 ") for o in options(s))


def test_the_free_activation_comes_first_and_dice_pay_the_rest() -> None:
    """With a die on the elites' box, the first activation is still the free one."""
    game = arena(*NEAR)
    s = orders(game, start(game), 0, 1, ["uncommon activate_elites"])
    s = act(game, s, "move #1 to=(10,4)")
    assert box(s, AZTECS, "activate_elites")["dice"] == 1
    s = act(game, s, "move #1 to=(10,6)")
    assert box(s, AZTECS, "activate_elites")["dice"] == 0 and unit(s, 1, "fatigue") == 1


def test_an_elite_far_from_its_warlord_pays_with_a_die() -> None:
    """Ten inches from the Warlord, the Jaguars have no free activation."""
    game = arena(("jaguar_warriors", "aztecs", (14, 4)), *NEAR[1:])
    s = orders(game, start(game), 0, 0)
    assert not any(o.startswith("move #1 ") for o in options(s))


def test_warriors_never_activate_for_free() -> None:
    """The free activation is the elites' alone."""
    game = arena(("aztec_warriors", "aztecs", (6, 4)), *NEAR[1:])
    s = orders(game, start(game), 0, 0)
    assert not any(o.startswith("move #1 ") for o in options(s))


def test_the_free_activation_returns_each_turn() -> None:
    """Next turn the elite may again activate without a die."""
    game = arena(*NEAR)
    s = act(game, orders(game, start(game), 0, 0), "move #1 to=(8,6)")
    s = pass_turn(game, act(game, s, "end_turn"))
    s = orders(game, s, 0, 0)
    assert any(o.startswith("move #1 ") for o in options(s))


def test_activation_pool_grants_an_activation_without_a_die() -> None:
    """A rare die on Activation Pool: the Zoomorphic Warriors, far from their Warlord and with
    no die on their box, then move once."""
    game = arena(*NEAR)
    s = pass_turn(game, start(game))
    s = orders(game, s, 1, 0, ["rare activation_pool"])
    assert not any(o.startswith("move #5 ") for o in options(s))
    s = act(game, s, "activation_pool unit=#5")
    assert box(s, TLAXCALTECS, "activation_pool")["dice"] == 0 and unit(s, 5, "bonus") == 1
    s = act(game, s, "move #5 to=(40,16)")
    assert named(s, "activated")[-1]["paid"] == "through the Activation Pool"
    assert unit(s, 5, "bonus") == 0
    assert not any(o.startswith("move #5 ") for o in options(s))
