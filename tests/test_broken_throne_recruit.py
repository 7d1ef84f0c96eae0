"""Broken Throne: buying units at the castle (scenario `trial_economy`).

Between its units' activations a side may buy a unit it can afford (knight,
spearman, archer, priestess, druid, necromancer or berserker, at the price in
its `hints: {cost}`) and place it on a free square around its castle. A unit
bought this turn acts from the next. Red's castle is at (0,0); red starts its
first turn with 25 gold.
"""

from __future__ import annotations

from broken_throne_helpers import RED, gold, options, param, play, start
from stratagem.engine import Pos


def test_only_affordable_units_on_free_squares_around_the_castle_are_offered() -> None:
    """25 gold buys a spearman (20) or an archer (25), on the three squares around (0,0)."""
    _, s = start("trial_economy")
    assert sorted(o for o in options(s) if o.startswith("recruit")) == sorted(
        f"recruit unit={unit} at=({x},{y})" for unit in ("spearman", "archer")
        for x, y in ((1, 0), (0, 1), (1, 1)))


def test_buying_pays_the_price_and_places_a_spent_unit() -> None:
    game, s = start("trial_economy")
    s = play(game, s, "recruit unit=spearman at=(1,1)")
    assert gold(s, RED) == 5
    new = s.occupant(Pos(1, 1))
    assert new is not None and new.type == "spearman" and new.owner == RED
    assert new["hp"] == 14 and param(s, new.id, "acted") == 1
    assert f"select #{new.id}" not in options(s)
    assert not [o for o in options(s) if o.startswith("recruit")]  # 5 gold buys nothing
    s = play(game, s, "end_turn", "end_turn")
    assert f"select #{new.id}" in options(s)


def test_no_buying_while_a_unit_is_selected() -> None:
    game, s = start("trial_economy")
    s = play(game, s, "select #1")
    assert not [o for o in options(s) if o.startswith("recruit")]
    s = play(game, s, "hold #1")
    assert [o for o in options(s) if o.startswith("recruit")]


def test_an_occupied_square_is_not_offered() -> None:
    """With (1,0) taken by the first recruit, the second can only go to (0,1) or (1,1)."""
    game, s = start("trial_economy")
    s = play(game, s, "recruit unit=spearman at=(1,0)")
    while gold(s, RED) < 20:  # 5 left, and 5 a turn
        s = play(game, s, "end_turn", "end_turn")
    assert gold(s, RED) == 20 and s.round == 4
    spots = {o.split("at=")[1] for o in options(s) if o.startswith("recruit")}
    assert spots == {"(0,1)", "(1,1)"}


def test_recruit_costs_come_from_the_value_hints() -> None:
    """The price the rules charge is the `cost` hint the AIs value units by."""
    game, _ = start("trial_economy")
    prices = {name: et.hints["cost"] for name, et in game.entity_types.items()}
    assert prices == {"knight": 35, "spearman": 20, "archer": 25, "priestess": 30, "druid": 30,
                      "necromancer": 40, "berserker": 30, "zombie": 5}
