"""Flower War: the orders roll. A side rolls one die per die its units give (Warlord 2,
elites and Warriors 1 each, Levy none), at most six, less the dice still on its battle
board. A face of 1-3 reads common, 4-5 uncommon, 6 rare; each die rolled may be re-rolled
once before it is placed."""

from __future__ import annotations

from math import comb

from flower_war_helpers import (
    AZTECS,
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
    scenario,
    start,
)

SMALL = (("aztec_warlord", "aztecs", (4, 4)), ("jaguar_warriors", "aztecs", (4, 8)),
         ("aztec_levy", "aztecs", (4, 12)), ("tlaxcaltec_warlord", "tlaxcaltecs", (40, 30)))


def test_the_full_warband_rolls_six_dice_with_exact_symbol_odds() -> None:
    """Six dice: the rares are binomial(6, 1/6); the uncommons among the others binomial(n, 2/5)."""
    game = scenario()
    s = act(game, start(game), "roll_dice")
    assert chance_faces(s) == {k: comb(6, k) * 5 ** (6 - k) for k in range(7)}
    s = roll(game, s, 2)
    assert chance_faces(s) == {k: comb(4, k) * 2**k * 3 ** (4 - k) for k in range(5)}
    s = roll(game, s, 1)
    assert (player(s, AZTECS, "hand_common"), player(s, AZTECS, "hand_uncommon"),
            player(s, AZTECS, "hand_rare")) == (3, 1, 2)
    assert named(s, "dice_rolled")[-1] == {"side": "aztecs", "count": 6, "common": 3,
                                           "uncommon": 1, "rare": 2, "kept": 0}


def test_levy_give_no_dice_and_the_warlord_two() -> None:
    """A Warlord, one elite unit and a Levy unit roll three dice."""
    game = arena(*SMALL)
    s = act(game, start(game), "roll_dice")
    assert max(chance_faces(s)) == 3


def test_dice_left_on_the_board_are_not_rolled_again() -> None:
    """Two dice kept on an ability box: next turn the side rolls only the rest."""
    game = arena(*SMALL)
    s = orders(game, start(game), 0, 2, ["uncommon obsidian_edge", "uncommon obsidian_edge"])
    s = act(game, s, "end_turn")
    s = pass_turn(game, s)
    assert box(s, AZTECS, "obsidian_edge")["dice"] == 2
    s = act(game, s, "roll_dice")
    assert max(chance_faces(s)) == 1
    s = roll(game, s, 0, 0)
    assert named(s, "dice_rolled")[-1]["kept"] == 2


def test_each_die_may_be_rerolled_once() -> None:
    """A common die re-rolled to a 6 becomes a rare that cannot be re-rolled again."""
    game = arena(*SMALL)
    s = orders(game, start(game), 0, 0, end=False)
    assert options(s)[:1] == ["reroll symbol=common"]
    s = roll(game, act(game, s, "reroll symbol=common"), 6)
    assert player(s, AZTECS, "hand_rare") == 1 and player(s, AZTECS, "hand_common") == 2
    assert "reroll symbol=rare" not in options(s)
    assert named(s, "die_rerolled") == [{"side": "aztecs", "was": "common", "face": 6,
                                         "now": "rare"}]
    s = roll(game, act(game, s, "reroll symbol=common"), 2)
    s = roll(game, act(game, s, "reroll symbol=common"), 5)
    assert not any(o.startswith("reroll") for o in options(s)), "every die has been re-rolled"
    assert (player(s, AZTECS, "hand_common"), player(s, AZTECS, "hand_uncommon"),
            player(s, AZTECS, "hand_rare")) == (1, 1, 1)


def test_a_placed_die_leaves_the_fresh_ones_to_reroll() -> None:
    """Placing a die spends one already re-rolled before a fresh one."""
    game = arena(*SMALL)
    s = orders(game, start(game), 0, 0, end=False)
    s = roll(game, act(game, s, "reroll symbol=common"), 1)
    s = act(game, s, "place symbol=common box=activate_warlord")
    assert player(s, AZTECS, "fresh_common") == 2
    assert "reroll symbol=common" in options(s)


def test_the_roll_comes_before_placing_and_rerolling() -> None:
    """Before the roll a side may only pick up dice or roll."""
    game = arena(*SMALL)
    assert options(start(game)) == ["roll_dice"]
