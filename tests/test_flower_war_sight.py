"""Flower War: line of sight and cover. A unit cannot shoot at an enemy with a woods square
strictly between them; a target standing in uneven ground or woods counts one more armour
against shooting."""

from __future__ import annotations

from flower_war_helpers import act, arena, named, options, orders, pass_turn, roll, start

WARLORDS = (("aztec_warlord", "aztecs", (2, 34)), ("tlaxcaltec_warlord", "tlaxcaltecs", (44, 34)))


def shots(state, eid: int) -> set[int]:
    return {a.target("target") for a in state.decision.actions
            if a.type == "shoot" and a.actor == eid}


def tlaxcaltec_orders(game, *places: str):
    s = pass_turn(game, start(game))
    return orders(game, s, 0, 0, list(places))


def test_woods_between_block_the_shot() -> None:
    """The archers at (23,4) cannot see the Warriors at (23,10) through the woods, but can see
    the Levy at (28,4) in the open."""
    game = arena(*WARLORDS, ("tlaxcaltec_warriors", "tlaxcaltecs", (23, 4)),
                 ("aztec_warriors", "aztecs", (23, 10)), ("aztec_levy", "aztecs", (28, 4)))
    s = tlaxcaltec_orders(game, "common activate_warriors")
    assert shots(s, 3) == {5}


def test_a_unit_out_of_range_cannot_be_shot() -> None:
    """Range M: seven inches is too far."""
    game = arena(*WARLORDS, ("tlaxcaltec_warriors", "tlaxcaltecs", (10, 4)),
                 ("aztec_warriors", "aztecs", (17, 4)), ("aztec_levy", "aztecs", (10, 10)))
    s = tlaxcaltec_orders(game, "common activate_warriors")
    assert shots(s, 3) == {5}


def test_a_target_in_uneven_ground_is_hit_one_higher() -> None:
    """Warriors (armour 4) in the fields are hit on 5+; Levy (armour 3) in the open on 3+."""
    game = arena(*WARLORDS, ("tlaxcaltec_warriors", "tlaxcaltecs", (12, 18)),
                 ("aztec_warriors", "aztecs", (16, 18)), ("aztec_levy", "aztecs", (12, 13)))
    s = tlaxcaltec_orders(game, "common activate_warriors", "common activate_warriors")
    assert "shoot #3 target=#4" in options(s)
    s = roll(game, act(game, s, "shoot #3 target=#4"), 0, 0)
    assert named(s, "volley_rolled")[-1]["hit_on"] == 5
    s = act(game, s, "shoot #3 target=#5")
    assert options(s) == ["weary_aim", "pass"], "the second shot tired the archers"
    s = roll(game, act(game, s, "pass"), 0, 0)
    assert named(s, "volley_rolled")[-1]["hit_on"] == 3
