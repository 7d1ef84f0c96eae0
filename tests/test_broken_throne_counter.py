"""Broken Throne: strikes and counter-strikes (scenario `trial_counter`).

A strike deals the attacker's attack, minus the target's defence and cover,
never less than 1. A target that survives and has the attacker within its own
range strikes back once, with the same formula; a counter-strike is not an
attack (no combo star, no poison). The scene, red to move::

    #1 red knight (2,2)      next to  #6 blue spearman (3,2), in the forest
    #2 red archer (0,4)      2 from   #7 blue knight (2,4)
    #3 red archer (7,0)      2 from   #8 blue archer (5,0)
    #4 red spearman (6,3)    next to  #9 blue zombie (7,3), 1 HP
    #5 red zombie (6,4), 2 HP, next to #10 blue necromancer (5,5)
"""

from __future__ import annotations

from broken_throne_helpers import BLUE, gone, hp, narration, param, play, start, statuses
from stratagem.engine import Pos


def test_a_surviving_target_in_range_strikes_back() -> None:
    """Knight on spearman in the forest: 7 - 3 - 1 = 3; the spearman's pike answers 6 + 3 - 4 = 5."""
    game, s = start("trial_counter")
    s = play(game, s, "select #1", "attack #1 target=#6")
    assert hp(s, 6) == 11 and hp(s, 1) == 15
    assert narration(game, s) == [
        "spearman #6 takes 3 damage (11 HP left)",
        "spearman #6 now carries 1 combo star(s)",
        "spearman #6 strikes back",
        "knight #1 takes 5 damage (15 HP left)",
    ]
    assert param(s, 1, "stars") == 0  # a counter-strike is no attack: no star on the attacker


def test_a_target_out_of_its_own_range_cannot_strike_back() -> None:
    """The archer shoots the knight from 2 squares: 6 - 4 = 2, and a knight only reaches 1."""
    game, s = start("trial_counter")
    s = play(game, s, "select #2", "attack #2 target=#7")
    assert hp(s, 7) == 18 and hp(s, 2) == 10
    assert "knight #7 strikes back" not in narration(game, s)
    assert "poisoned" in statuses(s, 7)  # the archer's arrows poison what they hit


def test_ranged_units_duel_and_the_counter_strike_carries_no_poison() -> None:
    """Archer on archer at 2 squares: 6 - 1 = 5 each way; only the attack poisons."""
    game, s = start("trial_counter")
    s = play(game, s, "select #3", "attack #3 target=#8")
    assert hp(s, 8) == 5 and hp(s, 3) == 5
    assert "poisoned" in statuses(s, 8) and "poisoned" not in statuses(s, 3)


def test_a_killed_target_strikes_no_blow() -> None:
    """The spearman kills the 1-HP zombie: there is nothing left to strike back."""
    game, s = start("trial_counter")
    s = play(game, s, "select #4", "attack #4 target=#9")
    assert gone(s, 9) and hp(s, 4) == 14
    assert narration(game, s) == ["zombie #9 takes 6 damage (0 HP left)", "zombie #9 falls"]


def test_a_necromancer_that_kills_with_its_counter_strike_raises_a_zombie() -> None:
    """The zombie bites the necromancer (4 - 1 = 3); its answer (5) kills it, and it rises for blue."""
    game, s = start("trial_counter")
    s = play(game, s, "select #5", "attack #5 target=#10")
    assert hp(s, 10) == 9 and gone(s, 5)
    risen = s.occupant(Pos(6, 4))
    assert risen is not None and risen.type == "zombie" and risen.owner == BLUE
    assert risen["hp"] == 8 and risen["acted"] == 1  # a fresh zombie, spent for this turn
    assert narration(game, s)[-2:] == ["zombie #5 falls", "a zombie rises at (6,4)"]


def test_archers_cannot_strike_back_at_point_blank() -> None:
    """In the golden position the knight hits the adjacent archer (7 - 1 - 1 forest = 5) unanswered."""
    game, s = start("golden_combo")
    s = play(game, s, "select #1", "attack #1 target=#3")
    assert hp(s, 3) == 5 and hp(s, 1) == 20


def test_attacks_reach_only_between_the_minimum_and_maximum_range() -> None:
    """An archer (range 2 to 3) cannot shoot the unit next to it, a knight cannot reach 2 squares."""
    game, s = start("trial_counter")
    s = play(game, s, "select #1")
    assert [o for o in s.decision.actions if o.type == "attack"] == [
        game.parse_action(s, "attack #1 target=#6")]
    game, s = start("golden_combo")
    s = play(game, s, "select #2")  # the red archer: blue's archer at 2, blue's knight at 3
    targets = sorted(str(a) for a in s.decision.actions if a.type == "attack")
    assert targets == ["attack #2 target=#3", "attack #2 target=#4"]
