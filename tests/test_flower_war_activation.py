"""Flower War: activations and fatigue. Each activation is paid with a die from the
activation box of the unit's class, the lowest symbol first. Every activation after a
unit's first in the same turn adds a fatigue, unless it is a rest; a rest takes one
off. At three fatigue a unit is exhausted and may only rest."""

from __future__ import annotations

from flower_war_helpers import (
    AZTECS,
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

WARRIORS = 1
UNITS = (("aztec_warriors", "aztecs", (4, 4)), ("aztec_warlord", "aztecs", (4, 20)),
         ("aztec_warriors", "aztecs", (4, 30)), ("tlaxcaltec_warlord", "tlaxcaltecs", (40, 30)))


def unit_options(state, eid: int) -> list[str]:
    return [o for o in options(state) if f" #{eid}" in o and not o.startswith("end")]


def test_a_unit_without_a_die_in_its_box_cannot_activate() -> None:
    """With every die on the Warlord's box, the Warriors are offered nothing."""
    game = arena(*UNITS)
    s = orders(game, start(game), 0, 0, ["common activate_warlord"] * 4)
    assert unit_options(s, WARRIORS) == []
    assert any(o.startswith("move #2 ") for o in options(s))


def test_activations_spend_the_lowest_symbol_first_and_tire_after_the_first() -> None:
    """Three activations of one unit: fatigue 0, 1, 2; the common die goes before the rare."""
    game = arena(*UNITS)
    s = orders(game, start(game), 1, 1, ["rare activate_warriors", "common activate_warriors",
                                         "uncommon activate_warriors"])
    s = act(game, s, "move #1 to=(6,4)")
    assert box(s, AZTECS, "activate_warriors") == {"common": 0, "uncommon": 1, "rare": 1,
                                                   "dice": 2, "need": 0, "least": 1}
    assert unit(s, WARRIORS, "fatigue") == 0 and unit(s, WARRIORS, "acts") == 1
    s = act(game, s, "move #1 to=(8,4)")
    assert unit(s, WARRIORS, "fatigue") == 1 and box(s, AZTECS, "activate_warriors")["rare"] == 1
    s = act(game, s, "move #1 to=(10,4)")
    assert unit(s, WARRIORS, "fatigue") == 2 and box(s, AZTECS, "activate_warriors")["dice"] == 0
    assert [e["fatigue"] for e in named(s, "activated")] == [0, 1, 2]
    assert named(s, "activated")[0] == {"unit": 1, "order": "move", "paid": "with a die",
                                        "number": 1, "fatigue": 0}


def test_a_rest_takes_a_fatigue_off_and_never_adds_one() -> None:
    """A tired unit's second activation, a rest, lowers its fatigue."""
    game = arena(("aztec_warriors", "aztecs", (4, 4), {"fatigue": 2}), *UNITS[1:])
    s = orders(game, start(game), 0, 0, ["common activate_warriors"] * 2)
    s = act(game, s, "move #1 to=(6,4)")
    assert unit(s, WARRIORS, "fatigue") == 2, "a first activation adds none"
    s = act(game, s, "rest #1")
    assert unit(s, WARRIORS, "fatigue") == 1


def test_an_exhausted_unit_may_only_rest() -> None:
    """At three fatigue the unit is offered only a rest."""
    game = arena(("aztec_warriors", "aztecs", (4, 4), {"fatigue": 3}), *UNITS[1:])
    s = orders(game, start(game), 0, 0, ["common activate_warriors"] * 2)
    assert unit_options(s, WARRIORS) == ["rest #1"]
    s = act(game, s, "rest #1")
    assert unit(s, WARRIORS, "fatigue") == 2
    assert any(o.startswith("move #1 ") for o in unit_options(s, WARRIORS))


def test_no_rest_without_fatigue() -> None:
    """A fresh unit is not offered a rest."""
    game = arena(*UNITS)
    s = orders(game, start(game), 0, 0, ["common activate_warriors"])
    assert "rest #1" not in options(s) and "rest #3" not in options(s)


def test_activations_count_afresh_each_turn() -> None:
    """A unit activated twice in one turn starts the next with its first activation free of
    fatigue."""
    game = arena(*UNITS)
    s = orders(game, start(game), 0, 0, ["common activate_warriors"] * 4)
    s = act(game, act(game, s, "move #1 to=(6,4)"), "move #1 to=(8,4)")
    assert unit(s, WARRIORS, "fatigue") == 1
    s = pass_turn(game, act(game, s, "end_turn"))
    s = orders(game, s, 0, 0)
    s = act(game, s, "move #1 to=(10,4)")
    assert unit(s, WARRIORS, "fatigue") == 1 and unit(s, WARRIORS, "acts") == 1
    assert box(s, AZTECS, "activate_warriors")["dice"] == 1, "the fourth die stayed on the box"
