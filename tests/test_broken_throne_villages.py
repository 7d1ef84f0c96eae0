"""Broken Throne: villages and income (scenario `trial_economy`).

At the start of each of its turns a side collects 5 gold, plus 5 for each
village it holds. A unit that ends its move on a village that is not its
side's captures it. The scene, on the 8x6 field with red's castle at (0,0),
blue's at (7,5) and a village at (5,2)::

    #1 red knight (4,1)      #2 red spearman (6,4)
    #3 blue knight (6,2)     #4 blue archer (1,4)
"""

from __future__ import annotations

from broken_throne_helpers import BLUE, RED, gold, narration, play, start, tile


def test_each_side_starts_with_twenty_gold_and_collects_five_a_turn() -> None:
    game, s = start("trial_economy")
    assert gold(s, RED) == 25 and gold(s, BLUE) == 20  # red's first turn has begun
    s = play(game, s, "end_turn")
    assert gold(s, BLUE) == 25
    assert narration(game, s) == ["blue collects 5 gold (25 in the treasury)"]


def test_a_unit_ending_its_move_on_a_village_captures_it() -> None:
    game, s = start("trial_economy")
    assert tile(s, 5, 2) == "village"
    s = play(game, s, "select #1", "move #1 to=(5,2)")
    assert tile(s, 5, 2) == "red_village"
    assert narration(game, s) == ["red captures the village at (5,2)"]


def test_a_held_village_adds_five_to_its_sides_income() -> None:
    game, s = start("trial_economy")
    s = play(game, s, "select #1", "move #1 to=(5,2)", "hold #1", "end_turn", "end_turn")
    assert gold(s, RED) == 35
    assert narration(game, s) == ["red collects 10 gold (35 in the treasury)"]


def test_the_enemy_takes_a_village_back_by_standing_on_it() -> None:
    """Red leaves the village; blue's knight steps on it: now blue collects 10 and red 5."""
    game, s = start("trial_economy")
    s = play(game, s, "select #1", "move #1 to=(5,2)", "end_turn", "end_turn",
             "select #1", "move #1 to=(4,0)", "end_turn")
    s = play(game, s, "select #3", "move #3 to=(5,2)")
    assert tile(s, 5, 2) == "blue_village"
    assert narration(game, s) == ["blue captures the village at (5,2)"]
    red_before = gold(s, RED)
    s = play(game, s, "end_turn")
    assert gold(s, RED) == red_before + 5
    blue_before = gold(s, BLUE)
    s = play(game, s, "end_turn")
    assert gold(s, BLUE) == blue_before + 10


def test_returning_to_ones_own_village_captures_nothing() -> None:
    game, s = start("trial_economy")
    s = play(game, s, "select #1", "move #1 to=(5,2)", "end_turn", "end_turn",
             "select #1", "move #1 to=(4,2)", "end_turn", "end_turn",
             "select #1", "move #1 to=(5,2)")
    assert tile(s, 5, 2) == "red_village" and narration(game, s) == []
